import { BULK_DOCUMENTS_MAX, INVOICES_PER_PART, type Order } from '@gi/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders, shipments } from '../../db/schema.ts';
import { itemsOf, orderColumns, withItems } from '../answers.ts';
import { courierName } from '../tracking.ts';

// What the printed documents read of an order (decision 057): the order with its items, the
// courier's booking (its waybill) and the invoice number its payment was given (migration 0054).

export interface DocumentOrder {
  order: Order;
  /** The courier and service as the label prints them, and the waybill (resi) if there is one yet. */
  courier: string | null;
  service: string | null;
  waybill: string | null;
  invoice: { number: string; issuedAt: string } | null;
}

/** D1 binds at most 100 parameters to a statement: the orders are read this many at a time. */
const READ_PAGE = 100;

/** The orders of `ids`, in that order, each with what its documents print; missing ids are skipped. */
export async function documentOrders(db: Db, ids: string[]): Promise<DocumentOrder[]> {
  const found: DocumentOrder[] = [];
  for (let at = 0; at < ids.length; at += READ_PAGE)
    found.push(...(await documentOrdersPage(db, ids.slice(at, at + READ_PAGE))));
  return found;
}

async function documentOrdersPage(db: Db, ids: string[]): Promise<DocumentOrder[]> {
  if (ids.length === 0) return [];
  const [rows, items, booked, issued] = await db.batch([
    db.select(orderColumns).from(orders).where(inArray(orders.id, ids)),
    itemsOf(db, ids),
    db
      .select({
        orderId: shipments.orderId,
        courierCode: shipments.courierCode,
        waybill: shipments.waybillId,
      })
      .from(shipments)
      .where(inArray(shipments.orderId, ids)),
    db
      .select({ orderId: invoices.orderId, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
  ]);
  const byId = new Map(withItems(rows, items).map((order) => [order.id, order]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    const shipment = booked.find((row) => row.orderId === id);
    const invoice = issued.find((row) => row.orderId === id);
    return [
      {
        order,
        courier: shipment ? courierName(shipment.courierCode) : order.courier,
        service: order.shipping_service,
        waybill: shipment?.waybill ?? order.tracking_number,
        invoice: invoice ? { number: invoice.number, issuedAt: invoice.issuedAt } : null,
      },
    ];
  });
}

const HOUR = 60 * 60 * 1000;

/** The instants a WIB day ('YYYY-MM-DD') starts and ends, as the ISO times D1 stores. */
function wibDayRange(day: string) {
  const start = Date.parse(`${day}T00:00:00+07:00`);
  return { start: new Date(start).toISOString(), end: new Date(start + 24 * HOUR).toISOString() };
}

/** The day's paid orders not cancelled since, through invoices_issued. */
const paidOnDay = (day: string) => {
  const { start, end } = wibDayRange(day);
  return and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end), ne(orders.status, 'cancelled'));
};

/**
 * The orders whose money arrived on a WIB day ('YYYY-MM-DD'), in the order it arrived (their
 * invoice numbers'): the day's parcels to pack (invoices_issued). A cancelled one keeps its
 * invoice but has nothing to pack. From the start of `part` (of BULK_DOCUMENTS_MAX each), one
 * more than a part at most, so the caller sees a day that does not fit.
 */
export async function ordersPaidOn(db: Db, day: string, part = 1): Promise<string[]> {
  const rows = await db
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(paidOnDay(day))
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq))
    .limit(BULK_DOCUMENTS_MAX + 1)
    .offset((part - 1) * BULK_DOCUMENTS_MAX);
  return rows.map((row) => row.orderId);
}

/** How many orders ordersPaidOn has for the day: the parts the admin is offered. */
export async function countPaidOn(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(paidOnDay(day));
  return row?.n ?? 0;
}

/** The instants a WIB month ('YYYY-MM') starts and ends. */
function wibMonthRange(month: string) {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, number - 1, 1) - 7 * HOUR).toISOString(),
    end: new Date(Date.UTC(year, number, 1) - 7 * HOUR).toISOString(),
  };
}

/**
 * A month's invoices are one run of the gapless sequence (numbers are given in the order the
 * money arrives, each with its WIB month), so its first and last say how many there are; both are
 * found at the two ends of the month in invoices_issued, whatever the month's size.
 */
export async function invoiceMonthEnds(db: Db, month: string) {
  const { start, end } = wibMonthRange(month);
  const inMonth = and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end));
  const edge = (first: boolean) =>
    db
      .select({ seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .where(inMonth)
      .orderBy(
        first ? asc(invoices.issuedAt) : desc(invoices.issuedAt),
        first ? asc(invoices.seq) : desc(invoices.seq),
      )
      .limit(1);
  const [[first], [last]] = await db.batch([edge(true), edge(false)]);
  return first && last ? { first, last, count: last.seq - first.seq + 1 } : null;
}

/**
 * The orders of the month's invoices in part `part` (INVOICES_PER_PART each), in invoice-number
 * order: a range of the sequence, read through its unique index.
 */
export async function invoicedInMonth(db: Db, month: string, firstSeq: number, part: number) {
  const { start, end } = wibMonthRange(month);
  const from = firstSeq + (part - 1) * INVOICES_PER_PART;
  const rows = await db
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(
      and(
        gte(invoices.seq, from),
        lte(invoices.seq, from + INVOICES_PER_PART - 1),
        gte(invoices.issuedAt, start),
        lt(invoices.issuedAt, end),
      ),
    )
    .orderBy(asc(invoices.seq));
  return rows.map((row) => row.orderId);
}
