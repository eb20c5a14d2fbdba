import { z } from 'zod';
import { myOrdersQuerySchema, orderItemsSchema } from './orders.ts';

// 'Kredit Sampel' (issue 41, decision 061 part B): a sample size or a discovery set bought gives
// the customer a credit toward a full bottle of the same scent, usable once its order is delivered,
// within the days the admin sets, once. The server finds and applies it at checkout; the browser
// sends nothing about credits.

/** The admin's offer: on or off, and how many days a credit lasts from its order's delivery. */
export const sampleCreditSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Pilih apakah Kredit Sampel diberikan' }),
  validDays: z
    .number({ error: 'Masa berlaku harus berupa angka' })
    .int('Masa berlaku harus bilangan bulat (hari)')
    .min(1, 'Masa berlaku minimal 1 hari')
    .max(365, 'Masa berlaku maksimal 365 hari'),
});
export type SampleCreditSettings = z.infer<typeof sampleCreditSettingsSchema>;

export const sampleCreditStates = ['pending', 'available', 'used', 'expired', 'void'] as const;
export type SampleCreditState = (typeof sampleCreditStates)[number];

/** One credit as its customer reads it in 'Akun Saya'. */
export const sampleCreditSchema = z.object({
  id: z.string(),
  /** Integer rupiah: at most this comes off one full bottle of a scent in `products`. */
  amount: z.number().int(),
  /**
   * pending: its order is not delivered yet; available: usable until `expires_at`; used: taken by
   * `used_order_id`; expired; void: its order was cancelled before delivery.
   */
  state: z.enum(sampleCreditStates),
  source_order_id: z.string(),
  /** The line that earned it, as the order read it ('Set Discovery Pria 10 ml'). */
  source_name: z.string(),
  /** The scents whose full bottle it pays toward (a set: its samples' products). */
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Null while pending or void. */
  expires_at: z.string().nullable(),
  used_order_id: z.string().nullable(),
  created_at: z.string(),
});
export type SampleCredit = z.infer<typeof sampleCreditSchema>;

export const sampleCreditPageSchema = z.object({
  items: z.array(sampleCreditSchema),
  nextCursor: z.string().nullable(),
});
export type SampleCreditPage = z.infer<typeof sampleCreditPageSchema>;

/** The same keyset cursor as the orders' list (created_at~id). */
export const sampleCreditsQuerySchema = myOrdersQuerySchema;

/** What checkout asks: the cart's lines, never a voucher (its throttle stays the voucher check's). */
export const sampleCreditPreviewInputSchema = z.strictObject({ items: orderItemsSchema });

/** The credits the server would apply to these lines, before the cap `capSampleCredit` puts on them. */
export const sampleCreditPreviewSchema = z.object({
  credit_amount: z.number().int(),
  credits: z.array(
    z.object({
      id: z.string(),
      source_name: z.string(),
      product_name: z.string(),
      amount: z.number().int(),
    }),
  ),
});
export type SampleCreditPreview = z.infer<typeof sampleCreditPreviewSchema>;
