import { z } from 'zod';
import { multilineText } from './text.ts';

// Gift options (issue 40, decision 045): a message printed on the packing slip and gift wrapping,
// whose fee the admin sets and the server prices (the browser only asks for it).

export const GIFT_MESSAGE_MAX = 200;

/** What checkout sends for an order sent as a gift: a message, wrapping, or both. */
export const giftSchema = z.strictObject({
  message: multilineText()
    .max(GIFT_MESSAGE_MAX, `Pesan hadiah maksimal ${GIFT_MESSAGE_MAX} karakter`)
    .optional(),
  wrap: z.boolean({ error: 'Pilihan bungkus kado tidak valid' }),
});
export type GiftInput = z.input<typeof giftSchema>;

/** 'Biaya bungkus kado': whether the shop wraps gifts, and for how much (integer rupiah, 0 = free). */
export const giftWrapSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Pilih apakah bungkus kado ditawarkan' }),
  fee: z
    .number({ error: 'Biaya bungkus kado harus berupa angka' })
    .int('Biaya bungkus kado harus bilangan bulat')
    .min(0, 'Biaya bungkus kado tidak boleh negatif')
    .max(1_000_000, 'Biaya bungkus kado maksimal Rp1.000.000'),
});
export type GiftWrapSettings = z.infer<typeof giftWrapSettingsSchema>;
