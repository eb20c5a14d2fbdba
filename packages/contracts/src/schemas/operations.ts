import { z } from 'zod';
import { multilineText } from './text.ts';

// Orders with fewer hands and operations (issue 42, decision 058): bulk 'Buat Pengiriman', the
// dashboard's open incidents and failed automatic bookings, replies from the customer-service inbox.

/** Orders one bulk 'Buat Pengiriman' books at most: each is a request to the courier. */
export const BULK_SHIPMENT_MAX = 20;

export const bulkShipmentInputSchema = z.strictObject({
  ids: z
    .array(z.string().max(200), { error: 'Pilih pesanan yang akan dikirim' })
    .min(1, 'Pilih minimal satu pesanan')
    .max(BULK_SHIPMENT_MAX, `Paling banyak ${BULK_SHIPMENT_MAX} pesanan sekaligus`),
});
export type BulkShipmentInput = z.input<typeof bulkShipmentInputSchema>;

/** One order's outcome: booked (or booked before), or why not, in Indonesian. */
export const bulkShipmentResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  message: z.string(),
  tracking_number: z.string().nullable(),
});
export const bulkShipmentAnswerSchema = z.object({ results: z.array(bulkShipmentResultSchema) });
export type BulkShipmentAnswer = z.infer<typeof bulkShipmentAnswerSchema>;

export const incidentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** What keeps failing, in Indonesian. */
  title: z.string(),
  failures: z.number().int(),
  last_error: z.string().nullable(),
  started_at: z.string(),
  opened_at: z.string(),
  last_failed_at: z.string(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const failedBookingSchema = z.object({
  order_id: z.string(),
  /** The courier's or the shop's refusal, in Indonesian. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
});
export type FailedBooking = z.infer<typeof failedBookingSchema>;

/** GET /api/admin/operations: what needs someone's eyes. */
export const operationsAnswerSchema = z.object({
  incidents: z.array(incidentSchema),
  failedBookings: z.array(failedBookingSchema),
});
export type OperationsAnswer = z.infer<typeof operationsAnswerSchema>;

export const serviceReplyInputSchema = z.strictObject({
  body: multilineText().min(1, 'Balasan harus diisi').max(5000, 'Balasan maksimal 5.000 karakter'),
});
export type ServiceReplyInput = z.input<typeof serviceReplyInputSchema>;

export const serviceReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});
export type ServiceReply = z.infer<typeof serviceReplySchema>;

/** A contact message's thread: where a reply goes (null: not from the contact form) and the replies, oldest first. */
export const serviceThreadSchema = z.object({
  contact_email: z.string().nullable(),
  replies: z.array(serviceReplySchema),
});
export type ServiceThread = z.infer<typeof serviceThreadSchema>;
