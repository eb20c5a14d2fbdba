import type { paymentFlagLabels } from '@gi/contracts';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { orders, paymentNotifications, payments } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { readPaymentSettings } from '../lib/payment-settings.ts';
import { confirmPayment, loadOrderState, type OrderState, type Statement } from '../services/orders.ts';
import {
  type GatewayEnv,
  type GatewayStatus,
  GatewayUnavailable,
  type PaymentGateway,
  paymentGateway,
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
      await applyOnce(db, env, state, attempt, status, source);
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
      const tellShop = (outcome: 'paid' | 'amount_mismatch' | 'paid_after_cancel') =>
        queueEmail(db, env, {
          to: notificationEmail,
          template: 'shop-gateway-payment',
          data: {
            orderId: order.id,
            customerName: order.customerName,
            amount: status.amount ?? attempt.amount,
            channel: status.paymentType ?? attempt.channel ?? 'gateway',
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
      if (order.status === 'cancelled') {
        await batch([
          record('flagged'),
          seen({ checkAfter: null }),
          flag('paid_after_cancel'),
          // Money for a cancelled order: on the admin's 'Perlu Refund' list like a paid transfer's.
          db
            .update(orders)
            .set({ refundStatus: 'needed' })
            .where(and(eq(orders.id, order.id), isNull(orders.refundStatus))),
          // To the account's own address, like every order mail (decision 023).
          ...(recipient
            ? [
                queueEmail(db, env, {
                  to: recipient,
                  template: 'paid-after-cancel',
                  data: { orderId: order.id, customerName: order.customerName, amount: attempt.amount },
                }),
              ]
            : []),
          tellShop('paid_after_cancel'),
        ]);
        return;
      }
      if (order.status !== 'pending' || (attempt.status !== 'pending' && attempt.status !== 'void')) {
        // Paid already (a capture then its settlement, or another attempt): on record for the admin.
        await batch([record(attempt.status === 'paid' ? 'ignored' : 'flagged'), seen()]);
        return;
      }
      // The shopper switched method and then paid the old attempt: the open one is voided.
      const replaced =
        open && open.id !== attempt.id
          ? [db.update(payments).set({ status: 'void', updatedAt: at }).where(eq(payments.id, open.id))]
          : [];
      // Switched to the transfer and then paid the gateway all the same: the order's total is
      // what was received, without the transfer's code (decision 033), so revenue counts it.
      const honest =
        order.uniqueCode > 0
          ? [
              db
                .update(orders)
                .set({ uniqueCode: 0, totalAmount: order.subtotalAmount + order.shippingFee })
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
          also: [record('paid'), seen({ checkAfter: null }), ...replaced, ...honest, tellShop('paid')],
          total: attempt.amount,
        },
      );
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
 * Each is asked about again after CHECK_AFTER_MS; a gateway that does not answer is asked next time.
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
    .select({ id: payments.id })
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
  for (const { id } of due) {
    await db
      .update(payments)
      .set({ checkAfter: new Date(now.getTime() + CHECK_AFTER_MS).toISOString() })
      .where(eq(payments.id, id));
    try {
      const status = await gateway.status(id);
      if (status && (await applyGatewayStatus(db, env, gateway, status, 'poll')) === 'applied') applied += 1;
    } catch (err) {
      console.error(JSON.stringify({ event: 'gateway_poll_failed', paymentId: id, ...loggableError(err) }));
    }
  }
  return applied;
}
