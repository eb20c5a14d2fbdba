import { canTransition, customerOrderMoves } from '@gi/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';
import type { CancelledMoney } from '../email/templates/order-cancelled.ts';
import { AFTER_A_CHANGE } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { paymentGateway } from '../payments/configured-gateway.ts';
import { closeAtGateway, type GatewayEnv } from '../payments/gateway.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import {
  type Actor,
  auditStep,
  commit,
  customerMail,
  event,
  type MailEnv,
  type OrderState,
  refuse,
  restockOrder,
  setStatus,
} from './transition.ts';

// Cancelling an order: by its customer, the admin, the expiry Cron or a COD parcel returned unpaid.

/** What the cancel mail tells of the money (issue 29): a processing order's paid attempt says how it came. */
async function moneyIn(db: Db, { order, open }: Pick<OrderState, 'order' | 'open'>): Promise<CancelledMoney> {
  // A COD order's cash is collected on delivery only: cancelled before, nothing came in.
  if (open?.method === 'cod') return { state: 'none', online: null };
  if (order.status === 'pending') {
    if (open?.status === 'submitted') return { state: 'receipt', amount: open.amount };
    return {
      state: 'none',
      online: open && open.method !== 'bank_transfer' ? { channel: open.channel } : null,
    };
  }
  const settled = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
    .get();
  return settled && settled.method !== 'bank_transfer'
    ? { state: 'paid', amount: settled.amount, via: 'online', channel: settled.channel }
    : { state: 'paid', amount: settled?.amount ?? order.totalAmount, via: 'transfer', channel: null };
}

/**
 * Cancels an order: the customer's cancel, the admin's and the Cron's expiry all come here,
 * and its units go back into stock in the same batch (decision 016). An open gateway charge is
 * closed at the gateway after the batch (decision 035).
 */
export async function cancelOrder(
  db: Db,
  env: MailEnv & GatewayEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  {
    reason = null,
    expired = false,
    shopEmail = null,
  }: { reason?: string | null; expired?: boolean; shopEmail?: string | null } = {},
): Promise<void> {
  if (!canTransition(order.status, 'cancelled')) throw refuse(order.status, 'cancelled');
  const at = new Date().toISOString();
  const money = await moneyIn(db, { order, open });
  // Money has (probably) come in: a receipt waits for review, or the payment was confirmed.
  const paid = money.state !== 'none';
  await commit(db, [
    // Before the status update: it returns nothing once the order is cancelled.
    ...restockOrder(db, order.id, who),
    setStatus(db, order, 'cancelled', at, paid ? { refundStatus: 'needed' } : {}),
    ...(open
      ? [db.update(payments).set({ status: 'void', updatedAt: at }).where(eq(payments.id, open.id))]
      : []),
    event(db, order, expired ? 'expired' : 'cancelled', 'cancelled', who, at, reason),
    ...auditStep(db, { order, open }, who, 'status', {
      status: 'cancelled',
      ...(paid && { refundStatus: 'needed' as const }),
      ...(open && { paymentStatus: 'void' }),
      reason,
    }),
    ...customerMail(db, env, recipient, 'order-cancelled', {
      orderId: order.id,
      customerName: order.customerName,
      expired,
      reason,
      money,
      // The trigger sample_credits_release gives back the credits it used (decision 061 part B).
      creditReturned: order.creditAmount,
    }),
    // The shop hears of a paid order its customer cancelled: it owes a refund.
    ...(paid && shopEmail && who.actor === 'customer'
      ? [
          queueEmail(db, env, {
            to: shopEmail,
            template: 'shop-paid-order-cancelled',
            data: { orderId: order.id, customerName: order.customerName, total: order.totalAmount, reason },
          }),
        ]
      : []),
  ]);
  const gateway = paymentGateway(env);
  if (gateway && open?.method === gateway.method && open.status === 'pending') {
    await closeAtGateway(gateway, open.id);
  }
}

const ONLY_UNPAID = 'Hanya pesanan yang belum dibayar yang dapat dibatalkan';
const RECEIPT_UNDER_REVIEW =
  'Bukti transfer pesanan ini sedang diperiksa admin. ' +
  'Jika dibatalkan, dana Anda dikembalikan lewat refund oleh toko. ' +
  'Konfirmasi pembatalan untuk melanjutkan.';

/**
 * The customer cancels an order that waits for payment. While a receipt waits for review the
 * shopper has paid: the cancel needs `confirmPaid` (the page warns first), tells the shop and
 * lists the order for a refund (decision 023).
 */
export async function customerCancel(
  db: Db,
  env: MailEnv & GatewayEnv,
  state: OrderState,
  who: Actor,
  { reason, confirmPaid }: { reason?: string | undefined; confirmPaid?: boolean | undefined },
): Promise<void> {
  if (state.order.status !== customerOrderMoves.cancel.from) {
    throw new AppError(409, 'invalid_transition', ONLY_UNPAID);
  }
  if (state.open?.status === 'submitted' && !confirmPaid) {
    throw new AppError(409, 'receipt_under_review', RECEIPT_UNDER_REVIEW);
  }
  const { notificationEmail } = await readPaymentSettings(db);
  await cancelOrder(db, env, state, who, { reason: reason ?? null, shopEmail: notificationEmail });
}

/** The admin `who` has paid back a cancelled order's money: it leaves the 'Perlu Refund' list. */
export async function markRefunded(db: Db, state: OrderState, who: Actor): Promise<void> {
  const orderId = state.order.id;
  const [updated] = await db.batch([
    db
      .update(orders)
      .set({ refundStatus: 'refunded', updatedAt: new Date().toISOString() })
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'needed')))
      .returning({ id: orders.id }),
    ...auditStep(db, state, who, 'refunded', { refundStatus: 'refunded' }, AFTER_A_CHANGE),
  ]);
  if (updated.length === 0) throw new AppError(409, 'no_refund_needed', 'Pesanan ini tidak menunggu refund');
}

/**
 * A COD parcel the courier returned to the shop unpaid (decision 034): the shipped order is
 * cancelled (migration 0031 allows it only while its COD attempt is open), its units go back into
 * stock and its attempt is voided, in one batch, by the system. Nothing was paid: no refund.
 */
export async function cancelReturnedCod(
  db: Db,
  env: MailEnv,
  state: OrderState,
  reason: string,
): Promise<void> {
  const { order, open, recipient } = state;
  if (order.status !== 'shipped' || open?.method !== 'cod') return;
  const system: Actor = { actor: 'system' };
  const at = new Date().toISOString();
  await commit(db, [
    ...restockOrder(db, order.id, system),
    setStatus(db, order, 'cancelled', at),
    db.update(payments).set({ status: 'void', updatedAt: at }).where(eq(payments.id, open.id)),
    event(db, order, 'cancelled', 'cancelled', system, at, `${reason}; stok dikembalikan`),
    ...customerMail(db, env, recipient, 'order-cancelled', {
      orderId: order.id,
      customerName: order.customerName,
      expired: false,
      reason,
      money: { state: 'none', online: null },
      creditReturned: order.creditAmount,
    }),
  ]);
}
