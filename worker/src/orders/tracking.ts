import {
  type CourierCode,
  courierLabels,
  type OrderShipment,
  SHIPMENT_HISTORY_LIMIT,
  type ShipmentStatusName,
  shipmentStatuses,
  shipmentStatusLabels,
} from '@gi/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, shipmentEvents, shipments } from '../db/schema.ts';

// An order's shipment as its answers show it (decision 032): read in the order detail's own
// round trip (orders/reads.ts), so the order page costs no extra request.

/** The courier's name as the shop shows it ('JNE'); an unknown code as the aggregator spells it. */
export function courierName(code: string): string {
  return courierLabels[code as CourierCode] ?? code.toUpperCase();
}

/** A stored status as the answer's enum: a word the contracts do not know reads as the booking's. */
const statusOf = (value: string): ShipmentStatusName =>
  (shipmentStatuses as readonly string[]).includes(value) ? (value as ShipmentStatusName) : 'confirmed';

/** The order's shipment row with the service checkout showed; at most one (UNIQUE order_id). */
export const shipmentOfOrder = (db: Db, orderId: string) =>
  db
    .select({ shipment: shipments, serviceName: orders.shippingService })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.orderId, orderId));

/**
 * The order's tracking history, newest first and bounded, through the primary key; steps of the
 * same second (a courier's scan and its hand-over) keep the order they were recorded in.
 */
export const trackingOfOrder = (db: Db, orderId: string) =>
  db
    .select({ status: shipmentEvents.status, note: shipmentEvents.note, at: shipmentEvents.happenedAt })
    .from(shipmentEvents)
    .where(
      eq(
        shipmentEvents.shipmentId,
        db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)),
      ),
    )
    .orderBy(desc(shipmentEvents.happenedAt), desc(sql`rowid`))
    .limit(SHIPMENT_HISTORY_LIMIT);

export function shipmentAnswer(
  rows: Awaited<ReturnType<typeof shipmentOfOrder>>,
  history: Awaited<ReturnType<typeof trackingOfOrder>>,
): OrderShipment | null {
  const [row] = rows;
  if (!row) return null;
  const { shipment } = row;
  const status = statusOf(shipment.status);
  return {
    courier_code: shipment.courierCode,
    courier_name: courierName(shipment.courierCode),
    service_code: shipment.serviceCode,
    service_name: row.serviceName,
    waybill_id: shipment.waybillId,
    tracking_url: shipment.trackingUrl,
    status,
    status_label: shipmentStatusLabels[status],
    history: history.map((step) => {
      const stepStatus = statusOf(step.status);
      return { status: stepStatus, label: shipmentStatusLabels[stepStatus], note: step.note, at: step.at };
    }),
  };
}
