import type { Db } from '../db/client.ts';
import { shipmentBookings } from '../db/schema.ts';
import { readCourierSettings } from '../settings/rows.ts';
import type { OrderState, Statement } from './transition.ts';

/**
 * Booking on payment (decision 058): with the admin's 'Pesan kurir otomatis setelah dibayar' on,
 * an order priced by a courier's rate gets its booking queued in the batch that confirms its
 * payment. shipping/auto-booking.ts books it after the answer (and the Cron retries): the payment
 * never waits on the courier. The order's id keys the row: a repeat queues nothing.
 */
export async function queueBookingOnPayment(db: Db, order: OrderState['order']): Promise<Statement[]> {
  if (!order.shippingCourierCode || !order.shippingServiceCode) return [];
  if (!(await bookingOnPayment(db))) return [];
  return [queuedBooking(db, order.id)];
}

/** Whether the admin's booking on payment is on. */
export async function bookingOnPayment(db: Db): Promise<boolean> {
  return (await readCourierSettings(db))?.bookOnPayment === true;
}

/**
 * The booking row of an order, for the batch that makes it ready to ship: the one that confirms
 * its payment, or the one that places a cash-on-delivery order (decision 034), which is ready to
 * ship as it is placed with nothing to pay first.
 */
export function queuedBooking(db: Db, orderId: string): Statement {
  return db.insert(shipmentBookings).values({ id: orderId }).onConflictDoNothing();
}
