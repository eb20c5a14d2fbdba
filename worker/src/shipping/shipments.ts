import {
  type CourierSettings,
  finalShipmentStatuses,
  ORDER_NOT_FOUND,
  type ShipmentStatusName,
  shipmentInTransitStatuses,
  shipmentIssueNotes,
  shipmentPickedUpStatuses,
  shipmentStatusRank,
} from '@gi/contracts';
import { and, asc, eq, isNotNull, lt, lte } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { orderItems, orders, productVariants, shipmentEvents, shipments } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { recordFailure, recordSuccess } from '../lib/incidents.ts';
import { queueEmail } from '../lib/outbox.ts';
import { cancelReturnedCod } from '../orders/cancel.ts';
import { confirmDelivery, shipOrder } from '../orders/delivery.ts';
import { courierName } from '../orders/tracking.ts';
import { type Actor, event, loadOrderState, type OrderState, type Statement } from '../orders/transition.ts';
import { readCourierSettings, readPaymentSettings } from '../settings/rows.ts';
import {
  AggregatorRefused,
  AggregatorUnavailable,
  type BookingRequest,
  type Shipment,
  type ShipmentStatus,
} from './aggregator.ts';
import { courierAggregator } from './configured-aggregator.ts';
import { parcelItems } from './parcel.ts';

// What a shipment booked through the courier aggregator does to its order (decision 032), in
// one place: 'Buat Pengiriman' books it and ships the order; the aggregator's confirmed status
// (a webhook is only a hint, the Cron's poll catches what was missed) adds its history, moves it
// forward only, writes the timeline's courier steps and delivers the order.

type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentsEnv = Pick<Env, 'PUBLIC_ORIGIN' | 'BITESHIP_API_KEY' | 'BITESHIP_API_URL'>;
export type ShipmentSource = 'webhook' | 'poll';

/** How long after a status the Cron asks the aggregator about an open shipment. */
export const SHIPMENT_CHECK_MS = 30 * 60_000;
/** Shipments the Cron asks about per run at most: each is a request to the aggregator. */
export const SHIPMENT_POLL_BATCH = 10;
/** A claim older than this was left by a booking that died: the aggregator's reference makes a retry safe. */
const STALE_BOOKING_MS = 2 * 60_000;
/** A line whose size was deleted since: the migration's weight for a size of unknown volume. */
const UNKNOWN_WEIGHT_GRAMS = 300;

const NOT_ACTIVE =
  'Pengiriman otomatis belum aktif. Kirim paket sendiri lalu isi kurir dan nomor resi lewat status Dikirim.';
const NOT_COURIER_RATE =
  'Ongkir pesanan ini dihitung dari zona toko, bukan tarif kurir. Kirim paket sendiri lalu isi kurir dan nomor resi lewat status Dikirim.';
const NOT_PAID = 'Hanya pesanan yang sudah dibayar (Diproses) yang dapat dibuatkan pengiriman';
// Another press's booking holds the claim: it is being made, or was made a moment ago.
const BOOKING_UNDERWAY = 'Pengiriman untuk pesanan ini sedang dibuat. Muat ulang halaman sebentar lagi.';
const NO_ORIGIN =
  "Alamat penjemputan belum diatur. Lengkapi 'Tarif Kurir Langsung' di Edit Pengiriman terlebih dahulu.";
const NO_DESTINATION =
  'Telepon atau kode pos pembeli kosong, jadi kurir tidak dapat dipesan. Kirim paket sendiri lalu isi kurir dan nomor resi.';
const UNAVAILABLE =
  'Layanan kurir sedang tidak dapat dihubungi. Pesanan tidak berubah; coba lagi sebentar lagi.';
const refused = (code: number | null) =>
  `Layanan kurir menolak pemesanan${code ? ` (kode ${code})` : ''}. Periksa alamat penjemputan, alamat pembeli dan berat paket, atau kirim paket sendiri dengan nomor resi.`;

/**
 * A COD parcel on its way back (Biteship's `return_in_transit`: the recipient refused it or was
 * not found) is a problem the shop must hear of before it arrives (decision 034).
 */
const COD_RETURNING = 'Paket COD tidak diterima dan sedang dikembalikan ke toko';
const COD_RETURNED = 'Paket COD dikembalikan ke toko tanpa pembayaran';
/** A stored status the contracts do not know ranks as 'booking': it never blocks a move forward. */
const rankOf = (status: string): number =>
  shipmentStatusRank[status as ShipmentStatusName] ?? shipmentStatusRank.booking;

/** When the Cron asks next: never once final. */
const checkAfterOf = (status: ShipmentStatus, now: Date): string | null =>
  finalShipmentStatuses.includes(status) ? null : new Date(now.getTime() + SHIPMENT_CHECK_MS).toISOString();

/** The confirmed history as rows; a step already stored (a repeat, a late webhook) inserts nothing. */
function historyRows(db: Db, shipmentId: string, shipment: Shipment, source: 'booking' | ShipmentSource) {
  return shipment.history.map((step) =>
    db
      .insert(shipmentEvents)
      .values({
        shipmentId,
        status: step.status,
        note: step.note.slice(0, 500),
        // One clock for the key and the order: the aggregator writes its own offset (+07:00).
        happenedAt: new Date(step.at).toISOString(),
        source,
      })
      .onConflictDoNothing(),
  );
}

/** The parcel as booked: each line's size weighs what the catalogue says now, plus the packaging. */
async function bookingRequest(
  db: Db,
  order: OrderState['order'],
  settings: CourierSettings,
  courierCode: string,
  serviceCode: string,
  customerPhone: string,
  postalCode: string,
): Promise<BookingRequest> {
  const lines = await db
    .select({
      name: orderItems.productName,
      price: orderItems.productPrice,
      quantity: orderItems.quantity,
      weightGrams: productVariants.weightGrams,
      lengthCm: productVariants.lengthCm,
      widthCm: productVariants.widthCm,
      heightCm: productVariants.heightCm,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, order.id));
  const { origin } = settings;
  return {
    referenceId: order.id,
    courierCode,
    serviceCode,
    origin: {
      contactName: origin.customerName,
      contactPhone: origin.customerPhone,
      address: origin.customerAddress,
      postalCode: origin.postalCode,
    },
    destination: {
      contactName: order.customerName,
      contactPhone: customerPhone,
      contactEmail: order.customerEmail,
      address: order.customerAddress,
      postalCode,
    },
    items: parcelItems(
      lines.map((line) => ({ ...line, weightGrams: line.weightGrams ?? UNKNOWN_WEIGHT_GRAMS })),
      settings.packagingWeightGrams,
    ),
  };
}

/** Takes the order's one shipment for this booking: a second press finds the row and is refused. */
async function claim(db: Db, orderId: string, provider: string, courierCode: string, serviceCode: string) {
  const id = crypto.randomUUID();
  const staleBefore = new Date(Date.now() - STALE_BOOKING_MS).toISOString();
  // A claim whose booking died (the Worker stopped mid-request) would block the order for good.
  await db
    .delete(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.status, 'booking'),
        lt(shipments.createdAt, staleBefore),
      ),
    );
  try {
    await db.insert(shipments).values({ id, orderId, provider, courierCode, serviceCode, status: 'booking' });
  } catch (err) {
    if (isConstraintError(err, 'shipments.order_id'))
      throw new AppError(409, 'shipment_exists', BOOKING_UNDERWAY);
    throw err;
  }
  return id;
}

/**
 * 'Buat Pengiriman': books the paid order's shipment with the courier service it was priced
 * with and ships the order with the resi, in one batch with the shipment's row. 'existing' when
 * the order was booked before (its answer is the order as it is).
 */
export async function bookShipment(
  db: Db,
  env: ShipmentsEnv,
  orderId: string,
  who: Actor,
): Promise<'booked' | 'existing'> {
  const state = await loadOrderState(db, orderId);
  if (!state) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  const existing = await db
    .select({ status: shipments.status })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .get();
  if (existing && existing.status !== 'booking') return 'existing';
  const aggregator = courierAggregator(env);
  if (!aggregator) throw new AppError(409, 'courier_off', NOT_ACTIVE);
  const { order } = state;
  if (order.status !== 'processing') throw new AppError(409, 'invalid_transition', NOT_PAID);
  const { shippingCourierCode: courierCode, shippingServiceCode: serviceCode } = order;
  if (!courierCode || !serviceCode) throw new AppError(409, 'not_courier_rate', NOT_COURIER_RATE);
  const settings = await readCourierSettings(db);
  if (!settings) throw new AppError(409, 'no_pickup_address', NO_ORIGIN);
  if (!order.customerPhone || !order.postalCode)
    throw new AppError(422, 'incomplete_address', NO_DESTINATION);
  const request = await bookingRequest(
    db,
    order,
    settings,
    courierCode,
    serviceCode,
    order.customerPhone,
    order.postalCode,
  );

  // Cash on delivery: the courier collects the order's whole total (its COD fee included).
  if (state.open?.method === 'cod') request.cashOnDelivery = order.totalAmount;

  const id = await claim(db, order.id, aggregator.provider, courierCode, serviceCode);
  let booked: Shipment;
  try {
    booked = await aggregator.book(request);
  } catch (err) {
    // Nothing was booked (or the aggregator will answer the same shipment to the next press).
    await db.delete(shipments).where(and(eq(shipments.id, id), eq(shipments.status, 'booking')));
    // The courier refusing or silent again and again is an incident for the owner (decision 058).
    if (err instanceof AggregatorRefused || err instanceof AggregatorUnavailable)
      await recordFailure(db, env, 'courier', err);
    if (err instanceof AggregatorRefused) throw new AppError(422, 'courier_refused', refused(err.code));
    if (err instanceof AggregatorUnavailable) throw new AppError(502, 'courier_unavailable', UNAVAILABLE);
    throw err;
  }

  await recordSuccess(db, 'courier');
  const now = new Date();
  const fill = db
    .update(shipments)
    .set({
      providerOrderId: booked.providerOrderId,
      status: booked.status,
      waybillId: booked.waybillId,
      trackingId: booked.trackingId,
      trackingUrl: booked.trackingUrl,
      price: booked.price,
      checkAfter: checkAfterOf(booked.status, now),
      updatedAt: now.toISOString(),
    })
    .where(eq(shipments.id, id));
  const history = historyRows(db, id, booked, 'booking');
  try {
    await shipOrder(db, env, state, who, {
      courier: courierName(courierCode),
      trackingNumber: booked.waybillId,
      tracking: { url: booked.trackingUrl },
      also: [fill, ...history],
      action: 'shipment',
    });
  } catch (err) {
    // Cancelled meanwhile: the booked shipment stays on record for the admin to cancel at the courier.
    await db.batch([fill, ...history]);
    throw err;
  }
  return 'booked';
}

/** The id of the shipment the aggregator's webhook names, if this shop booked it with that aggregator. */
export async function shipmentIdOf(
  db: Db,
  provider: string,
  providerOrderId: string,
): Promise<string | null> {
  const row = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.provider, provider), eq(shipments.providerOrderId, providerOrderId)))
    .get();
  return row?.id ?? null;
}

export type ShipmentApplied = 'applied' | 'ignored';

/**
 * The aggregator's confirmed view of one shipment (never a webhook's own words): its history
 * is recorded, its status moves forward only (a conditional update, read again when another
 * request moved it first), a waybill assigned later becomes the order's resi, and the first
 * reach of a step writes the order's timeline: picked up, in transit, a problem (the shop is
 * told; the order is not cancelled) or delivered. An order cancelled or delivered already
 * keeps its status.
 */
export async function applyShipmentUpdate(
  db: Db,
  env: ShipmentsEnv,
  shipmentId: string,
  confirmed: Shipment,
  source: ShipmentSource,
): Promise<ShipmentApplied> {
  // Three reads at most: each retry follows another request's update of the same shipment.
  for (let tries = 0; tries < 3; tries += 1) {
    const row = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).get();
    // While 'booking' the booking itself writes what the aggregator answered.
    if (!row || row.status === 'booking') return 'ignored';
    const state = await loadOrderState(db, row.orderId);
    if (!state) return 'ignored';
    const now = new Date();
    const at = now.toISOString();
    const forward = rankOf(confirmed.status) > rankOf(row.status);
    const newWaybill = confirmed.waybillId !== null && confirmed.waybillId !== row.waybillId;
    const move = db
      .update(shipments)
      .set({
        waybillId: confirmed.waybillId ?? row.waybillId,
        trackingId: confirmed.trackingId ?? row.trackingId,
        trackingUrl: confirmed.trackingUrl ?? row.trackingUrl,
        price: confirmed.price,
        ...(forward ? { status: confirmed.status, checkAfter: checkAfterOf(confirmed.status, now) } : {}),
        updatedAt: at,
      })
      .where(and(eq(shipments.id, row.id), eq(shipments.status, row.status)))
      .returning({ id: shipments.id });
    const resi =
      newWaybill && state.order.status !== 'cancelled'
        ? [
            db
              .update(orders)
              .set({ trackingNumber: confirmed.waybillId, updatedAt: at })
              .where(eq(orders.id, row.orderId)),
          ]
        : [];
    const [moved] = await db.batch([move, ...historyRows(db, row.id, confirmed, source), ...resi]);
    if (moved.length === 0) continue;
    if (forward && state.order.status === 'shipped') await reached(db, env, state, row, confirmed.status, at);
    return 'applied';
  }
  throw new AggregatorUnavailable('Pengiriman berubah terus; dicoba lagi nanti');
}

/** The order's side of a status the shipment reached first (`row` is the shipment before it). */
async function reached(
  db: Db,
  env: ShipmentsEnv,
  state: OrderState,
  row: ShipmentRow,
  status: ShipmentStatus,
  at: string,
): Promise<void> {
  const system: Actor = { actor: 'system' };
  const { order } = state;
  const before = rankOf(row.status);
  const steps: Statement[] = [];
  if (shipmentPickedUpStatuses.includes(status) && before < shipmentStatusRank.picked) {
    steps.push(event(db, order, 'picked_up', 'shipped', system, at));
  }
  if (shipmentInTransitStatuses.includes(status) && before < shipmentStatusRank.in_transit) {
    steps.push(event(db, order, 'in_transit', 'shipped', system, at));
  }
  const cod = state.open?.method === 'cod';
  const reason =
    cod && status === 'return_in_transit'
      ? COD_RETURNING
      : cod && status === 'returned'
        ? COD_RETURNED
        : shipmentIssueNotes[status];
  if (reason) {
    const { notificationEmail } = await readPaymentSettings(db);
    steps.push(
      event(db, order, 'shipment_issue', 'shipped', system, at, reason),
      queueEmail(db, env, {
        to: notificationEmail,
        template: 'shop-shipment-issue',
        data: {
          orderId: order.id,
          customerName: order.customerName,
          courier: courierName(row.courierCode),
          waybillId: order.trackingNumber ?? row.waybillId,
          reason,
        },
      }),
    );
  }
  const [first, ...rest] = steps;
  if (first) await db.batch([first, ...rest]);
  // Back at the shop unpaid: the order is cancelled and its stock returns (decision 034).
  if (cod && status === 'returned') {
    try {
      await cancelReturnedCod(db, env, state, COD_RETURNED);
    } catch (err) {
      // Delivered or changed a moment ago by another request: its own step stands.
      if (!(err instanceof AppError)) throw err;
    }
    return;
  }
  if (status !== 'delivered') return;
  try {
    await confirmDelivery(db, env, state, system);
  } catch (err) {
    // The customer pressed 'Pesanan Diterima' a moment ago: delivered all the same.
    if (!(err instanceof AppError)) throw err;
  }
}

/**
 * The Cron's look at open shipments whose webhook may have been missed: at most `limit`, the
 * longest due first, through the partial index `shipments_check`; each is asked about again
 * after SHIPMENT_CHECK_MS, and an aggregator that does not answer is asked next time.
 */
export async function pollShipments(
  env: Pick<Env, 'DB'> & ShipmentsEnv,
  now: Date,
  limit = SHIPMENT_POLL_BATCH,
): Promise<number> {
  const aggregator = courierAggregator(env);
  if (!aggregator) return 0;
  const db = getDb(env.DB);
  const due = await db
    .select({ id: shipments.id, providerOrderId: shipments.providerOrderId })
    .from(shipments)
    .where(and(isNotNull(shipments.checkAfter), lte(shipments.checkAfter, now.toISOString())))
    .orderBy(asc(shipments.checkAfter))
    .limit(limit);
  let applied = 0;
  for (const { id, providerOrderId } of due) {
    await db
      .update(shipments)
      .set({ checkAfter: new Date(now.getTime() + SHIPMENT_CHECK_MS).toISOString() })
      .where(eq(shipments.id, id));
    if (!providerOrderId) continue;
    try {
      const confirmed = await aggregator.shipment(providerOrderId);
      if (confirmed && (await applyShipmentUpdate(db, env, id, confirmed, 'poll')) === 'applied')
        applied += 1;
      await recordSuccess(db, 'courier');
    } catch (err) {
      if (err instanceof AggregatorRefused || err instanceof AggregatorUnavailable)
        await recordFailure(db, env, 'courier', err);
      console.error(JSON.stringify({ event: 'shipment_poll_failed', shipmentId: id, ...loggableError(err) }));
    }
  }
  return applied;
}
