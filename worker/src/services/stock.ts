import type { LowStockPage, OrderActor, Page, StockChange } from '@gi/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { sizePage } from '../db/queries/size-page.ts';
import { orderItems, orders, productVariants, profiles, stockChanges } from '../db/schema.ts';
import { readLowStockThreshold } from '../settings/rows.ts';

// Decision 025: every change of a size's counted stock leaves one row in stock_changes,
// written by the statement next to the change in the same batch.

const v = productVariants;

/** The trace of a change the caller knows the from and to of (the product form, a new size). */
export function traceStock(
  db: Db,
  row: Pick<typeof stockChanges.$inferInsert, 'variantId' | 'fromStock' | 'toStock' | 'reason' | 'actorId'>,
) {
  return db.insert(stockChanges).values({ ...row, actor: 'admin', createdAt: nowIso() });
}

/**
 * The trace of the units an order line took, for the order's batch right after its stock
 * statement: the stock is then already lower, so it went from stock + quantity to stock.
 */
export function traceOrderLine(
  db: Db,
  line: { variantId: string; quantity: number },
  orderId: string,
  userId: string,
) {
  return db.insert(stockChanges).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
        variantId: v.id,
        fromStock: sql<number>`${v.stock} + ${line.quantity}`.as('from_stock'),
        toStock: v.stock,
        reason: sql<'order'>`'order'`.as('reason'),
        orderId: sql<string>`${orderId}`.as('order_id'),
        actor: sql<'customer'>`'customer'`.as('actor'),
        actorId: sql<string>`${userId}`.as('actor_id'),
        createdAt: sql<string>`${nowIso()}`.as('created_at'),
      })
      .from(v)
      .where(and(eq(v.id, line.variantId), isNotNull(v.stock))),
  );
}

/**
 * The trace of a cancel's restock, for its batch right before `restockOrder` (and under the
 * same condition: nothing once the order is cancelled), one row per counted size.
 */
export function traceRestock(
  db: Db,
  orderId: string,
  who: { actor: OrderActor; userId?: string },
  notCancelled: SQL,
) {
  const units = db
    .select({ units: sql`sum(${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, v.id)));
  return db.insert(stockChanges).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
        variantId: v.id,
        fromStock: v.stock,
        toStock: sql<number>`${v.stock} + (${units})`.as('to_stock'),
        reason: sql<'cancel'>`'cancel'`.as('reason'),
        orderId: sql<string>`${orderId}`.as('order_id'),
        actor: sql<OrderActor>`${who.actor}`.as('actor'),
        actorId: sql<string | null>`${who.userId ?? null}`.as('actor_id'),
        createdAt: sql<string>`${nowIso()}`.as('created_at'),
      })
      .from(v)
      .where(
        and(
          inArray(
            v.id,
            db.select({ id: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId)),
          ),
          isNotNull(v.stock),
          notCancelled,
        ),
      ),
  );
}

/** A page of one size's stock changes, newest first, through stock_changes_variant. */
export async function listStockChanges(
  db: Db,
  variantId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<StockChange>> {
  const c = stockChanges;
  const [items, totals] = await db.batch([
    db
      .select({
        id: c.id,
        from_stock: c.fromStock,
        to_stock: c.toStock,
        reason: c.reason,
        order_id: c.orderId,
        actor: c.actor,
        actor_name: profiles.name,
        created_at: c.createdAt,
      })
      .from(c)
      .leftJoin(profiles, eq(profiles.id, c.actorId))
      .where(eq(c.variantId, variantId))
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(c).where(eq(c.variantId, variantId)),
  ]);
  return { items, total: totals[0]?.n ?? 0, page, pageSize };
}

/**
 * Units of these sizes the customer holds in unpaid orders (through orders_pending_user),
 * by size: what counts toward each size's max_per_order with a new order.
 */
export async function heldUnits(db: Db, userId: string, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'pending'), inArray(orderItems.variantId, variantIds)),
    )
    .groupBy(orderItems.variantId);
  return new Map(rows.map((row) => [row.variantId as string, row.units]));
}

/** The D1 message of an order batch that would have held more of a size than its max_per_order. */
export const HELD_LIMIT = 'held_limit';

/** The dashboard's low-stock list: counted sizes at or below the threshold, lowest first. */
export async function listLowStock(db: Db, query: { page: number; pageSize: number }): Promise<LowStockPage> {
  const limit = await readLowStockThreshold(db);
  // Through the partial index product_variants_stock (stock, id): a range, lowest first.
  const low = and(isNotNull(v.stock), lte(v.stock, limit));
  const { items, ...rest } = await sizePage(
    db,
    { columns: { sku: v.sku, stock: v.stock }, where: low, order: [asc(v.stock), asc(v.id)] },
    query,
  );
  return {
    ...rest,
    items: items.map((item) => ({ ...item, stock: item.stock ?? 0 })),
    threshold: limit,
  };
}

/** The D1 message of an order batch that would have taken more than a size's stock. */
export const STOCK_GUARD = 'CHECK constraint failed: stock_not_negative';
