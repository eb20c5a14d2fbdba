import { type OrderActor, type OrderEventType, type OrderStatus, orderStatusLabels } from '@gi/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type Db, nowIso } from '../db/client.ts';
import { orderEvents, orderItems, orders, productVariants, users } from '../db/schema.ts';
import type { TemplateName } from '../email/render.ts';
import type { Env } from '../env.ts';
import { type AuditFields, auditRow } from '../lib/audit.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { type EmailRequest, queueEmail } from '../lib/outbox.ts';
import { restockSetUnits } from '../services/discovery-sets.ts';
import { openPayment } from '../services/payments.ts';
import { traceRestock } from '../services/stock.ts';
import type { OrderRow, PaymentRow } from './answers.ts';

// The order lifecycle (docs/decisions/015-payment-and-order-lifecycle.md). Every change is one
// D1 batch: the order and payment rows, exactly one timeline row and the emails of the event.
// The triggers of migration 0013 refuse a move the graph does not allow, so of two racing
// requests (two confirms, a cancel and a confirm) the second is rolled back whole.

/** Who made a change: a signed-in user, or the Cron. */
export type Actor = { actor: 'customer' | 'admin'; userId: string } | { actor: 'system' };

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

export type MailEnv = Pick<Env, 'PUBLIC_ORIGIN'>;

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
export function customerMail<N extends TemplateName>(
  db: Db,
  env: MailEnv,
  recipient: string | null,
  template: N,
  data: EmailRequest<N>['data'],
): Statement[] {
  return recipient ? [queueEmail(db, env, { to: recipient, template, data })] : [];
}

export function refuse(from: OrderStatus, to: OrderStatus): AppError {
  return new AppError(
    409,
    'invalid_transition',
    `Status pesanan tidak dapat diubah dari "${orderStatusLabels[from]}" ke "${orderStatusLabels[to]}"`,
  );
}

/** One row of the order's timeline (the courier's steps too: shipping/shipments.ts). */
export function event(
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

/**
 * The audit row of a staff member's step on an order (decision 054), for the step's batch, so a
 * step refused by a trigger records nothing. `after` holds what the step sets: the order's fields,
 * and `paymentStatus` for its open attempt; their `before` comes from the state the step read.
 * None for the customer's and the system's steps, which are no staff change.
 */
export function auditStep(
  db: Db,
  { order, open }: Pick<OrderState, 'order' | 'open'>,
  who: Actor,
  action: string,
  after: Partial<OrderRow> & { paymentStatus?: string; reason?: string | null },
  when?: SQL,
): Statement[] {
  if (who.actor !== 'admin') return [];
  const before: AuditFields = {};
  for (const key of Object.keys(after)) {
    before[key] = key === 'paymentStatus' ? (open?.status ?? null) : (order[key as keyof OrderRow] ?? null);
  }
  return [
    auditRow(db, {
      actorId: who.userId,
      entityType: 'order',
      entityId: order.id,
      action,
      before,
      after,
      when,
    }),
  ];
}

/** The order's status change; the transition trigger checks it against the row as it is now. */
export const setStatus = (
  db: Db,
  order: OrderRow,
  status: OrderStatus,
  at: string,
  extra: Partial<OrderRow> = {},
) =>
  db
    .update(orders)
    .set({ ...extra, status, updatedAt: at })
    .where(eq(orders.id, order.id));

/** Runs one change's batch; a move refused by a trigger (another request came first) is a 409. */
export async function commit(db: Db, statements: [Statement, ...Statement[]]): Promise<void> {
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

/** The units of one size in an order, for the stock statements below (correlated to the size). */
const unitsInOrder = (db: Db, orderId: string) =>
  db
    .select({ units: sql`sum(${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, productVariants.id)));

const sizesInOrder = (db: Db, orderId: string) =>
  db.select({ id: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));

const orderIsCancelled = (orderId: string) =>
  sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${orderId} AND ${orders.status} = 'cancelled')`;

/**
 * Puts an order's units back into stock, with their trace (decision 025), for the batch that
 * cancels it (cancelOrder: admin, customer, expiry): both statements must come before that
 * batch's status update, and do nothing once the order is cancelled, so cancelling twice never
 * returns stock twice. Uncounted stock stays null. A cancelled order never comes back
 * (decision 015), so its stock is never taken again.
 */
export function restockOrder(db: Db, orderId: string, who: { actor: OrderActor; userId?: string }) {
  const notCancelled = sql`NOT ${orderIsCancelled(orderId)}`;
  return [
    traceRestock(db, orderId, who, notCancelled),
    db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + (${unitsInOrder(db, orderId)})`, updatedAt: nowIso() })
      .where(and(inArray(productVariants.id, sizesInOrder(db, orderId)), notCancelled)),
    // A discovery set's samples go back as its order took them (decision 061).
    ...restockSetUnits(db, orderId, who, notCancelled),
  ] as const;
}
