import type { Order, OrderStatus, Page, PaymentReview, SeekPage } from '@gi/contracts';
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from '../db/queries/text-search.ts';
import { counters, orders, ordersFts, payments } from '../db/schema.ts';
import {
  type SeekOrder,
  type SeekPlan,
  type SeekQuery,
  seek,
  seekNeedsTotal,
  seekResult,
} from '../lib/keyset.ts';
import { paymentColumns } from '../services/payments.ts';
import { attachItems, cursorOf, type OrderHead, orderColumns } from './answers.ts';

// The admin's lists of orders: all orders by search and status, receipts to review, refunds owed.

export interface OrderListQuery extends SeekQuery {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

/** Looks like the start of an order id (a UUID): hex digits and dashes with at least one digit. */
export const ID_PREFIX = /^(?=.*[0-9])[0-9a-f-]+$/;

/**
 * The ids that start with `prefix` as a range of the primary key: [prefix, prefix with its
 * last character one higher). Ids are lowercase ASCII, compared bytewise. `byRow` tests each row
 * instead (unary + keeps the planner off the key), for a page that walks the list's own index.
 */
export function idPrefixRange(prefix: string, byRow = false): SQL | undefined {
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
export const adminOrder: SeekOrder = {
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
