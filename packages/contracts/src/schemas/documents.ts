import { z } from 'zod';
import { lineText, multilineText } from './text.ts';

// Printed documents (issue 42, decision 057): the invoice's seller, and the day's packing slips
// and shipping labels.

/** NPWP: 16 digits since 2024 (the old 15-digit number is still printed by some), dots and dashes allowed. */
const npwpSchema = lineText()
  .max(30)
  .refine(
    (v) => /^[\d.\-\s]+$/.test(v) && [15, 16].includes(v.replace(/\D/g, '').length),
    'NPWP harus 15 atau 16 digit angka',
  );

/**
 * 'included': the shop is a PKP (Pengusaha Kena Pajak) and its prices include PPN, which the
 * invoice takes out of the total; 'none': not a PKP, the invoice carries no PPN.
 */
export const invoiceTaxModes = ['included', 'none'] as const;

/** 'Faktur': the seller printed on every invoice and shipping label. */
export const invoiceSettingsSchema = z.strictObject({
  companyName: lineText()
    .min(2, 'Nama perusahaan harus diisi')
    .max(120, 'Nama perusahaan maksimal 120 karakter'),
  npwp: npwpSchema,
  address: multilineText()
    .min(10, 'Alamat perusahaan minimal 10 karakter')
    .max(300, 'Alamat maksimal 300 karakter'),
  tax: z.enum(invoiceTaxModes, { error: 'Pilih status PPN toko' }),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** The 409 of an order not paid yet: it has no invoice number. */
export const INVOICE_NOT_ISSUED = 'Faktur terbit setelah pembayaran pesanan diterima';

/** A date in WIB, 'YYYY-MM-DD': the day whose paid orders are printed. */
const wibDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal harus berformat YYYY-MM-DD')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'Tanggal tidak valid');

/** The bulk documents: the orders paid on a WIB day, or the selected orders (at most a page). */
export const bulkDocumentsQuerySchema = z
  .strictObject({
    date: wibDay.optional(),
    ids: z
      .string()
      .max(50 * 37, 'Paling banyak 50 pesanan sekaligus')
      .optional(),
    format: z.enum(['a4', 'label'], { error: 'Format harus a4 atau label' }).optional(),
  })
  .refine((q) => (q.date === undefined) !== (q.ids === undefined), 'Pilih tanggal atau pesanan');

export const paperFormatQuerySchema = z.strictObject({
  format: z.enum(['a4', 'label'], { error: 'Format harus a4 atau label' }).optional(),
});
