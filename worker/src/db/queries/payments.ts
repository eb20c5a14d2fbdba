import type { OrderEvent, OrderPayment } from '@gi/contracts';
import { and, desc, eq, exists, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orderEvents, orders, payments } from '../schema.ts';

type PaymentRow = typeof payments.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;

export function toOrderPayment(row: PaymentRow): OrderPayment {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: row.amount,
    has_receipt: row.receiptKey !== null,
    submitted_at: row.submittedAt,
    reviewed_at: row.reviewedAt,
    reason: row.reason,
    created_at: row.createdAt,
    channel: row.channel,
    redirect_url: row.redirectUrl,
    provider_reference: row.providerReference,
    provider_status: row.providerStatus,
    pay_code: row.payCode,
  };
}

export function toOrderEvent(row: EventRow): OrderEvent {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    actor: row.actor,
    note: row.note,
    created_at: row.createdAt,
  };
}

/** An order's payment attempts, newest first (rowid breaks ties within one batch's timestamp). */
export const paymentsOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(sql`rowid`));

/** An order's timeline, oldest first, in the order the rows were written. */
export const eventsOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt, sql`rowid`);

/** For a query over `orders`: its order has a receipt waiting for the admin (the customer paid in time). */
export const receiptUnderReview = (db: Db) =>
  exists(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), eq(payments.status, 'submitted'))),
  );

/** The attempt still open (waiting for the transfer or for review), if any. */
export function openPayment(db: Db, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'submitted'])))
    .get();
}

/** The R2 keys of the order's transfer receipts, newest first. */
export async function receiptKeysOf(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ key: payments.receiptKey })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.receiptKey)))
    .orderBy(desc(payments.createdAt), desc(sql`rowid`));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
