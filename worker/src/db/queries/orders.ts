import type {
  Area,
  Order,
  OrderActor,
  OrderCursorPage,
  OrderDetail,
  OrderItem,
  OrderStatus,
  Page,
  PaymentReview,
  PaymentStatus,
  SeekPage,
} from '@gi/contracts';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { traceOrderLine, traceRestock } from '../../services/stock.ts';
import { type Db, nowIso } from '../client.ts';
import {
  counters,
  idempotencyKeys,
  orderEvents,
  orderItems,
  orderLimitChecks,
  orders,
  ordersFts,
  payments,
  products,
  productVariants,
  users,
} from '../schema.ts';
import { type SeekOrder, type SeekPlan, type SeekQuery, seek, seekNeedsTotal, seekResult } from './keyset.ts';
import { eventsOf, paymentsOf, toOrderEvent, toOrderPayment } from './payments.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from './text-search.ts';

export type OrderRow = typeof orders.$inferSelect;
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

export function toOrder(row: OrderRow, items: OrderItem[], paymentStatus: PaymentStatus | null): Order {
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
    unique_code: row.uniqueCode,
    total_amount: row.totalAmount,
    status: row.status,
    payment_status: paymentStatus,
    payment_due_at: row.paymentDueAt,
    courier: row.courier,
    tracking_number: row.trackingNumber,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    refund_status: row.refundStatus,
    order_items: items,
  };
}

/** The orders of a batch's details: their ids, or a query that selects them (a page's own). */
type OrderIds = string[] | SQLWrapper;

// Lines keep the cart's order: rowid follows the insert order within the batch.
const itemsOf = (db: Db, orderIds: OrderIds) =>
  db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(sql`rowid`);

// The status of each order's latest payment attempt (oldest first, so the last one wins).
const paymentStatusesOf = (db: Db, orderIds: OrderIds) =>
  db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(payments.orderId, payments.createdAt);

/** The two queries of the orders' items and payment statuses, for a batch that may read the orders too. */
const detailsOf = (db: Db, orderIds: OrderIds) =>
  [itemsOf(db, orderIds), paymentStatusesOf(db, orderIds)] as const;

/** Orders with the items and payment statuses that `detailsOf` read. */
function withDetails(
  rows: OrderRow[],
  items: OrderItemRow[],
  paid: { orderId: string; status: PaymentStatus }[],
): Order[] {
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(toOrderItem(item));
    byOrder.set(item.orderId, list);
  }
  const status = new Map(paid.map((p) => [p.orderId, p.status]));
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], status.get(row.id) ?? null));
}

/** Orders with their items and payment status: one more batch of two queries for all of them. */
export async function attachItems(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const [items, paid] = await db.batch(
    detailsOf(
      db,
      rows.map((row) => row.id),
    ),
  );
  return withDetails(rows, items, paid);
}

// Ties on created_at break by id, the order of the orders_created index.
const newestFirst = [desc(orders.createdAt), orders.id] as const;

/** The given sizes with their product's name, current price, stock and maximum per order; ids that do not exist are absent. */
export function findVariants(db: Db, ids: string[]) {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      sizeMl: productVariants.sizeMl,
      price: productVariants.price,
      stock: productVariants.stock,
      maxPerOrder: productVariants.maxPerOrder,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
}

/** The D1 message of an order batch that would have taken more than a size's stock. */
export const STOCK_GUARD = 'CHECK constraint failed: stock_not_negative';

/** The account's own address, where its order mails go (decision 023); null if it is gone. */
export async function accountEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return row?.email ?? null;
}

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
  /** 1–999, free among unpaid orders when read (a unique index refuses it if no longer). */
  uniqueCode: number;
  paymentDueAt: string;
  clientIp: string;
  /** The admin's limits on unpaid orders; the batch fails with UNPAID_LIMIT_* past them. */
  limits: { perCustomer: number; perClient: number };
}

/** The D1 messages of an order batch refused by the limits of migration 0022. */
export const UNPAID_LIMIT_CUSTOMER = 'unpaid_limit_customer';
export const UNPAID_LIMIT_CLIENT = 'unpaid_limit_client';
export const ORDER_RATE_CUSTOMER = 'order_rate_customer';
/**
 * Orders one account may place per hour, cancelled ones included: with the unpaid limit it
 * bounds the shop's new-order notices and the account's own order mails (decision 023).
 */
export const ORDERS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The codes unpaid orders hold. The partial index behind this holds at most 999 rows (its
 * codes are unique and 1–999), so reading it whole stays small however many orders there are.
 */
export async function takenUniqueCodes(db: Db): Promise<Set<number>> {
  const rows = await db
    .select({ code: orders.uniqueCode })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), gt(orders.uniqueCode, 0)));
  return new Set(rows.map((row) => row.code));
}

/**
 * Writes the idempotency key, the order and its items, takes their stock, and writes its
 * first payment attempt, the timeline's first row and `extra` (the emails of the new order)
 * in one batch, which D1 runs as one transaction: a violated constraint anywhere (a key
 * already taken by a twin request, a unique code taken meanwhile, a quantity out of range,
 * stock below zero: STOCK_GUARD) leaves none of them behind.
 */
export async function insertOrder(
  db: Db,
  input: NewOrder,
  extra: (order: Order) => BatchItem<'sqlite'>[],
): Promise<Order> {
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
    // The exact amount to transfer: the unique code lets the admin match it to this order.
    totalAmount: subtotal + input.shipping.fee + input.uniqueCode,
    status: 'pending',
    uniqueCode: input.uniqueCode,
    paymentDueAt: input.paymentDueAt,
    courier: null,
    trackingNumber: null,
    paymentFlag: null,
    createdAt: now,
    updatedAt: now,
    clientIp: input.clientIp,
    refundStatus: null,
    paymentRemindedAt: null,
  };
  const created = toOrder(order, items.map(toOrderItem), 'pending');
  // One statement per item keeps every statement far below D1's 100 bound parameters.
  await db.batch([
    // First: its trigger counts the unpaid orders inside this transaction (decision 023).
    db.insert(orderLimitChecks).values({
      userId: input.userId,
      clientIp: input.clientIp,
      perCustomer: input.limits.perCustomer,
      perClient: input.limits.perClient,
      hourAgo: new Date(Date.parse(now) - HOUR_MS).toISOString(),
      perHour: ORDERS_PER_HOUR,
    }),
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
    // Each change leaves its trace (decision 025).
    ...input.lines.flatMap((line) => [
      db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId)),
      traceOrderLine(db, line, orderId, input.userId),
    ]),
    db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId,
      method: 'bank_transfer',
      status: 'pending',
      amount: order.totalAmount,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId,
      type: 'placed',
      status: 'pending',
      actor: 'customer',
      actorId: input.userId,
      createdAt: now,
    }),
    ...extra(created),
  ]);
  return created;
}

export async function getOrder(db: Db, id: string): Promise<Order | null> {
  const [rows, items, paid] = await db.batch([
    db.select().from(orders).where(eq(orders.id, id)),
    itemsOf(db, [id]),
    paymentStatusesOf(db, [id]),
  ]);
  const [row] = rows;
  return row ? toOrder(row, items.map(toOrderItem), paid.at(-1)?.status ?? null) : null;
}

/**
 * The order with its items, payment attempts (newest first) and timeline (oldest first),
 * in one round trip; `payment_instructions` is left for the caller (it reads the settings).
 */
export async function getOrderDetail(db: Db, id: string): Promise<OrderDetail | null> {
  const [rows, items, attempts, events] = await db.batch([
    db.select().from(orders).where(eq(orders.id, id)),
    itemsOf(db, [id]),
    paymentsOf(db, id),
    eventsOf(db, id),
  ]);
  const [row] = rows;
  if (!row) return null;
  return {
    ...toOrder(row, items.map(toOrderItem), attempts[0]?.status ?? null),
    payments: attempts.map(toOrderPayment),
    events: events.map(toOrderEvent),
    payment_instructions: null,
  };
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

/** An order's cursor: its created_at and id (a customer's pages and the admin's). */
const cursorOf = (row: OrderRow) => `${row.createdAt}~${row.id}`;

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
    .select()
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

export interface OrderListQuery extends SeekQuery {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

/** Looks like the start of an order id (a UUID): hex digits and dashes with at least one digit. */
const ID_PREFIX = /^(?=.*[0-9])[0-9a-f-]+$/;

/**
 * The ids that start with `prefix` as a range of the primary key: [prefix, prefix with its
 * last character one higher). Ids are lowercase ASCII, compared bytewise. `byRow` tests each row
 * instead (unary + keeps the planner off the key), for a page that walks the list's own index.
 */
function idPrefixRange(prefix: string, byRow = false): SQL | undefined {
  const last = prefix.charCodeAt(prefix.length - 1);
  const upper = prefix.slice(0, -1) + String.fromCharCode(last + 1);
  return byRow
    ? sql`+${orders.id} >= ${prefix} AND +${orders.id} < ${upper}`
    : and(gte(orders.id, prefix), lt(orders.id, upper));
}

/** The admin list's total without a search: the counters the triggers keep (migration 0012). */
function countedOrders(db: Db, status: OrderStatus | undefined) {
  return db
    .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
    .from(counters)
    .where(status ? eq(counters.name, `orders:${status}`) : sql`${counters.name} GLOB 'orders:*'`);
}

/** The admin list's order and cursors: newest first, ties by id, as `newestFirst`. */
const adminOrder: SeekOrder = {
  createdAt: orders.createdAt,
  tie: sql`${orders.id}`,
  tieDescending: false,
  parseTie: String,
};

/**
 * A page of orders for the admin, by keyset when a cursor is given; the search ignores case.
 * The exact total comes first (counters, a key range or the FTS index) when the page's query
 * depends on it (a text search, or a page by offset read from the nearer end); then the page
 * with its items and payment statuses in one batch, the details selected by the page's own
 * query. Without either, the total, the page and its details are one round trip.
 */
export async function listOrders(db: Db, query: OrderListQuery): Promise<SeekPage<Order>> {
  const status = query.status ? eq(orders.status, query.status) : undefined;
  const text = query.q?.toLowerCase();
  // An id prefix is a key range of the primary key; other text matches names and emails by
  // word prefix through orders_fts.
  const idRange = text && ID_PREFIX.test(text) ? idPrefixRange(text) : undefined;
  const words = text && !idRange ? (query.q as string) : undefined;
  /** The rows of `plan`'s page; `plan.offset` rows are skipped from its first, walking the index. */
  const pageOf = (plan: SeekPlan, search: SQL | undefined, bound?: SQL, offset = plan.offset) => {
    const where = and(search, status, plan.where, bound);
    if (offset === 0) {
      return db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit);
    }
    // Skipped rows are walked in the index alone (rowids, no row read), then the page is read.
    const walked = db
      .select({ rowid: sql`${orders}.rowid` })
      .from(orders)
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(offset);
    return db
      .select()
      .from(orders)
      .where(sql`${orders}.rowid IN ${walked}`)
      .orderBy(...plan.orderBy);
  };
  /**
   * The page and its details in one batch, the details selected by the page's own query: for a
   * page without offset, or one whose offset stays within a day (`bound`), which that query finds
   * again in a few index steps.
   */
  const withPage = (plan: SeekPlan, search: SQL | undefined, bound?: SQL, offset = plan.offset) => {
    const ids = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(search, status, plan.where, bound))
      .orderBy(...plan.orderBy)
      // The page's rows: the extra row a forward read asks for is not shown.
      .limit(Math.min(plan.limit, query.pageSize))
      .offset(offset);
    return [pageOf(plan, search, bound, offset), ...detailsOf(db, ids)] as const;
  };
  /**
   * The day a page by offset starts in, from the orders-per-day counters (migration 0020): the
   * first day, counted from the end the page is read from, whose running count passes `offset`,
   * and how many of the list's rows lie beyond it. The rows of the days between are not walked.
   */
  const dayOf = (backwards: boolean, offset: SQL) => {
    const prefix = `od:${query.status ?? ''}:`;
    const direction = backwards ? sql`ASC` : sql`DESC`;
    return db
      .select({ day: sql<string>`substr(name, ${prefix.length + 1})`, beyond: sql<number>`upto - value` })
      .from(
        sql`(SELECT name, value, sum(value) OVER (ORDER BY name ${direction}) AS upto
          FROM ${counters} WHERE name GLOB ${`${prefix}*`})`,
      )
      .where(sql`upto > ${offset}`)
      .orderBy(sql`name ${direction}`)
      .limit(1);
  };
  type Details = Parameters<typeof withDetails>;
  /** The answer; without the details read in the page's batch, they are read now by id. */
  const answer = async (
    plan: SeekPlan,
    total: number,
    found: OrderRow[],
    details?: [Details[1], Details[2]],
  ) => {
    const page = seekResult(plan, found, query, cursorOf);
    return {
      items: details ? withDetails(page.rows, ...details) : await attachItems(db, page.rows),
      total,
      page: query.page,
      pageSize: query.pageSize,
      previousCursor: page.previousCursor,
      nextCursor: page.nextCursor,
    };
  };
  if (words === undefined && !idRange && !seekNeedsTotal(query)) {
    const plan = seek(adminOrder, query);
    const [[counted], found, items, paid] = await db.batch([
      countedOrders(db, query.status),
      ...withPage(plan, undefined),
    ]);
    return answer(plan, counted?.total ?? 0, found, [items, paid]);
  }
  if (words === undefined && !idRange) {
    // A page by offset past the first: its day from either end (the total picks the nearer one)
    // in the batch that counts, then the page and its details.
    const skipped = (query.page - 1) * query.pageSize;
    const [[counted], [fromNewest], [fromOldest]] = await db.batch([
      countedOrders(db, query.status),
      dayOf(false, sql`${skipped}`),
      dayOf(true, sql`(${countedOrders(db, query.status)}) - ${skipped + query.pageSize}`),
    ]);
    const total = counted?.total ?? 0;
    const plan = seek(adminOrder, query, total);
    if (plan.limit === 0 || total === 0) return answer(plan, total, []);
    const start = plan.backwards ? fromOldest : fromNewest;
    // Every row of that day and beyond it, in the list's order ('T' of the time sorts below 'U').
    const bound =
      start && (plan.backwards ? gte(orders.createdAt, start.day) : lt(orders.createdAt, `${start.day}U`));
    const [found, items, paid] = await db.batch(
      withPage(plan, undefined, bound, plan.offset - (start?.beyond ?? 0)),
    );
    return answer(plan, total, found, [items, paid]);
  }
  let rows: number;
  let total: number;
  if (idRange) {
    const [[listed], [matched]] = await db.batch([
      countedOrders(db, query.status),
      db.select({ total: count() }).from(orders).where(and(idRange, status)),
    ]);
    rows = listed?.total ?? 0;
    total = matched?.total ?? 0;
  } else {
    // Every order is in orders_fts: without a status its count is the total. (Here `words` is
    // set: a list with neither search was answered above.)
    const phrase = words as string;
    const [[listed], [matched]] = await db.batch([
      countedOrders(db, query.status),
      status
        ? db
            .select({ total: count() })
            .from(orders)
            .where(and(status, matchesFts(orders, ordersFts, phrase)))
        : ftsCount(db, ordersFts, phrase),
    ]);
    rows = listed?.total ?? 0;
    total = matched?.total ?? 0;
  }
  const plan = seek(adminOrder, query, total);
  if (plan.limit === 0 || total === 0) return answer(plan, total, []);
  const walk = walkForMatches(total, rows, plan.offset + plan.limit);
  const search =
    words === undefined
      ? idRange && idPrefixRange(text as string, walk)
      : walk
        ? matchesFtsByRow(orders, ordersFts, words)
        : matchesFts(orders, ordersFts, words);
  // A search's page by offset walks its skipped rows once, then its details are read by id.
  if (plan.offset > 0) return answer(plan, total, await pageOf(plan, search));
  const [found, items, paid] = await db.batch(withPage(plan, search));
  return answer(plan, total, found, [items, paid]);
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
  ] as const;
}

/**
 * 'Menunggu Verifikasi': submitted receipts, oldest first, through the partial index on
 * submitted payments; the total is the 'payments:submitted' counter (migration 0013).
 */
export async function listPaymentReviews(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<PaymentReview>> {
  const submitted = eq(payments.status, 'submitted');
  const [counted, rows] = await db.batch([
    db
      .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
      .from(counters)
      .where(eq(counters.name, 'payments:submitted')),
    db
      .select()
      .from(payments)
      .where(submitted)
      .orderBy(payments.submittedAt, payments.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const orderRows =
    rows.length > 0
      ? await db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.id,
              rows.map((row) => row.orderId),
            ),
          )
      : [];
  const byId = new Map((await attachItems(db, orderRows)).map((order) => [order.id, order]));
  const items = rows.flatMap((row) => {
    const order = byId.get(row.orderId);
    return order ? [{ order, payment: toOrderPayment(row) }] : [];
  });
  return { items, total: counted[0]?.total ?? 0, page, pageSize };
}

/**
 * 'Perlu Refund': cancelled orders that had been paid, oldest first, through the partial
 * index on them; the total is the 'refunds:needed' counter (migration 0022).
 */
export async function listRefundsNeeded(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<Order>> {
  const [counted, rows] = await db.batch([
    db
      .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
      .from(counters)
      .where(eq(counters.name, 'refunds:needed')),
    db
      .select()
      .from(orders)
      .where(eq(orders.refundStatus, 'needed'))
      .orderBy(orders.updatedAt, orders.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: await attachItems(db, rows), total: counted[0]?.total ?? 0, page, pageSize };
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
