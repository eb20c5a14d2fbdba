import { z } from 'zod';
import { emailSchema } from './auth.ts';

// 'Kabari Saya' and the unsubscribe of marketing email (issue 40, decision 042).

/**
 * POST /api/products/{id}/notify: the sold-out size, and a guest's address. A signed-in customer
 * is told at the account's address, whatever the body says.
 */
export const backInStockInputSchema = z.object({
  variantId: z.string().trim().min(1, 'Pilih ukuran').max(64, 'Ukuran tidak ditemukan'),
  email: emailSchema.optional(),
});
export type BackInStockInput = z.input<typeof backInStockInputSchema>;

export const backInStockSchema = z.object({
  variantId: z.string(),
  /** The address the email will go to. */
  email: z.string(),
  message: z.string(),
});
export type BackInStock = z.infer<typeof backInStockSchema>;

/** The guest's ask without an address. */
export const BACK_IN_STOCK_EMAIL_NEEDED = 'Email harus diisi';
/** The size can be bought now: nothing to wait for. */
export const BACK_IN_STOCK_IN_STOCK = 'Ukuran ini masih tersedia, silakan langsung dipesan.';
/** An address that asked for no more marketing email, from a guest (who cannot prove it is theirs). */
export const BACK_IN_STOCK_UNSUBSCRIBED =
  'Email ini sudah berhenti berlangganan email dari kami, jadi kabar stok tidak dapat dikirim. Masuk ke akun dengan email ini untuk berlangganan lagi.';

/** The unsubscribe link's token (signed by the shop, no expiry). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(16, 'Tautan berhenti berlangganan tidak valid').max(1000),
});

export {
  UNSUBSCRIBE_CONFIRM_FIELD,
  type UnsubscribeOutcome,
  unsubscribeLanding,
  unsubscribeOutcomes,
} from '../unsubscribe-outcomes.ts';
