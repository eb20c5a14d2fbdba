import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../cart-cookie.ts';

// Saved carts and marketing consent (issue 40, decision 050): a signed-in customer's cart kept on
// the server as sizes and quantities (never a price from the browser), merged on sign-in.

const line = z.strictObject({
  variantId: z
    .string({ error: 'Ukuran tidak valid' })
    .min(1, 'Ukuran tidak valid')
    .max(64, 'Ukuran tidak valid'),
  quantity: z
    .number({ error: 'Jumlah harus berupa angka' })
    .int('Jumlah harus bilangan bulat')
    .min(1, 'Jumlah minimal 1')
    .max(MAX_LINE_QUANTITY, `Jumlah maksimal ${MAX_LINE_QUANTITY}`),
});

/**
 * PUT /api/cart and POST /api/cart/merge: the browser's lines in its order, each size once, at
 * most as many as one order holds.
 */
export const savedCartInputSchema = z.strictObject({
  lines: z
    .array(line, { error: 'Daftar keranjang tidak valid' })
    .max(MAX_ORDER_LINES, `Maksimal ${MAX_ORDER_LINES} produk di keranjang`)
    .refine((lines) => new Set(lines.map((l) => l.variantId)).size === lines.length, {
      error: 'Ukuran yang sama muncul lebih dari sekali',
    }),
});
export type SavedCartInput = z.infer<typeof savedCartInputSchema>;

/** A line as the cart shows it: the size's product, price and stock now (the server's). */
export const savedCartLineSchema = z.object({
  /** The product. */
  id: z.string(),
  variantId: z.string(),
  sizeMl: z.number().int().nullable(),
  name: z.string(),
  price: z.number().int(),
  image: z.string(),
  imageWidths: z.array(z.number().int()),
  stock: z.number().int().nullable(),
  maxPerOrder: z.number().int(),
  quantity: z.number().int(),
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

export const savedCartSchema = z.object({ lines: z.array(savedCartLineSchema) });
export type SavedCart = z.infer<typeof savedCartSchema>;

/** PUT /api/marketing/consent. */
export const marketingConsentInputSchema = z.strictObject({
  consent: z.boolean({ error: 'Persetujuan harus ya atau tidak' }),
});

/** Whether marketing email may be sent now: consent given and the address not unsubscribed. */
export const marketingConsentSchema = z.object({
  consent: z.boolean(),
  /** When the consent was given; null without one. */
  consentedAt: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;
