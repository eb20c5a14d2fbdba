import { z } from 'zod';
import { gatewayChannels, paymentChannels, paymentFlags } from '../gateway-labels.ts';

// Payment through a gateway (issue 28, docs/decisions/026-payment-gateway.md).

const channelSchema = z.enum(gatewayChannels, { error: 'Pilih cara pembayaran yang tersedia' });
/** A gateway channel or 'bank_transfer': checkout's `paymentChannel`, the order page's `channel`. */
export const paymentChannelSchema = z.enum(paymentChannels, { error: 'Pilih cara pembayaran' });

const rupiah = (label: string, max: number) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .int(`${label} harus bilangan bulat rupiah`)
    .min(0, `${label} tidak boleh negatif`)
    .max(max, `${label} paling banyak Rp ${max.toLocaleString('id-ID')}`);

/**
 * Cash on delivery (decision 034): offered only when on, for orders priced by a courier's live
 * rate whose service takes COD, up to `maxOrderValue` (the total with the fee; 0: no limit).
 * `fee` is added to the order as its own line.
 */
export const codSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Pilih apakah COD tersedia' }),
  fee: rupiah('Biaya COD', 1_000_000),
  maxOrderValue: rupiah('Batas nilai pesanan COD', 1_000_000_000),
});
export type CodSettings = z.output<typeof codSettingsSchema>;

/** The admin's gateway settings ('Pengaturan Pembayaran'): which channels the shop offers. */
export const gatewaySettingsSchema = z.strictObject({
  channels: z
    .array(channelSchema)
    .max(gatewayChannels.length)
    .transform((list) => gatewayChannels.filter((channel) => list.includes(channel))),
  /** Whether the manual transfer with a receipt (decision 015) is still offered. */
  manualTransfer: z.boolean({ error: 'Pilih apakah transfer manual tetap tersedia' }),
  /** Cash on delivery (decision 034); settings saved before it read as off. */
  cod: codSettingsSchema.default({ enabled: false, fee: 0, maxOrderValue: 0 }),
});
export type GatewaySettings = z.output<typeof gatewaySettingsSchema>;
/** The settings as the API answers them. */
export const gatewaySettingsAnswerSchema = z.object({
  channels: z.array(z.enum(gatewayChannels)),
  manualTransfer: z.boolean(),
  cod: z.object({ enabled: z.boolean(), fee: z.number().int(), maxOrderValue: z.number().int() }),
}) satisfies z.ZodType<GatewaySettings>;
export type GatewaySettingsInput = z.input<typeof gatewaySettingsSchema>;

/** POST /api/orders/:id/gateway-payment: the shopper's choice; bank_transfer goes back to decision 015's transfer. */
export const gatewayPaymentSchema = z.strictObject({ channel: paymentChannelSchema });
export type GatewayPaymentInput = z.input<typeof gatewayPaymentSchema>;

/** What the order page offers while the order waits for payment. */
export const paymentOptionsSchema = z.object({
  /** Gateway channels, empty when the gateway is off (no server key) or the admin offers none. */
  channels: z.array(z.enum(gatewayChannels)),
  manual_transfer: z.boolean(),
  /**
   * Cash on delivery when the admin offers it (decision 034): its fee and the order-value limit
   * (0: none). Checkout offers it only for a courier option marked `cod`; null when off.
   */
  cod: z.object({ fee: z.number().int(), max_order_value: z.number().int() }).nullable(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/**
 * GET /api/payment-options: what checkout offers before the order exists, and the channel this
 * customer chose on their latest order (preselected when still offered), null for a first order.
 */
export const checkoutPaymentOptionsSchema = paymentOptionsSchema.extend({
  last_channel: z.enum(paymentChannels).nullable(),
  /** Order updates on WhatsApp are on (decision 049): checkout offers the opt-in only then. */
  whatsapp: z.boolean(),
});
export type CheckoutPaymentOptions = z.infer<typeof checkoutPaymentOptionsSchema>;

/** One row of the gateway's history of an attempt, for the admin (GET /api/admin/orders/:id/gateway). */
export const gatewayNotificationSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  source: z.enum(['notification', 'poll']),
  transaction_status: z.string(),
  fraud_status: z.string().nullable(),
  payment_type: z.string().nullable(),
  transaction_id: z.string().nullable(),
  gross_amount: z.string().nullable(),
  outcome: z.enum(['paid', 'pending', 'failed', 'refund', 'flagged', 'ignored']),
  created_at: z.string(),
});
export type GatewayNotification = z.infer<typeof gatewayNotificationSchema>;

/** GET /api/admin/orders/:id/gateway: the order's flag and its gateway history, newest first (bounded). */
export const gatewayHistorySchema = z.object({
  payment_flag: z.enum(paymentFlags).nullable(),
  notifications: z.array(gatewayNotificationSchema),
});
export type GatewayHistory = z.infer<typeof gatewayHistorySchema>;
