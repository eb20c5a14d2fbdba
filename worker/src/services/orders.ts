import {
  type Area,
  canTransition,
  formatRupiah,
  type GatewayChannel,
  NOT_SIGNED_IN,
  type Order,
  type OrderActor,
  type OrderCursorPage,
  type OrderDetail,
  type OrderEventType,
  type OrderItem,
  type OrderStatus,
  type OrderStatusUpdateInput,
  type orderCreateSchema,
  orderEventSchema,
  orderItemSchema,
  orderSchema,
  orderStatusLabels,
  type Page,
  type PaymentChannel,
  type PaymentMethod,
  type PaymentOptions,
  type PaymentReview,
  type PaymentSettings,
  type PaymentStatus,
  paidOrderStatuses,
  type SeekPage,
} from '@gi/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { sha256 } from '../auth/tokens.ts';
import { answerColumns, asAnswer } from '../db/answer-columns.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import {
  type SeekOrder,
  type SeekPlan,
  type SeekQuery,
  seek,
  seekNeedsTotal,
  seekResult,
} from '../db/queries/keyset.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from '../db/queries/text-search.ts';
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
} from '../db/schema.ts';
import { howToPay, orderSummary, type PayingAttempt } from '../email/order-parts.ts';
import type { TemplateName } from '../email/render.ts';
import type { CancelledMoney } from '../email/templates/order-cancelled.ts';
import type { Env } from '../env.ts';
import { type ResolvedArea, resolveArea } from '../lib/areas.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { type EmailRequest, queueEmail } from '../lib/outbox.ts';
import { readPaymentSettings } from '../lib/payment-settings.ts';
import { heldLimitRefusal, outOfStock, overLimit, pricedCart } from '../lib/priced-cart.ts';
import { challengeOn, challengeRequired } from '../lib/turnstile.ts';
import { CHECK_AFTER_MS, mayExpire } from '../payments/apply.ts';
import {
  chargeAttempt,
  chargeOf,
  codFeeFor,
  freeTransferCode,
  offeredGateway,
  paymentOptions,
  TRANSFER_BUSY,
  TRANSFER_CODE_ATTEMPTS,
  TRANSFER_TOTAL_TAKEN,
  transferOffered,
} from '../payments/checkout.ts';
import { paymentGateway } from '../payments/configured-gateway.ts';
import {
  closeAtGateway,
  type GatewayEnv,
  type GatewayPayment,
  GatewayUnavailable,
} from '../payments/gateway.ts';
import { orderShipping } from '../shipping/rates.ts';
import { shipmentAnswer, shipmentOfOrder, trackingOfOrder } from '../shipping/tracking.ts';
import { openPayment, paymentColumns, paymentsOf, receiptUnderReview } from './payments.ts';
import { HELD_LIMIT, traceOrderLine, traceRestock } from './stock.ts';

// The orders' one home: their reads (the customer's and the admin's lists, an order's detail),
// and every change of their life (docs/decisions/015-payment-and-order-lifecycle.md), placing
// one first.

/** An order as the answers show it (Order), its items added after the read. */
type OrderHead = Omit<Order, 'order_items'>;
/** An order's own row, as its changes read it. */
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * The status of the order's latest payment attempt (null before payments existed), through
 * payments_order. Nested: drizzle writes the top-level columns of a one-table select unqualified,
 * which here would read payments.id for orders.id.
 */
const latestPaymentStatus = sql<PaymentStatus | null>`(${sql`SELECT ${payments.status} FROM ${payments}
  WHERE ${payments.orderId} = ${orders.id} ORDER BY ${payments.createdAt} DESC, ${payments}.rowid DESC LIMIT 1`})`;

const orderColumns = answerColumns(orders, orderSchema, { payment_status: latestPaymentStatus }, [
  'order_items',
]);
const itemColumns = answerColumns(orderItems, orderItemSchema, {});
const eventColumns = answerColumns(orderEvents, orderEventSchema, {});

// Lines keep the cart's order: rowid follows the insert order within the batch.
const itemsOf = (db: Db, orderIds: string[]) =>
  db
    .select({ orderId: orderItems.orderId, item: itemColumns })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(sql`rowid`);

/** Orders with the items that `itemsOf` read. */
function withItems(rows: OrderHead[], items: { orderId: string; item: OrderItem }[]): Order[] {
  const byOrder = new Map<string, OrderItem[]>();
  for (const { orderId, item } of items) {
    const list = byOrder.get(orderId) ?? [];
    list.push(item);
    byOrder.set(orderId, list);
  }
  return rows.map((row) => ({ ...row, order_items: byOrder.get(row.id) ?? [] }));
}

/** Orders with their items: one more query for all of them. */
async function attachItems(db: Db, rows: OrderHead[]): Promise<Order[]> {
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
const eventsOf = (db: Db, orderId: string) =>
  db
    .select(eventColumns)
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt, sql`rowid`);

// Ties on created_at break by id, the order of the orders_created index.
const newestFirst = [desc(orders.createdAt), orders.id] as const;

/** The given sizes with their product's name, current price, stock, maximum per order and shipping weight; ids that do not exist are absent. */
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
      weightGrams: productVariants.weightGrams,
      lengthCm: productVariants.lengthCm,
      widthCm: productVariants.widthCm,
      heightCm: productVariants.heightCm,
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
  shipping: {
    zone: string;
    service: string;
    fee: number;
    etaMinDays: number;
    etaMaxDays: number;
    /** Set when a courier's live rate priced the order (decision 032); absent for a zone's service. */
    courier?: {
      courierCode: string;
      serviceCode: string;
      weightGrams: number;
      quoteId: string;
      cod: boolean;
    };
  };
  lines: NewOrderLine[];
  /**
   * 1–999 for the manual transfer, its total free among open transfer orders when read (the
   * 0030 trigger refuses it if no longer); 0 for a gateway.
   */
  uniqueCode: number;
  /** The first attempt when a gateway takes the payment (its charge follows the batch); absent: the manual transfer. */
  gateway?: { attemptId: string; method: PaymentMethod; channel: GatewayChannel; checkAfter: string };
  /**
   * Cash on delivery (decision 034): the admin's fee, its own line. The order needs no
   * prepayment, so it is placed 'processing' (to ship), its 'cod' attempt pending until delivered.
   */
  cod?: { fee: number };
  /** Null for COD: nothing to pay before shipping, so the expiry Cron never reads it. */
  paymentDueAt: string | null;
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
 * Writes the idempotency key, the order and its items, takes their stock, and writes its
 * first payment attempt, the timeline's first row and `extra` (the emails of the new order)
 * in one batch, which D1 runs as one transaction: a violated constraint anywhere (a key
 * already taken by a twin request, a transfer total taken meanwhile, a quantity out of range,
 * stock below zero: STOCK_GUARD) leaves none of them behind.
 */
export async function insertOrder(
  db: Db,
  input: NewOrder,
  extra: (order: Order) => BatchItem<'sqlite'>[],
): Promise<Order> {
  const now = nowIso();
  const orderId = crypto.randomUUID();
  const items: (typeof orderItems.$inferSelect)[] = input.lines.map((line) => ({
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
    // What the shopper pays: a transfer's unique code lets the admin match it to this order.
    totalAmount: subtotal + input.shipping.fee + input.uniqueCode + (input.cod?.fee ?? 0),
    status: input.cod ? 'processing' : 'pending',
    uniqueCode: input.uniqueCode,
    codFee: input.cod?.fee ?? 0,
    paymentDueAt: input.paymentDueAt,
    courier: null,
    trackingNumber: null,
    paymentFlag: null,
    createdAt: now,
    updatedAt: now,
    clientIp: input.clientIp,
    refundStatus: null,
    paymentRemindedAt: null,
    shippingCourierCode: input.shipping.courier?.courierCode ?? null,
    shippingServiceCode: input.shipping.courier?.serviceCode ?? null,
    shippingWeightGrams: input.shipping.courier?.weightGrams ?? null,
    shippingQuoteId: input.shipping.courier?.quoteId ?? null,
  };
  const created: Order = {
    ...asAnswer(orders, orderColumns, order, { payment_status: 'pending' }),
    order_items: items.map((item) => asAnswer(orderItems, itemColumns, item, {})),
  };
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
      id: input.gateway?.attemptId ?? crypto.randomUUID(),
      orderId,
      method: input.cod ? 'cod' : (input.gateway?.method ?? 'bank_transfer'),
      channel: input.gateway?.channel ?? null,
      status: 'pending',
      amount: order.totalAmount,
      checkAfter: input.gateway?.checkAfter ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId,
      type: 'placed',
      status: order.status,
      actor: 'customer',
      actorId: input.userId,
      createdAt: now,
    }),
    ...extra(created),
  ]);
  return created;
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

/** An order's cursor: its created_at and id (a customer's pages and the admin's). */
const cursorOf = (row: OrderHead) => `${row.created_at}~${row.id}`;

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
 * depends on it (a text search, or a page by offset read from the nearer end); without either,
 * the total and the page are one round trip. The page's items follow by the page's own ids:
 * selected by the page's query instead, they walked the orders' index a second time.
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
        .select(orderColumns)
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
      .select(orderColumns)
      .from(orders)
      .where(sql`${orders}.rowid IN ${walked}`)
      .orderBy(...plan.orderBy);
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
  /** The answer, with the page's items read by its ids. */
  const answer = async (plan: SeekPlan, total: number, found: OrderHead[]) => {
    const page = seekResult(plan, found, query, cursorOf);
    return {
      items: await attachItems(db, page.rows),
      total,
      page: query.page,
      pageSize: query.pageSize,
      previousCursor: page.previousCursor,
      nextCursor: page.nextCursor,
    };
  };
  if (words === undefined && !idRange && !seekNeedsTotal(query)) {
    const plan = seek(adminOrder, query);
    const [[counted], found] = await db.batch([countedOrders(db, query.status), pageOf(plan, undefined)]);
    return answer(plan, counted?.total ?? 0, found);
  }
  if (words === undefined && !idRange) {
    // A page by offset past the first: its day from either end (the total picks the nearer one)
    // in the batch that counts, then the page.
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
    return answer(plan, total, await pageOf(plan, undefined, bound, plan.offset - (start?.beyond ?? 0)));
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
  return answer(plan, total, await pageOf(plan, search));
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
      .select({ orderId: payments.orderId, payment: paymentColumns })
      .from(payments)
      .where(submitted)
      .orderBy(payments.submittedAt, payments.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const orderRows =
    rows.length > 0
      ? await db
          .select(orderColumns)
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
    return order ? [{ order, payment: row.payment }] : [];
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
      .select(orderColumns)
      .from(orders)
      .where(eq(orders.refundStatus, 'needed'))
      .orderBy(orders.updatedAt, orders.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: await attachItems(db, rows), total: counted[0]?.total ?? 0, page, pageSize };
}

/**
 * The order holds money the shop received (issue 37): an attempt paid, a paid status, or a
 * refund owed or made. Such an order is a financial record and is never deleted.
 */
const orderHadMoney = (id: string) => sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${id} AND (
  ${inArray(orders.status, [...paidOrderStatuses])} OR ${orders.refundStatus} IS NOT NULL
  OR EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${id} AND ${payments.status} = 'paid')))`;

/**
 * Items first, then the order, as the spec does; the order's idempotency key goes too,
 * so no key refers to a missing order. Every statement holds only while the order had no money
 * (checked inside the batch, so a payment arriving meanwhile keeps it whole). Answers
 * 'missing' when there was no such order, 'paid' when it is a financial record.
 */
export async function deleteOrder(db: Db, id: string): Promise<'deleted' | 'missing' | 'paid'> {
  // The owner narrows the key lookup to the primary key's user_id prefix.
  const owner = db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  const deletable = sql`NOT ${orderHadMoney(id)}`;
  const [, , deleted, [left]] = await db.batch([
    db.delete(orderItems).where(and(eq(orderItems.orderId, id), deletable)),
    db
      .delete(idempotencyKeys)
      .where(and(sql`${idempotencyKeys.userId} = (${owner})`, eq(idempotencyKeys.orderId, id), deletable)),
    db
      .delete(orders)
      .where(and(eq(orders.id, id), deletable))
      .returning({ id: orders.id }),
    db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)),
  ]);
  if (deleted.length > 0) return 'deleted';
  return left ? 'paid' : 'missing';
}

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

type MailEnv = Pick<Env, 'PUBLIC_ORIGIN'>;

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
  const gateway = paymentGateway(env);
  if (gateway && open?.method === gateway.method && open.status === 'pending') {
    await closeAtGateway(gateway, open.id);
  }
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
  env: MailEnv & GatewayEnv,
  state: OrderState,
  who: Actor,
  input: OrderStatusUpdateInput,
): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, input.status)) throw refuse(order.status, input.status);
  switch (input.status) {
    case 'processing':
      return confirmPayment(db, env, state, who);
    case 'cancelled':
      return cancelOrder(db, env, state, who, { reason: input.reason ?? null });
    case 'shipped':
      return shipOrder(db, env, state, who, {
        courier: input.courier.trim(),
        trackingNumber: input.trackingNumber.trim(),
      });
    case 'delivered':
      return confirmDelivery(db, env, state, who);
    default:
      throw refuse(order.status, input.status);
  }
}

/**
 * The order leaves the shop: the admin's 'Dikirim' with a typed resi, or a shipment booked
 * through the courier aggregator (shipping/shipments.ts: `tracking` is its tracking page, null
 * when it gave none, and `also` its own rows; the resi may come later). One timeline row, one email.
 */
export async function shipOrder(
  db: Db,
  env: MailEnv,
  { order, recipient }: OrderState,
  who: Actor,
  {
    courier,
    trackingNumber,
    tracking,
    also = [],
  }: {
    courier: string;
    trackingNumber: string | null;
    tracking?: { url: string | null };
    also?: Statement[];
  },
): Promise<void> {
  if (!canTransition(order.status, 'shipped')) throw refuse(order.status, 'shipped');
  const at = new Date().toISOString();
  return commit(db, [
    setStatus(db, order, 'shipped', at, { courier, trackingNumber }),
    ...also,
    event(
      db,
      order,
      'shipped',
      'shipped',
      who,
      at,
      trackingNumber ? `${courier} · ${trackingNumber}` : courier,
    ),
    ...customerMail(db, env, recipient, 'order-shipped', {
      orderId: order.id,
      customerName: order.customerName,
      courier,
      trackingNumber,
      ...(tracking ? { tracking } : {}),
    }),
  ]);
}

/**
 * A shipped order arrived: the customer's 'Pesanan Diterima' or the admin's dropdown. The
 * transition trigger refuses it unless the order is still shipped, so of two presses the second
 * batch (its timeline row and mail) is rolled back whole.
 */
export async function confirmDelivery(db: Db, env: MailEnv, state: OrderState, who: Actor): Promise<void> {
  const { order, open } = state;
  if (!canTransition(order.status, 'delivered')) throw refuse(order.status, 'delivered');
  const at = new Date().toISOString();
  return commit(db, [
    setStatus(db, order, 'delivered', at),
    event(db, order, 'delivered', 'delivered', who, at),
    // Delivered is the cash handed to the courier (decision 034): the COD attempt is paid in the
    // same batch, so revenue counts it from now (migration 0031).
    ...(open?.method === 'cod' ? codCollected(db, order, open, at) : []),
    ...customerMail(db, env, state.recipient, 'order-delivered', {
      orderId: order.id,
      customerName: order.customerName,
    }),
  ]);
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
    }),
  ]);
}

/** A COD order's attempt paid: the cash the courier collected, on the timeline by the system. */
function codCollected(db: Db, order: OrderRow, open: PaymentRow, at: string): Statement[] {
  return [
    db
      .update(payments)
      .set({ status: 'paid', reviewedAt: at, updatedAt: at })
      .where(and(eq(payments.id, open.id), eq(payments.status, 'pending'))),
    event(
      db,
      order,
      'payment_confirmed',
      'delivered',
      { actor: 'system' },
      at,
      `Pembayaran diterima: ${formatRupiah(open.amount)} tunai dibayar ke kurir (COD)`,
    ),
  ];
}

/**
 * The Cron's expiry: cancels up to `limit` unpaid orders past their deadline, oldest deadline
 * first, through the partial index on unpaid orders. An order whose receipt waits for the
 * admin is left alone: the customer paid in time. Answers how many it cancelled.
 */
export async function expireOverdueOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'> & GatewayEnv,
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
    // An open gateway attempt is asked about first: a late payment pays it (decision 035).
    if (!state || !(await mayExpire(db, env, state))) continue;
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

// Placing an order: the first change of its life.

const STOCK_GONE = 'Stok produk di keranjang tidak mencukupi. Periksa kembali keranjang Anda.';
const UNPAID_CUSTOMER = (limit: number) =>
  `Anda masih memiliki ${limit} pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.`;
const UNPAID_CLIENT =
  'Terlalu banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.';
const UNPAID_CLIENT_CHALLENGE =
  'Banyak pesanan belum dibayar dari jaringan Anda. Selesaikan verifikasi keamanan, lalu tekan Buat Pesanan lagi.';
const ORDER_RATE = 'Terlalu banyak pesanan dari akun Anda dalam satu jam terakhir. Silakan coba lagi nanti.';
/** The 0033 trigger's refusal: the network's unpaid orders already hold twice a size's max_per_order. */
export const NETWORK_HELD_LIMIT = 'stock_held_by_network';
const NETWORK_HELD =
  'Stok produk ini sedang ditahan banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.';

/**
 * How long an unpaid order holds its stock, by how it is paid (decision 037): QRIS, e-wallets and
 * cards are paid on the spot (Midtrans lets their QR, deeplink or 3-D Secure lapse within minutes),
 * so an hour; a VA or the manual transfer is paid at an ATM or a bank app later: the admin's window.
 */
const QUICK_HOLD_MS = HOUR_MS;
const quickChannels: ReadonlySet<PaymentChannel> = new Set([
  'other_qris',
  'gopay',
  'shopeepay',
  'credit_card',
]);
export const holdMs = (settings: Pick<PaymentSettings, 'paymentWindowHours'>, channel: PaymentChannel) =>
  Math.min(
    quickChannels.has(channel) ? QUICK_HOLD_MS : Number.POSITIVE_INFINITY,
    settings.paymentWindowHours * HOUR_MS,
  );

/**
 * The deadline after switching an unpaid order to `channel` at `now`: the new method's hold, but
 * never past what the order's first method allowed from its placing, so switching back and forth
 * cannot keep its stock longer. The first attempt is read through payments_order.
 */
export async function switchedDeadline(
  db: Db,
  order: Pick<OrderRow, 'id' | 'createdAt'>,
  channel: PaymentChannel,
  settings: Pick<PaymentSettings, 'paymentWindowHours'>,
  now: Date,
): Promise<string> {
  const first = await db
    .select({ method: payments.method, channel: payments.channel })
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.createdAt), sql`rowid`)
    .limit(1)
    .get();
  const firstChannel: PaymentChannel =
    first?.method === 'midtrans' && first.channel ? first.channel : 'bank_transfer';
  const bound = Date.parse(order.createdAt) + holdMs(settings, firstChannel);
  return new Date(Math.min(now.getTime() + holdMs(settings, channel), bound)).toISOString();
}

type OrderBody = z.output<typeof orderCreateSchema>;

/**
 * What a retry must repeat to count as the same order: the validated (trimmed) values,
 * with lines sorted so the same cart in another order is still the same request.
 */
function canonicalBody({
  items,
  customer,
  shippingServiceId,
  shippingQuoteId,
  paymentChannel,
}: OrderBody): string {
  return JSON.stringify({
    items: items
      .map((item) => [item.variantId, item.productId, item.quantity] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    customer: [
      customer.customerName,
      customer.customerEmail,
      customer.customerPhone,
      customer.customerAddress,
      customer.provinceCode,
      customer.regencyCode,
      customer.districtCode,
      customer.postalCode,
    ],
    shippingServiceId,
    // Absent for a zone's service: the hashes of such orders stay what they were.
    ...(shippingQuoteId === undefined ? {} : { shippingQuoteId }),
    paymentChannel,
  });
}

/** The address as a courier reads it: street, district, regency/city, province and postal code. */
function fullAddress(street: string, area: ResolvedArea, postalCode: string): string {
  return `${street}, Kec. ${area.district.name}, ${area.regency.name}, ${area.province.name} ${postalCode}`;
}

/** The order an earlier request with this key created, or null when the key is new. */
async function replay(db: Db, userId: string, key: string, requestHash: string): Promise<string | null> {
  const previous = await findIdempotencyKey(db, userId, key);
  if (!previous) return null;
  if (previous.requestHash !== requestHash) {
    throw new AppError(409, 'idempotency_conflict', 'Idempotency-Key sudah dipakai untuk pesanan lain');
  }
  return previous.orderId;
}

/**
 * To the customer at the account's own address (not the contact email typed at checkout,
 * decision 023): what was bought and how to pay it by the method chosen. `open` is the order's
 * first attempt: a gateway's with what its charge gave (null when the gateway could not be
 * reached), or undefined for the manual transfer.
 */
function orderPlacedMail(
  db: Db,
  env: Env,
  order: Order,
  settings: PaymentSettings,
  options: PaymentOptions,
  to: string,
  open?: PayingAttempt,
) {
  const summary = orderSummary(order);
  return queueEmail(db, env, {
    to,
    template: 'order-placed',
    data: {
      orderId: order.id,
      customerName: order.customer_name,
      summary,
      pay: howToPay(summary, settings.bankAccounts, options, open),
      dueAt: order.payment_due_at ?? '',
    },
  });
}

/** The shop's notice of a new order. */
function newOrderNotice(db: Db, env: Env, order: Order, settings: PaymentSettings) {
  return queueEmail(db, env, {
    to: settings.notificationEmail,
    template: 'shop-new-order',
    data: {
      orderId: order.id,
      customerName: order.customer_name,
      customerEmail: order.customer_email,
      total: order.total_amount,
      itemCount: order.order_items.reduce((sum, item) => sum + item.quantity, 0),
    },
  });
}

/** What a customer's checkout sends, validated; the request's Idempotency-Key; where from. */
export interface PlaceOrderInput {
  userId: string;
  key: string;
  body: OrderBody;
  clientIp: string;
  /** The shop's origin as the browser reached it: a card's hosted page comes back there. */
  origin: string;
  /** Passed Turnstile's check: the network's unpaid limit does not hold the order back (decision 036). */
  challengePassed?: boolean;
}

/**
 * Places an order priced from D1, shipping fee included: the body names products, quantities,
 * the address, a shipping service and how it will be paid. A repeated Idempotency-Key answers
 * with the order it already created (`replayed`). The order, its stock, its first payment
 * attempt, its timeline row and its emails are one batch, whose guards refuse what racing
 * requests would break; a gateway's charge follows it (decision 033), and an order whose
 * gateway could not be reached stays, its attempt without pay details (the order page offers
 * choosing again).
 */
export async function placeOrder(
  db: Db,
  env: Env,
  { userId, key, body, clientIp, origin, challengePassed = false }: PlaceOrderInput,
): Promise<{ orderId: string; replayed: boolean }> {
  const requestHash = await sha256(canonicalBody(body));

  const previous = await replay(db, userId, key, requestHash);
  if (previous) return { orderId: previous, replayed: true };

  const { customer, paymentChannel: channel } = body;
  // A method the shop does not offer now is refused before anything is written.
  const options = await paymentOptions(db, env);
  const online =
    channel === 'bank_transfer' || channel === 'cod'
      ? null
      : { gateway: offeredGateway(env, options, channel), channel };
  if (channel === 'bank_transfer') transferOffered(options);
  const area = resolveArea(customer.provinceCode, customer.regencyCode, customer.districtCode);
  if (!area) {
    throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
      'customer.districtCode': 'Kecamatan tidak ditemukan',
    });
  }
  const cart = await pricedCart(db, body.items);
  const short = outOfStock(cart) ?? (await overLimit(db, userId, cart));
  if (short) throw short;
  // The fee comes from D1 or the server's own courier quote; the browser only names a service.
  const shipping = await orderShipping(
    db,
    env,
    { regencyCode: area.regency.code, postalCode: customer.postalCode },
    cart,
    { serviceId: body.shippingServiceId, quoteId: body.shippingQuoteId },
    { clientIp, sessionId: userId },
  );

  const [settings, email] = await Promise.all([readPaymentSettings(db), accountEmail(db, userId)]);
  if (!email) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
  const base = cart.lines.reduce((sum, line) => sum + line.productPrice * line.quantity, 0) + shipping.fee;
  // COD only on a courier's COD service and up to the admin's limit, else 409 before any write.
  const cod = channel === 'cod' ? { fee: codFeeFor(options, shipping, base) } : null;
  const attemptId = crypto.randomUUID();
  let order: Order;
  for (let attempt = 1; ; attempt += 1) {
    const now = Date.now();
    // Only the manual transfer takes a code (decision 033); a 503 when its amount has none left.
    const uniqueCode = channel === 'bank_transfer' ? await freeTransferCode(db, base) : 0;
    try {
      order = await insertOrder(
        db,
        {
          userId,
          idempotencyKey: key,
          requestHash,
          customerName: customer.customerName,
          customerEmail: customer.customerEmail,
          customerPhone: customer.customerPhone,
          customerAddress: fullAddress(customer.customerAddress, area, customer.postalCode),
          area,
          postalCode: customer.postalCode,
          shipping,
          lines: cart.lines,
          uniqueCode,
          ...(online
            ? {
                gateway: {
                  attemptId,
                  method: online.gateway.method,
                  channel: online.channel,
                  checkAfter: new Date(now + CHECK_AFTER_MS).toISOString(),
                },
              }
            : {}),
          ...(cod ? { cod } : {}),
          paymentDueAt: cod ? null : new Date(now + holdMs(settings, channel)).toISOString(),
          clientIp,
          limits: {
            perCustomer: settings.unpaidOrdersPerCustomer,
            perClient: challengePassed ? Number.MAX_SAFE_INTEGER : settings.unpaidOrdersPerClient,
          },
        },
        (created) => [
          // A gateway's mail waits for its charge: it tells the VA number to pay.
          ...(online
            ? []
            : [
                orderPlacedMail(
                  db,
                  env,
                  created,
                  settings,
                  options,
                  email,
                  cod
                    ? {
                        method: 'cod',
                        channel: null,
                        amount: created.total_amount,
                        payCode: null,
                        billerCode: null,
                      }
                    : undefined,
                ),
              ]),
          newOrderNotice(db, env, created, settings),
        ],
      );
      break;
    } catch (err) {
      // A twin request with the same key won the race: its batch holds the key and
      // ours was rolled back whole, so answer with the winner's order.
      const winner = await replay(db, userId, key, requestHash);
      if (winner) return { orderId: winner, replayed: true };
      if (isConstraintError(err, UNPAID_LIMIT_CUSTOMER)) {
        throw new AppError(409, 'unpaid_limit', UNPAID_CUSTOMER(settings.unpaidOrdersPerCustomer));
      }
      // A carrier NAT's honest customers share the network: it raises the bar, not a wall (decision 036).
      if (isConstraintError(err, UNPAID_LIMIT_CLIENT)) {
        throw challengeOn(env)
          ? challengeRequired(UNPAID_CLIENT_CHALLENGE)
          : new AppError(429, 'unpaid_limit', UNPAID_CLIENT);
      }
      if (isConstraintError(err, ORDER_RATE_CUSTOMER)) {
        throw new AppError(429, 'too_many_orders', ORDER_RATE);
      }
      if (isConstraintError(err, NETWORK_HELD_LIMIT)) {
        throw new AppError(409, 'held_by_network', NETWORK_HELD);
      }
      // Another transfer order took the total between our read and our write: read again.
      if (isConstraintError(err, TRANSFER_TOTAL_TAKEN)) {
        if (attempt < TRANSFER_CODE_ATTEMPTS) continue;
        throw new AppError(503, 'no_unique_code', TRANSFER_BUSY);
      }
      // Another order of this customer took the size's units up to its maximum meanwhile.
      if (isConstraintError(err, HELD_LIMIT)) {
        throw (await overLimit(db, userId, await pricedCart(db, body.items))) ?? heldLimitRefusal();
      }
      // Another order took the last units between our check and our batch.
      if (isConstraintError(err, STOCK_GUARD)) {
        throw outOfStock(await pricedCart(db, body.items)) ?? new AppError(409, 'out_of_stock', STOCK_GONE);
      }
      console.error(JSON.stringify({ event: 'order_insert_failed', ...loggableError(err) }));
      throw new AppError(500, 'order_failed', 'Gagal membuat pesanan. Silakan coba lagi.');
    }
  }

  if (online) {
    const { gateway } = online;
    const charge = chargeOf(order, email, attemptId, online.channel, origin);
    const open = (payment: GatewayPayment | null): PayingAttempt => ({
      method: gateway.method,
      channel: online.channel,
      amount: charge.amount,
      payCode: payment?.payCode ?? null,
      billerCode: payment?.billerCode ?? null,
    });
    try {
      await chargeAttempt(db, gateway, charge, (payment) => [
        orderPlacedMail(db, env, order, settings, options, email, open(payment)),
      ]);
    } catch (err) {
      if (!(err instanceof GatewayUnavailable)) throw err;
      // The order stands: its page offers choosing the method again.
      console.error(
        JSON.stringify({
          event: 'gateway_charge_failed',
          orderId: order.id,
          paymentId: attemptId,
          message: err.message,
        }),
      );
    }
  }
  return { orderId: order.id, replayed: false };
}
