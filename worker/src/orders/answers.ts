import {
  type Order,
  type OrderItem,
  orderEventSchema,
  orderItemSchema,
  orderSchema,
  type PaymentStatus,
} from '@gi/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { answerColumns } from '../db/answer-columns.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orderItems, orders, payments, sampleCredits } from '../db/schema.ts';

// How an order reads as an answer (Order, its items and timeline): the columns and the
// one-query attachments that every read of orders shares.

/** An order as the answers show it (Order), its items added after the read. */
export type OrderHead = Omit<Order, 'order_items'>;
/** An order's own row, as its changes read it. */
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The status of the order's latest payment attempt (null before payments existed), through
 * payments_order. Nested: drizzle writes the top-level columns of a one-table select unqualified,
 * which here would read payments.id for orders.id.
 */
const latestPaymentStatus = sql<PaymentStatus | null>`(${sql`SELECT ${payments.status} FROM ${payments}
  WHERE ${payments.orderId} = ${orders.id} ORDER BY ${payments.createdAt} DESC, ${payments}.rowid DESC LIMIT 1`})`;

/**
 * The 'Kredit Sampel' the order gives, pending or available (a void one gave nothing), through the
 * UNIQUE (source_order_id, source_variant_id) index. Nested for the reason above.
 */
const creditEarned = sql<number>`(${sql`SELECT coalesce(sum(${sampleCredits.amount}), 0) FROM ${sampleCredits}
  WHERE ${sampleCredits.sourceOrderId} = ${orders.id} AND ${sampleCredits.status} <> 'void'`})`;

export const orderColumns = answerColumns(
  orders,
  orderSchema,
  { payment_status: latestPaymentStatus, credit_earned: creditEarned },
  ['order_items'],
);
export const itemColumns = answerColumns(orderItems, orderItemSchema, {});
const eventColumns = answerColumns(orderEvents, orderEventSchema, {});

// Lines keep the cart's order: rowid follows the insert order within the batch.
export const itemsOf = (db: Db, orderIds: string[]) =>
  db
    .select({ orderId: orderItems.orderId, item: itemColumns })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(sql`rowid`);

/** Orders with the items that `itemsOf` read. */
export function withItems(rows: OrderHead[], items: { orderId: string; item: OrderItem }[]): Order[] {
  const byOrder = new Map<string, OrderItem[]>();
  for (const { orderId, item } of items) {
    const list = byOrder.get(orderId) ?? [];
    list.push(item);
    byOrder.set(orderId, list);
  }
  return rows.map((row) => ({ ...row, order_items: byOrder.get(row.id) ?? [] }));
}

/** Orders with their items: one more query for all of them. */
export async function attachItems(db: Db, rows: OrderHead[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  return withItems(
    rows,
    await itemsOf(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** An order's timeline, oldest first, in the order the rows were written. */
export const eventsOf = (db: Db, orderId: string) =>
  db
    .select(eventColumns)
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt, sql`rowid`);

// Ties on created_at break by id, the order of the orders_created index.
export const newestFirst = [desc(orders.createdAt), orders.id] as const;

/** An order's cursor: its created_at and id (a customer's pages and the admin's). */
export const cursorOf = (row: OrderHead) => `${row.created_at}~${row.id}`;
