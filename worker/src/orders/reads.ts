import type { Order, OrderCursorPage, OrderDetail } from '@gi/contracts';
import { and, eq, gt, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, users } from '../db/schema.ts';
import { paymentsOf } from '../services/payments.ts';
import { attachItems, cursorOf, eventsOf, itemsOf, newestFirst, orderColumns, withItems } from './answers.ts';
import { shipmentAnswer, shipmentOfOrder, trackingOfOrder } from './tracking.ts';

// An order as its customer and the admin read it: one order with its detail, a customer's pages.

/** The account's own address, where its order mails go (decision 023); null if it is gone. */
export async function accountEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return row?.email ?? null;
}

export async function getOrder(db: Db, id: string): Promise<Order | null> {
  const [rows, items] = await db.batch([
    db.select(orderColumns).from(orders).where(eq(orders.id, id)),
    itemsOf(db, [id]),
  ]);
  const [order] = withItems(rows, items);
  return order ?? null;
}

/**
 * The order with its items, payment attempts (newest first), timeline (oldest first) and
 * shipment with its tracking, in one round trip; `payment_instructions` is left for the caller (it reads the settings).
 */
export async function getOrderDetail(db: Db, id: string): Promise<OrderDetail | null> {
  const [rows, items, attempts, events, shipment, tracking] = await db.batch([
    db.select(orderColumns).from(orders).where(eq(orders.id, id)),
    itemsOf(db, [id]),
    paymentsOf(db, id),
    eventsOf(db, id),
    shipmentOfOrder(db, id),
    trackingOfOrder(db, id),
  ]);
  const [order] = withItems(rows, items);
  return order
    ? {
        ...order,
        payments: attempts,
        events,
        payment_instructions: null,
        shipment: shipmentAnswer(shipment, tracking),
      }
    : null;
}

export async function latestOrdersOf(db: Db, userId: string, limit: number): Promise<Order[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
  return attachItems(db, rows);
}

/**
 * A page of the customer's orders after `cursor`, newest first, by keyset on the
 * (user_id, created_at DESC, id) index: any page costs the same as the first.
 */
export async function ordersOfUser(
  db: Db,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<OrderCursorPage> {
  const filters: (SQL | undefined)[] = [eq(orders.userId, userId)];
  if (cursor) {
    const [createdAt = '', id = ''] = cursor.split('~');
    // Ties on created_at go by id ascending, as newestFirst sorts them.
    filters.push(lte(orders.createdAt, createdAt), or(lt(orders.createdAt, createdAt), gt(orders.id, id)));
  }
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(...filters))
    .orderBy(...newestFirst)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await attachItems(db, page),
    nextCursor: rows.length > limit && last ? cursorOf(last) : null,
  };
}
