import type { paymentFlagLabels } from '@gi/contracts';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { orders, paymentNotifications, payments } from '../db/schema.ts';
import type { ShopGatewayPaymentData } from '../email/templates/shop-gateway-payment.ts';
import type { Env } from '../env.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { recordFailure, recordSuccess } from '../lib/incidents.ts';
import { queueEmail } from '../lib/outbox.ts';
import { confirmPayment } from '../orders/payment-steps.ts';
import { rowAmountBeforeCode } from '../orders/record.ts';
import { loadOrderState, type OrderState, type Statement } from '../orders/transition.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import { paymentGateway } from './configured-gateway.ts';
import {
  closeAtGateway,
  type GatewayEnv,
  type GatewayStatus,
  GatewayUnavailable,
  type PaymentGateway,
} from './gateway.ts';

// What a gateway's status does to an order (decision 026). Each change is one batch holding a
// `payment_notifications` row keyed by (attempt, status): a repeated notification's batch fails
// on that key whole, so it changes nothing. A batch refused by the lifecycle's triggers (a cancel
// or the Cron's expiry came first) is read again and decided anew: exactly one outcome.

type PaymentRow = typeof payments.$inferSelect;
type MailEnv = Pick<Env, 'PUBLIC_ORIGIN'>;
export type Source = 'notification' | 'poll';

/** Minutes until the Cron asks the gateway about an attempt still pending. */
export const CHECK_AFTER_MS = 5 * 60_000;
/** Attempts the Cron asks about per run at most: each is a request to the gateway. */
export const POLL_BATCH = 10;

const FAILURE_REASONS: Record<string, string> = {
  expire: 'Waktu pembayaran di gateway habis',
  deny: 'Pembayaran ditolak oleh penyedia pembayaran',
  cancel: 'Pembayaran dibatalkan di gateway',
  failure: 'Pembayaran gagal diproses',
};

export type Applied = 'applied' | 'repeat' | 'ignored';

/** Applies the gateway's status of one attempt; answers once the change (or nothing) is recorded. */
export async function applyGatewayStatus(
  db: Db,
  env: MailEnv,
  gateway: PaymentGateway,
  status: GatewayStatus,
  source: Source,
): Promise<Applied> {
  // Three reads at most: each retry follows another request's change to the same order.
  for (let tries = 0; tries < 3; tries += 1) {
    const attempt = await db.select().from(payments).where(eq(payments.id, status.attemptId)).get();
    if (!attempt || attempt.method !== gateway.method) return 'ignored';
    const state = await loadOrderState(db, attempt.orderId);
    if (!state) return 'ignored';
    try {
      await applyOnce(db, env, gateway, state, attempt, status, source);
      return 'applied';
    } catch (err) {
      if (isConstraintError(err, 'payment_notifications.payment_id')) return 'repeat';
      if (err instanceof AppError && err.code === 'order_changed') continue;
      throw err;
    }
  }
  throw new GatewayUnavailable('Pesanan berubah terus; dicoba lagi nanti');
}

async function applyOnce(
  db: Db,
  env: MailEnv,
  gateway: PaymentGateway,
  { order, open, recipient }: OrderState,
  attempt: PaymentRow,
  status: GatewayStatus,
  source: Source,
): Promise<void> {
  const at = new Date().toISOString();
  const record = (outcome: (typeof paymentNotifications.$inferInsert)['outcome']) =>
    db.insert(paymentNotifications).values({
      id: crypto.randomUUID(),
      paymentId: attempt.id,
      orderId: order.id,
      source,
      transactionStatus: status.transactionStatus,
      fraudStatus: status.fraudStatus,
      paymentType: status.paymentType,
      transactionId: status.transactionId,
      grossAmount: status.grossAmount,
      outcome,
      createdAt: at,
    });
  const seen = (extra: Partial<PaymentRow> = {}) =>
    db
      .update(payments)
      .set({
        providerStatus: status.transactionStatus,
        providerReference: status.transactionId ?? attempt.providerReference,
        updatedAt: at,
        ...extra,
      })
      .where(eq(payments.id, attempt.id));
  const flag = (paymentFlag: keyof typeof paymentFlagLabels) =>
    db.update(orders).set({ paymentFlag, updatedAt: at }).where(eq(orders.id, order.id));
  const batch = (statements: [Statement, ...Statement[]]) => db.batch(statements);

  switch (status.outcome) {
    case 'paid': {
      const exact = status.amount === attempt.amount && (status.currency ?? 'IDR') === 'IDR';
      // The shop hears of every payment that arrives, and of money it must look at above all.
      const { notificationEmail } = await readPaymentSettings(db);
      const tellShop = (outcome: ShopGatewayPaymentData['outcome']) =>
        queueEmail(db, env, {
          to: notificationEmail,
          template: 'shop-gateway-payment',
          data: {
            orderId: order.id,
            customerName: order.customerName,
            amount: status.amount ?? attempt.amount,
            channel: attempt.channel,
            outcome,
          },
        });
      if (!exact) {
        await batch([
          record('flagged'),
          seen({ checkAfter: null }),
          flag('amount_mismatch'),
          tellShop('amount_mismatch'),
        ]);
        return;
      }
      // The same money seen again (a capture, then its settlement): nothing more to do.
      if (attempt.status === 'paid') {
        await batch([record('ignored'), seen()]);
        return;
      }
      if (order.status !== 'pending') {
        // Money for an order that no longer waits for it (decision 035): cancelled, or paid by
        // another attempt (one switched away from, paid after a deny, a second payment). The
        // order stays as it is; the admin's 'Perlu Refund' lists it and the shop is mailed.
        const cancelled = order.status === 'cancelled';
        await batch([
          record('flagged'),
          seen({ checkAfter: null }),
          flag(cancelled ? 'paid_after_cancel' : 'paid_twice'),
          // Needed again even after an earlier refund: this is new money.
          db.update(orders).set({ refundStatus: 'needed' }).where(eq(orders.id, order.id)),
          // To the account's own address, like every order mail (decision 023).
          ...(cancelled && recipient
            ? [
                queueEmail(db, env, {
                  to: recipient,
                  template: 'paid-after-cancel',
                  data: { orderId: order.id, customerName: order.customerName, amount: attempt.amount },
                }),
              ]
            : []),
          tellShop(cancelled ? 'paid_after_cancel' : 'paid_twice'),
        ]);
        return;
      }
      // The order waits and this attempt paid it: one the shopper switched away from, or one
      // denied before and settled after (Midtrans's settlement is money received, decision 035).
      // The open attempt, if another, is voided here and closed at the gateway after the batch.
      const replaced = open && open.id !== attempt.id ? open : undefined;
      // Switched to the transfer and then paid the gateway all the same: the order's total is
      // what was received, without the transfer's code (decision 033), so revenue counts it.
      const honest =
        order.uniqueCode > 0
          ? [
              db
                .update(orders)
                .set({
                  uniqueCode: 0,
                  totalAmount: rowAmountBeforeCode(order),
                })
                .where(eq(orders.id, order.id)),
            ]
          : [];
      await confirmPayment(
        db,
        env,
        { order, open: attempt, recipient },
        { actor: 'system' },
        {
          note: `Midtrans · ${status.paymentType ?? attempt.channel ?? 'gateway'}`,
          also: [
            record('paid'),
            seen({ checkAfter: null }),
            ...(replaced
              ? [
                  db
                    .update(payments)
                    .set({ status: 'void', updatedAt: at })
                    .where(eq(payments.id, replaced.id)),
                ]
              : []),
            ...honest,
            tellShop('paid'),
          ],
          total: attempt.amount,
        },
      );
      if (replaced?.method === gateway.method) await closeAtGateway(gateway, replaced.id);
      return;
    }
    case 'pending':
      // A 'pending' after the attempt settled or failed changes nothing but the record.
      await batch(
        attempt.status === 'pending'
          ? [
              record('pending'),
              seen({
                payCode: status.payCode ?? attempt.payCode,
                qrString: status.qrString ?? attempt.qrString,
              }),
            ]
          : [record('ignored')],
      );
      return;
    case 'failed':
      await batch(
        attempt.status === 'pending'
          ? [
              record('failed'),
              seen({
                status: 'rejected',
                checkAfter: null,
                reason: FAILURE_REASONS[status.transactionStatus] ?? FAILURE_REASONS.failure,
              }),
            ]
          : [record('ignored'), seen()],
      );
      return;
    case 'refund':
      await batch([record('refund'), seen()]);
      return;
    case 'unknown':
      await batch([record('ignored')]);
      return;
  }
}

/**
 * The Cron's look at gateway attempts left pending past a few minutes (a notification may have
 * been missed): at most `limit`, oldest first, through the partial index `payments_gateway_check`.
 * Each is asked about again after CHECK_AFTER_MS; a gateway that does not answer is asked next
 * time. An attempt whose charge failed (no pay details) and that the gateway does not know
 * (404) is never asked about again: the gateway never opened it, a new choice is a new attempt.
 */
export async function pollGatewayAttempts(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'> & GatewayEnv,
  now: Date,
  limit = POLL_BATCH,
): Promise<number> {
  const gateway = paymentGateway(env);
  if (!gateway) return 0;
  const db = getDb(env.DB);
  const due = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.checkAfter),
        lte(payments.checkAfter, now.toISOString()),
      ),
    )
    .orderBy(asc(payments.checkAfter))
    .limit(limit);
  let applied = 0;
  for (const attempt of due) {
    await db
      .update(payments)
      .set({ checkAfter: new Date(now.getTime() + CHECK_AFTER_MS).toISOString() })
      .where(eq(payments.id, attempt.id));
    try {
      const status = await gateway.status(attempt.id);
      if (!status) {
        if (!hasPayDetails(attempt)) {
          await db.update(payments).set({ checkAfter: null }).where(eq(payments.id, attempt.id));
        }
        continue;
      }
      if ((await applyGatewayStatus(db, env, gateway, status, 'poll')) === 'applied') applied += 1;
      await recordSuccess(db, 'gateway');
    } catch (err) {
      // The gateway silent again and again is an incident for the owner (decision 058).
      if (err instanceof GatewayUnavailable) await recordFailure(db, env, 'gateway', err);
      console.error(
        JSON.stringify({ event: 'gateway_poll_failed', paymentId: attempt.id, ...loggableError(err) }),
      );
    }
  }
  return applied;
}

/** The gateway gave something to pay the attempt with: its charge went through. */
export const hasPayDetails = (attempt: PaymentRow) =>
  Boolean(attempt.redirectUrl ?? attempt.payCode ?? attempt.qrString ?? attempt.deeplinkUrl);

/**
 * The Cron's expiry asks before it cancels (decision 035): the gateway's word on an order's open
 * gateway attempt is applied first, so a payment whose notification is late pays the order
 * instead of turning into a refund. Answers whether the order may be expired now: false when
 * the gateway paid it (or it changed meanwhile), or when the gateway did not answer (asked
 * again on the next run: never cancelled blind). A transaction the gateway does not know
 * (404) holds no money: it may be expired.
 */
export async function mayExpire(
  db: Db,
  env: MailEnv & GatewayEnv,
  { open }: Pick<OrderState, 'open'>,
): Promise<boolean> {
  if (!open || open.method === 'bank_transfer') return true;
  const gateway = paymentGateway(env);
  if (!gateway || open.method !== gateway.method) return false;
  try {
    const status = await gateway.status(open.id);
    if (!status) return true;
    await applyGatewayStatus(db, env, gateway, status, 'poll');
    // Paid: the order is paid now. Anything else (still pending: cancelOrder closes it at the
    // gateway; failed; another amount, flagged for the admin) expires as before.
    return status.outcome !== 'paid' || status.amount !== open.amount;
  } catch (err) {
    console.error(
      JSON.stringify({ event: 'order_expiry_deferred', paymentId: open.id, ...loggableError(err) }),
    );
    return false;
  }
}
