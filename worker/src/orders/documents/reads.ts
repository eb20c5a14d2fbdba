import type { Order } from '@gi/contracts';
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
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

/** At most this many orders go in one bulk PDF: one page each, drawn within a request's CPU time. */
export const BULK_LIMIT = 100;

/** The orders of `ids`, in that order, each with what its documents print; missing ids are skipped. */
export async function documentOrders(db: Db, ids: string[]): Promise<DocumentOrder[]> {
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

/**
 * The orders whose money arrived on a WIB day ('YYYY-MM-DD'), in the order it arrived (their
 * invoice numbers'): the day's parcels to pack (invoices_issued). A cancelled one keeps its
 * invoice but has nothing to pack. One more than BULK_LIMIT at most, so a day that has more is
 * refused rather than printed short.
 */
export async function ordersPaidOn(db: Db, day: string): Promise<string[]> {
  const start = Date.parse(`${day}T00:00:00+07:00`);
  const rows = await db
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        gte(invoices.issuedAt, new Date(start).toISOString()),
        lt(invoices.issuedAt, new Date(start + 24 * 60 * 60 * 1000).toISOString()),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(invoices.issuedAt))
    .limit(BULK_LIMIT + 1);
  return rows.map((row) => row.orderId);
}
