import { and, asc, eq } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { orders, shipmentBookings } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { drainQueue, type OutboxChannel, sweepQueue } from '../lib/outbox-queue.ts';
import { bookShipment, type ShipmentsEnv } from './shipments.ts';

// Booking on payment (decision 058): the rows orders/booking-on-payment.ts queued with a
// payment, booked through the one 'Buat Pengiriman' path on the outbox queue (lib/outbox-queue.ts):
// a drain right after the request that confirmed the payment, the Cron's sweep for retries (1, 2,
// 4, 8, 16 minutes), a lease while a drain holds a row. bookShipment itself is idempotent (the
// order's one shipment row, the order id as the aggregator's reference): never two bookings.

/** The admin's list of bookings that gave up: one screen. */
export const FAILED_BOOKINGS_LIMIT = 50;

/** A refusal no retry mends (not paid any more, no rate, no address, refused): it fails at once. */
function permanent(error: unknown): boolean {
  // 'shipment_exists': the admin's press is booking it right now; the next attempt finds it.
  return error instanceof AppError && error.status < 500 && error.code !== 'shipment_exists';
}

function bookingChannel(db: Db, env: ShipmentsEnv): OutboxChannel<typeof shipmentBookings> {
  return {
    table: shipmentBookings,
    name: 'shipment_booking',
    noAnswer: 'Pemesanan kurir terhenti tanpa jawaban',
    async send(row) {
      const outcome = await bookShipment(db, env, row.id, { actor: 'system' });
      const order = await db
        .select({ trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, row.id))
        .get();
      return order?.trackingNumber ?? outcome;
    },
    permanent,
  };
}

/** After a request confirmed a payment: its booking (and the shipped email) leave after the answer. */
export function bookSoon(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): void {
  const db = getDb(env.DB);
  ctx.waitUntil(
    drainQueue(db, bookingChannel(db, env)).then(
      () => drainOutboxSoon(env, ctx),
      (error: unknown) =>
        console.error(JSON.stringify({ event: 'shipment_booking_drain_failed', message: String(error) })),
    ),
  );
}

/** The Cron's sweep of due bookings (retries, and any a request's drain missed). */
export function sweepBookings(env: Env) {
  const db = getDb(env.DB);
  return sweepQueue(db, bookingChannel(db, env));
}

/** Bookings that gave up, newest first, for the admin to book by hand. */
export function failedBookings(db: Db) {
  return db
    .select({
      order_id: shipmentBookings.id,
      reason: shipmentBookings.lastError,
      attempts: shipmentBookings.attempts,
      created_at: shipmentBookings.createdAt,
      order_status: orders.status,
    })
    .from(shipmentBookings)
    .innerJoin(orders, eq(orders.id, shipmentBookings.id))
    .where(and(eq(shipmentBookings.status, 'failed'), eq(orders.status, 'processing')))
    .orderBy(asc(shipmentBookings.nextAttemptAt))
    .limit(FAILED_BOOKINGS_LIMIT);
}
