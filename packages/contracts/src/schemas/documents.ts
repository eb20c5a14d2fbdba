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

/**
 * At most this many orders go in one bulk PDF (one page each, drawn within a request's CPU time):
 * a bigger day prints in parts of this size, and a longer selection is refused.
 */
export const BULK_DOCUMENTS_MAX = 100;

/** A part of a longer list printed in pieces: 1 for the first. */
const partSchema = z.coerce
  .number({ error: 'Bagian harus berupa angka' })
  .int('Bagian harus berupa angka bulat')
  .min(1, 'Bagian mulai dari 1')
  .max(10_000, 'Bagian terlalu besar');

/**
 * The bulk documents: the orders paid on a WIB day (in parts of BULK_DOCUMENTS_MAX, `part`), or
 * the selected orders (at most BULK_DOCUMENTS_MAX).
 */
export const bulkDocumentsQuerySchema = z
  .strictObject({
    date: wibDay.optional(),
    part: partSchema.optional(),
    ids: z
      .string()
      .max(BULK_DOCUMENTS_MAX * 37, `Paling banyak ${BULK_DOCUMENTS_MAX} pesanan sekaligus`)
      .optional(),
    format: z.enum(['a4', 'label'], { error: 'Format harus a4 atau label' }).optional(),
  })
  .refine((q) => (q.date === undefined) !== (q.ids === undefined), 'Pilih tanggal atau pesanan')
  .refine((q) => q.part === undefined || q.date !== undefined, 'Bagian hanya untuk cetak per tanggal');

/** The day whose paid orders the admin is about to print. */
export const documentsDayQuerySchema = z.strictObject({ date: wibDay });

/** How a list of documents is printed: its size and the parts of `perPart` it is printed in. */
export const documentPartsSchema = z.object({
  count: z.number().int().nonnegative(),
  perPart: z.number().int().positive(),
});
export type DocumentParts = z.infer<typeof documentPartsSchema>;

/**
 * One PDF of invoices holds at most this many: drawn in a few seconds of CPU, well within a
 * request's 30 s, and about 400 KB (decision 057 has the measurement).
 */
export const INVOICES_PER_PART = 200;

/** A month in WIB, 'YYYY-MM': the month whose invoices go to the accountant. */
const wibMonth = z
  .string({ error: 'Bulan harus berformat YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM, misalnya 2026-11');

export const invoiceMonthQuerySchema = z.strictObject({ month: wibMonth });
export const invoiceMonthPdfQuerySchema = z.strictObject({ month: wibMonth, part: partSchema.optional() });

/** The month's invoices: how many, in parts of `perPart`, and the first and last numbers. */
export const invoiceMonthSchema = documentPartsSchema.extend({
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type InvoiceMonth = z.infer<typeof invoiceMonthSchema>;

/** The 404 of a month without an invoice. */
export const NO_INVOICES_IN_MONTH = 'Tidak ada faktur pada bulan itu';

export const paperFormatQuerySchema = z.strictObject({
  format: z.enum(['a4', 'label'], { error: 'Format harus a4 atau label' }).optional(),
});
