import {
  canTransition,
  type OrderEventType,
  type OrderStatus,
  type OrderStatusUpdateInput,
  orderStatusLabels,
  type PaymentSettings,
} from '@gi/contracts';
import { and, asc, eq, lte, not } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type Db, getDb } from '../db/client.ts';
import { restockOrder } from '../db/queries/orders.ts';
import { openPayment, receiptUnderReview } from '../db/queries/payments.ts';
import { orderEvents, orders, payments, users } from '../db/schema.ts';
import type { TemplateName } from '../email/render.ts';
import type { CancelledMoney } from '../email/templates/order-cancelled.ts';
import type { Env } from '../env.ts';
import { isConstraintError, loggableError } from './db-errors.ts';
import { AppError } from './errors.ts';
import { type EmailRequest, queueEmail } from './outbox.ts';

// The order lifecycle (docs/decisions/015-payment-and-order-lifecycle.md). Every change is one
// D1 batch: the order and payment rows, exactly one timeline row and the emails of the event.
// The triggers of migration 0013 refuse a move the graph does not allow, so of two racing
// requests (two confirms, a cancel and a confirm) the second is rolled back whole.

/** Who made a change: a signed-in user, or the Cron. */
export type Actor = { actor: 'customer' | 'admin'; userId: string } | { actor: 'system' };

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export type Statement = BatchItem<'sqlite'>;

/**
 * An order as a change reads it: its row, its open payment attempt, if any, and where its
 * customer's mails go: the account's own (confirmed) address, never the contact email typed
 * at checkout, so checkout cannot mail strangers (decision 023); null if the account is gone.
 */
export interface OrderState {
  order: OrderRow;
  open: PaymentRow | undefined;
  recipient: string | null;
}

type MailEnv = Pick<Env, 'PUBLIC_ORIGIN'>;

const HOUR_MS = 60 * 60 * 1000;
/** Orders the Cron cancels per run at most: each is its own batch. */
export const EXPIRY_BATCH = 25;

const CHANGED_MEANWHILE = 'Pesanan baru saja diubah. Muat ulang halaman lalu coba lagi.';

export async function loadOrderState(db: Db, orderId: string): Promise<OrderState | null> {
  const [rows, open] = await Promise.all([
    db
      .select({ order: orders, recipient: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    openPayment(db, orderId),
  ]);
  const [row] = rows;
  return row ? { order: row.order, open, recipient: row.recipient } : null;
}

/** The customer's email of a change, when the account still has an address. */
function customerMail<N extends TemplateName>(
  db: Db,
  env: MailEnv,
  recipient: string | null,
  template: N,
  data: EmailRequest<N>['data'],
): Statement[] {
  return recipient ? [queueEmail(db, env, { to: recipient, template, data })] : [];
}

function refuse(from: OrderStatus, to: OrderStatus): AppError {
  return new AppError(
    409,
    'invalid_transition',
    `Status pesanan tidak dapat diubah dari "${orderStatusLabels[from]}" ke "${orderStatusLabels[to]}"`,
  );
}

function event(
  db: Db,
  order: OrderRow,
  type: OrderEventType,
  status: OrderStatus,
  who: Actor,
  at: string,
  note: string | null = null,
): Statement {
  return db.insert(orderEvents).values({
    id: crypto.randomUUID(),
    orderId: order.id,
    type,
    status,
    actor: who.actor,
    actorId: who.actor === 'system' ? null : who.userId,
    note,
    createdAt: at,
  });
}

/** The order's status change; the transition trigger checks it against the row as it is now. */
const setStatus = (db: Db, order: OrderRow, status: OrderStatus, at: string, extra: Partial<OrderRow> = {}) =>
  db
    .update(orders)
    .set({ ...extra, status, updatedAt: at })
    .where(eq(orders.id, order.id));

/** Runs one change's batch; a move refused by a trigger (another request came first) is a 409. */
async function commit(db: Db, statements: [Statement, ...Statement[]]): Promise<void> {
  try {
    await db.batch(statements);
  } catch (err) {
    if (
      isConstraintError(err, 'invalid_transition') ||
      isConstraintError(err, 'invalid_payment_transition')
    ) {
      throw new AppError(409, 'order_changed', CHANGED_MEANWHILE);
    }
    throw err;
  }
}

/** What the cancel mail tells of the money (issue 29): a processing order's paid attempt says how it came. */
async function moneyIn(db: Db, { order, open }: Pick<OrderState, 'order' | 'open'>): Promise<CancelledMoney> {
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
 * and its units go back into stock in the same batch (decision 016).
 */
export async function cancelOrder(
  db: Db,
  env: MailEnv,
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
    ...customerMail(db, env, recipient, 'order-cancelled', {
      orderId: order.id,
      customerName: order.customerName,
      expired,
      reason,
      money,
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
}

/** The admin has paid back a cancelled order's money: it leaves the 'Perlu Refund' list. */
export async function markRefunded(db: Db, orderId: string): Promise<void> {
  const updated = await db
    .update(orders)
    .set({ refundStatus: 'refunded', updatedAt: new Date().toISOString() })
    .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'needed')))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError(409, 'no_refund_needed', 'Pesanan ini tidak menunggu refund');
}

/**
 * The admin confirms the transfer (with or without a receipt), or a gateway's payment arrives
 * (decision 026: `open` is the attempt paid, `also` its own rows, `total` what it charged):
 * the order moves to processing.
 */
export async function confirmPayment(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  {
    note = null,
    also = [],
    total = order.totalAmount,
  }: { note?: string | null; also?: Statement[]; total?: number } = {},
) {
  if (!canTransition(order.status, 'processing')) throw refuse(order.status, 'processing');
  const at = new Date().toISOString();
  const reviewer = who.actor === 'system' ? null : who.userId;
  await commit(db, [
    setStatus(db, order, 'processing', at),
    ...(open
      ? [
          db
            .update(payments)
            .set({ status: 'paid', reviewedBy: reviewer, reviewedAt: at, updatedAt: at })
            .where(eq(payments.id, open.id)),
        ]
      : []),
    ...also,
    event(db, order, 'payment_confirmed', 'processing', who, at, note),
    ...customerMail(db, env, recipient, 'payment-confirmed', {
      orderId: order.id,
      customerName: order.customerName,
      total,
    }),
  ]);
}

/**
 * The admin rejects an uploaded receipt. A new open attempt follows so the customer can upload
 * again, and the deadline moves to at least one payment window from now.
 */
export async function rejectPayment(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  reason: string,
  settings: PaymentSettings,
): Promise<void> {
  if (order.status !== 'pending' || open?.status !== 'submitted') {
    throw new AppError(409, 'no_receipt', 'Tidak ada bukti transfer yang menunggu verifikasi');
  }
  const now = new Date();
  const at = now.toISOString();
  const windowEnd = new Date(now.getTime() + settings.paymentWindowHours * HOUR_MS).toISOString();
  const dueAt = order.paymentDueAt && order.paymentDueAt > windowEnd ? order.paymentDueAt : windowEnd;
  const reviewer = who.actor === 'system' ? null : who.userId;
  await commit(db, [
    db
      .update(payments)
      .set({ status: 'rejected', reason, reviewedBy: reviewer, reviewedAt: at, updatedAt: at })
      .where(eq(payments.id, open.id)),
    db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      method: open.method,
      status: 'pending',
      amount: order.totalAmount,
      createdAt: at,
      updatedAt: at,
    }),
    db.update(orders).set({ paymentDueAt: dueAt, updatedAt: at }).where(eq(orders.id, order.id)),
    event(db, order, 'payment_rejected', 'pending', who, at, reason),
    ...customerMail(db, env, recipient, 'payment-rejected', {
      orderId: order.id,
      customerName: order.customerName,
      reason,
      total: order.totalAmount,
      dueAt,
    }),
  ]);
}

/** The customer's transfer receipt, already stored in R2 under `receiptKey`. */
export async function submitReceipt(
  db: Db,
  env: MailEnv,
  state: OrderState,
  who: Actor,
  receiptKey: string,
  settings: PaymentSettings,
): Promise<void> {
  const { order, open } = state;
  const refusal = receiptRefusal(state, new Date());
  if (refusal || !open) throw new AppError(409, 'receipt_not_accepted', refusal ?? '');
  const at = new Date().toISOString();
  await commit(db, [
    db
      .update(payments)
      .set({ status: 'submitted', receiptKey, submittedAt: at, updatedAt: at })
      .where(eq(payments.id, open.id)),
    db.update(orders).set({ updatedAt: at }).where(eq(orders.id, order.id)),
    event(db, order, 'receipt_uploaded', 'pending', who, at),
    ...customerMail(db, env, state.recipient, 'receipt-received', {
      orderId: order.id,
      customerName: order.customerName,
      amount: open.amount,
    }),
    queueEmail(db, env, {
      to: settings.notificationEmail,
      template: 'shop-receipt-uploaded',
      data: { orderId: order.id, customerName: order.customerName, total: order.totalAmount },
    }),
  ]);
}

/**
 * Why the customer cannot upload a receipt now, or null when they can: the order waits for
 * its transfer, no receipt is under review and the deadline has not passed.
 */
export function receiptRefusal({ order, open }: OrderState, now: Date): string | null {
  if (order.status !== 'pending' || !open) return 'Pesanan ini tidak sedang menunggu pembayaran';
  if (open.method !== 'bank_transfer')
    return 'Pilih Transfer Bank sebagai cara pembayaran untuk mengunggah bukti';
  if (open.status === 'submitted') return 'Bukti transfer sedang diperiksa admin';
  if (order.paymentDueAt && order.paymentDueAt <= now.toISOString()) {
    return 'Batas waktu pembayaran sudah lewat';
  }
  return null;
}

/** The admin's dropdown: each target status goes through its own step of the lifecycle. */
export async function changeStatus(
  db: Db,
  env: MailEnv,
  state: OrderState,
  who: Actor,
  input: OrderStatusUpdateInput,
): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, input.status)) throw refuse(order.status, input.status);
  const at = new Date().toISOString();
  switch (input.status) {
    case 'processing':
      return confirmPayment(db, env, state, who);
    case 'cancelled':
      return cancelOrder(db, env, state, who, { reason: input.reason ?? null });
    case 'shipped': {
      const { courier, trackingNumber } = input;
      return commit(db, [
        setStatus(db, order, 'shipped', at, {
          courier: courier.trim(),
          trackingNumber: trackingNumber.trim(),
        }),
        event(db, order, 'shipped', 'shipped', who, at, `${courier.trim()} · ${trackingNumber.trim()}`),
        ...customerMail(db, env, state.recipient, 'order-shipped', {
          orderId: order.id,
          customerName: order.customerName,
          courier: courier.trim(),
          trackingNumber: trackingNumber.trim(),
        }),
      ]);
    }
    case 'delivered':
      return confirmDelivery(db, env, state, who);
    default:
      throw refuse(order.status, input.status);
  }
}

/**
 * A shipped order arrived: the customer's 'Pesanan Diterima' or the admin's dropdown. The
 * transition trigger refuses it unless the order is still shipped, so of two presses the second
 * batch (its timeline row and mail) is rolled back whole.
 */
export async function confirmDelivery(db: Db, env: MailEnv, state: OrderState, who: Actor): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, 'delivered')) throw refuse(order.status, 'delivered');
  const at = new Date().toISOString();
  return commit(db, [
    setStatus(db, order, 'delivered', at),
    event(db, order, 'delivered', 'delivered', who, at),
    ...customerMail(db, env, state.recipient, 'order-delivered', {
      orderId: order.id,
      customerName: order.customerName,
    }),
  ]);
}

/**
 * The Cron's expiry: cancels up to `limit` unpaid orders past their deadline, oldest deadline
 * first, through the partial index on unpaid orders. An order whose receipt waits for the
 * admin is left alone: the customer paid in time. Answers how many it cancelled.
 */
export async function expireOverdueOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'>,
  now: Date,
  limit = EXPIRY_BATCH,
): Promise<number> {
  const db = getDb(env.DB);
  const overdue = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.paymentDueAt, now.toISOString()),
        not(receiptUnderReview(db)),
      ),
    )
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  let cancelled = 0;
  for (const { id } of overdue) {
    const state = await loadOrderState(db, id);
    if (!state) continue;
    try {
      await cancelOrder(db, env, state, { actor: 'system' }, { expired: true });
      cancelled += 1;
    } catch (err) {
      // Paid or cancelled a moment ago: nothing to expire. Anything else is logged; the next run retries.
      if (!(err instanceof AppError)) {
        console.error(JSON.stringify({ event: 'order_expiry_failed', orderId: id, ...loggableError(err) }));
      }
    }
  }
  return cancelled;
}
