import { gatewayNotificationSchema, orderPaymentSchema } from '@gi/contracts';
import { and, desc, eq, exists, inArray, isNotNull, sql } from 'drizzle-orm';
import { answerColumns } from '../db/answer-columns.ts';
import type { Db } from '../db/client.ts';
import { orders, paymentNotifications, payments } from '../db/schema.ts';

// The reads of an order's payment attempts; their changes are the order lifecycle's (orders/).

/** A payment attempt as the answers show it (OrderPayment): the receipt's key stays private. */
export const paymentColumns = answerColumns(payments, orderPaymentSchema, {
  has_receipt: sql<boolean>`${payments.receiptKey} IS NOT NULL`.mapWith(Boolean),
});

/** An order's payment attempts, newest first (rowid breaks ties within one batch's timestamp). */
export const paymentsOf = (db: Db, orderId: string) =>
  db
    .select(paymentColumns)
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(sql`rowid`));

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

/** Newest rows of an order's gateway history the admin sees. */
const GATEWAY_HISTORY_LIMIT = 50;

const notificationColumns = answerColumns(paymentNotifications, gatewayNotificationSchema, {});

/** The gateway's word on the order's attempts, newest first (decision 026), bounded. */
export function gatewayHistoryOf(db: Db, orderId: string) {
  return db
    .select(notificationColumns)
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(desc(paymentNotifications.createdAt), desc(sql`rowid`))
    .limit(GATEWAY_HISTORY_LIMIT);
}
