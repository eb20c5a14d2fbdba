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
  const settings = await readCourierSettings(db);
  if (!settings?.bookOnPayment) return [];
  return [db.insert(shipmentBookings).values({ id: order.id }).onConflictDoNothing()];
}
