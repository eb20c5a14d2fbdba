import type { Area, Order, OrderItem, OrderStatus, Page } from '@gi/contracts';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../client.ts';
import { counters, idempotencyKeys, orderItems, orders, products, productVariants } from '../schema.ts';
import { containsText } from './text-search.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    product_price: row.productPrice,
    variant_id: row.variantId,
    size_ml: row.sizeMl,
    quantity: row.quantity,
    subtotal: row.subtotal,
  };
}

function toOrder(row: OrderRow, items: OrderItem[]): Order {
  return {
    id: row.id,
    user_id: row.userId,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    customer_address: row.customerAddress,
    province_code: row.provinceCode,
    province_name: row.provinceName,
    regency_code: row.regencyCode,
    regency_name: row.regencyName,
    district_code: row.districtCode,
    district_name: row.districtName,
    postal_code: row.postalCode,
    shipping_zone: row.shippingZone,
    shipping_service: row.shippingService,
    shipping_eta_min_days: row.shippingEtaMinDays,
    shipping_eta_max_days: row.shippingEtaMaxDays,
    subtotal_amount: row.subtotalAmount,
    shipping_fee: row.shippingFee,
    total_amount: row.totalAmount,
    status: row.status,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    order_items: items,
  };
}

// Lines keep the cart's order: rowid follows the insert order within the batch.
const itemsOf = (db: Db, orderIds: string[]) =>
  db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(sql`rowid`);

/** Orders with their items: the orders query, then one items query for all of them. */
async function attachItems(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of await itemsOf(db, ids)) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(toOrderItem(item));
    byOrder.set(item.orderId, list);
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

// Ties on created_at break by id, the order of the orders_created index.
const newestFirst = [desc(orders.createdAt), orders.id] as const;

/** The given sizes with their product's name, current price and stock; ids that do not exist are absent. */
export function findVariants(db: Db, ids: string[]) {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      sizeMl: productVariants.sizeMl,
      price: productVariants.price,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
}

/** The D1 message of an order batch that would have taken more than a size's stock. */
export const STOCK_GUARD = 'CHECK constraint failed: stock_not_negative';

export function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .select({ orderId: idempotencyKeys.orderId, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .get();
}

export interface NewOrderLine {
  productId: string;
  variantId: string;
  sizeMl: number | null;
  productName: string;
  productPrice: number;
  quantity: number;
}

export interface NewOrder {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The composed full address text. */
  customerAddress: string;
  area: { province: Area; regency: Area; district: Area };
  postalCode: string;
  shipping: { zone: string; service: string; fee: number; etaMinDays: number; etaMaxDays: number };
  lines: NewOrderLine[];
}

/**
 * Writes the idempotency key, the order and its items and takes their stock in one batch,
 * which D1 runs as one transaction: a violated constraint anywhere (a key already taken by
 * a twin request, a quantity out of range, stock below zero: STOCK_GUARD) leaves none of
 * them behind.
 */
export async function insertOrder(db: Db, input: NewOrder): Promise<Order> {
  const now = nowIso();
  const orderId = crypto.randomUUID();
  const items: OrderItemRow[] = input.lines.map((line) => ({
    id: crypto.randomUUID(),
    orderId,
    productId: line.productId,
    variantId: line.variantId,
    sizeMl: line.sizeMl,
    productName: line.productName,
    productPrice: line.productPrice,
    quantity: line.quantity,
    subtotal: line.productPrice * line.quantity,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const order: OrderRow = {
    id: orderId,
    userId: input.userId,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    customerAddress: input.customerAddress,
    provinceCode: input.area.province.code,
    provinceName: input.area.province.name,
    regencyCode: input.area.regency.code,
    regencyName: input.area.regency.name,
    districtCode: input.area.district.code,
    districtName: input.area.district.name,
    postalCode: input.postalCode,
    shippingZone: input.shipping.zone,
    shippingService: input.shipping.service,
    shippingEtaMinDays: input.shipping.etaMinDays,
    shippingEtaMaxDays: input.shipping.etaMaxDays,
    subtotalAmount: subtotal,
    shippingFee: input.shipping.fee,
    // The payment part adds the transfer's unique code here (issue 14, later session).
    totalAmount: subtotal + input.shipping.fee,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
  // One statement per item keeps every statement far below D1's 100 bound parameters.
  await db.batch([
    db.insert(idempotencyKeys).values({
      userId: input.userId,
      key: input.idempotencyKey,
      orderId,
      requestHash: input.requestHash,
      createdAt: now,
    }),
    db.insert(orders).values(order),
    ...items.map((item) => db.insert(orderItems).values(item)),
    // Best-selling counts units ordered; kept here so the sort never sums order_items.
    ...input.lines.map((line) =>
      db
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
        .where(eq(products.id, line.productId)),
    ),
    // Counted stock (not null) goes down; the CHECK fails the batch rather than go below zero.
    ...input.lines.map((line) =>
      db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId)),
    ),
  ]);
  return toOrder(order, items.map(toOrderItem));
}

export async function getOrder(db: Db, id: string): Promise<Order | null> {
  const [rows, items] = await db.batch([
    db.select().from(orders).where(eq(orders.id, id)),
    itemsOf(db, [id]),
  ]);
  const [row] = rows;
  return row ? toOrder(row, items.map(toOrderItem)) : null;
}

export async function latestOrdersOf(db: Db, userId: string, limit: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
  return attachItems(db, rows);
}

export interface OrderListQuery {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  page: number;
  pageSize: number;
}

/** Looks like the start of an order id (a UUID): hex digits and dashes with at least one digit. */
const ID_PREFIX = /^(?=.*[0-9])[0-9a-f-]+$/;

/**
 * The ids that start with `prefix` as a range of the primary key: [prefix, prefix with its
 * last character one higher). Ids are lowercase ASCII, compared bytewise.
 */
function idPrefixRange(prefix: string): SQL | undefined {
  const last = prefix.charCodeAt(prefix.length - 1);
  const upper = prefix.slice(0, -1) + String.fromCharCode(last + 1);
  return and(gte(orders.id, prefix), lt(orders.id, upper));
}

/**
 * A search typed into the admin list: an id prefix is a key range of the primary key; any
 * other text matches names and emails (a scan, until that search gets its own index).
 */
function orderSearch(q: string): SQL | undefined {
  const text = q.toLowerCase();
  if (ID_PREFIX.test(text)) return idPrefixRange(text);
  return or(containsText(orders.customerName, q), containsText(orders.customerEmail, q));
}

/** The admin list's total without a search: the counters the triggers keep (migration 0012). */
function countedOrders(db: Db, status: OrderStatus | undefined) {
  return db
    .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
    .from(counters)
    .where(status ? eq(counters.name, `orders:${status}`) : sql`${counters.name} GLOB 'orders:*'`);
}

/** A page of orders for the admin; the search ignores ASCII case. */
export async function listOrders(db: Db, query: OrderListQuery): Promise<Page<Order>> {
  const filters: SQL[] = [];
  const search = query.q ? orderSearch(query.q) : undefined;
  if (search) filters.push(search);
  if (query.status) filters.push(eq(orders.status, query.status));
  const where = and(...filters);
  const [counted, rows] = await db.batch([
    // The list shows "x–y dari total": exact, from the counters unless a search narrows it.
    search ? db.select({ total: count() }).from(orders).where(where) : countedOrders(db, query.status),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return {
    items: await attachItems(db, rows),
    total: counted[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
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
 * Puts an order's units back into stock, for the batch that cancels it (admin status, customer
 * cancel, expiry): it must come before that batch's status update, and does nothing once the
 * order is cancelled, so cancelling twice never returns stock twice. Uncounted stock stays null.
 */
export function restockOrder(db: Db, orderId: string) {
  return db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + (${unitsInOrder(db, orderId)})`, updatedAt: nowIso() })
    .where(
      and(inArray(productVariants.id, sizesInOrder(db, orderId)), sql`NOT ${orderIsCancelled(orderId)}`),
    );
}

/**
 * The reverse, for a batch that takes a cancelled order back up: its units leave stock again,
 * and the stock guard fails the batch (STOCK_GUARD) when they are no longer there.
 */
export function retakeStock(db: Db, orderId: string) {
  return db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - (${unitsInOrder(db, orderId)})`, updatedAt: nowIso() })
    .where(and(inArray(productVariants.id, sizesInOrder(db, orderId)), orderIsCancelled(orderId)));
}

/** A new status; stock returns when it becomes cancelled and leaves again when it stops being so. */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus): Promise<Order | null> {
  const [, updated, items] = await db.batch([
    status === 'cancelled' ? restockOrder(db, id) : retakeStock(db, id),
    db.update(orders).set({ status, updatedAt: nowIso() }).where(eq(orders.id, id)).returning(),
    itemsOf(db, [id]),
  ]);
  const [row] = updated;
  return row ? toOrder(row, items.map(toOrderItem)) : null;
}

/**
 * Items first, then the order, as the spec does; the order's idempotency key goes too,
 * so no key refers to a missing order. False when there was no such order.
 */
export async function deleteOrder(db: Db, id: string): Promise<boolean> {
  // The owner narrows the key lookup to the primary key's user_id prefix.
  const owner = db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  const [, , deleted] = await db.batch([
    db.delete(orderItems).where(eq(orderItems.orderId, id)),
    db
      .delete(idempotencyKeys)
      .where(and(sql`${idempotencyKeys.userId} = (${owner})`, eq(idempotencyKeys.orderId, id))),
    db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id }),
  ]);
  return deleted.length > 0;
}
