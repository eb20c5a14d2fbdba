import { z } from 'zod';
import { type GatewayChannel, gatewayChannels, type PaymentFlag } from '../gateway-labels.ts';

// Payment through a gateway (issue 28, docs/decisions/026-payment-gateway.md).

const channelSchema = z.enum(gatewayChannels, { error: 'Pilih cara pembayaran yang tersedia' });

/** The admin's gateway settings ('Pengaturan Pembayaran'): which channels the shop offers. */
export const gatewaySettingsSchema = z.strictObject({
  channels: z
    .array(channelSchema)
    .max(gatewayChannels.length)
    .transform((list) => gatewayChannels.filter((channel) => list.includes(channel))),
  /** Whether the manual transfer with a receipt (decision 015) is still offered. */
  manualTransfer: z.boolean({ error: 'Pilih apakah transfer manual tetap tersedia' }),
});
export type GatewaySettings = z.output<typeof gatewaySettingsSchema>;
export type GatewaySettingsInput = z.input<typeof gatewaySettingsSchema>;

/** POST /api/orders/:id/gateway-payment: the shopper's choice; bank_transfer goes back to decision 015's transfer. */
export const gatewayPaymentSchema = z.strictObject({
  channel: z.union([channelSchema, z.literal('bank_transfer')], {
    error: 'Pilih cara pembayaran yang tersedia',
  }),
});
export type GatewayPaymentInput = z.input<typeof gatewayPaymentSchema>;

/** What the order page offers while the order waits for payment. */
export interface PaymentOptions {
  /** Gateway channels, empty when the gateway is off (no server key) or the admin offers none. */
  channels: GatewayChannel[];
  manual_transfer: boolean;
}

/** One row of the gateway's history of an attempt, for the admin (GET /api/admin/orders/:id/gateway). */
export interface GatewayNotification {
  id: string;
  payment_id: string;
  source: 'notification' | 'poll';
  transaction_status: string;
  fraud_status: string | null;
  payment_type: string | null;
  transaction_id: string | null;
  gross_amount: string | null;
  outcome: 'paid' | 'pending' | 'failed' | 'refund' | 'flagged' | 'ignored';
  created_at: string;
}

/** GET /api/admin/orders/:id/gateway: the order's flag and its gateway history, newest first (bounded). */
export interface GatewayHistory {
  payment_flag: PaymentFlag | null;
  notifications: GatewayNotification[];
}
