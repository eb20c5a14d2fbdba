import { z } from 'zod';
import { lineText, multilineText } from './text.ts';

// A product's trust marks (issue 41, decision 043): the BPOM cosmetic notification, a halal
// certificate and the ingredients, edited with the product and shown on its page.

/**
 * A BPOM cosmetic notification number as printed on the pack: 'N' and a letter A–E (A for
 * Indonesia; B–E other ASEAN countries) then 11 digits (NA18201200456), or a kit's 'NKIT' and 9
 * digits (PerBPOM No. 30 Tahun 2020). Spaces are dropped and letters made capitals.
 */
export const BPOM_NUMBER = /^(?:N[A-E]\d{11}|NKIT\d{9})$/;
export const INGREDIENTS_MAX_LENGTH = 2000;
/** Days before a notification ends that the shop is reminded (the Cron's email; the admin form says so). */
export const BPOM_REMINDER_DAYS = [60, 14] as const;
export { BPOM_CHECK_URL } from '../trust-marks-link.ts';

const blankIsNull = (value: unknown) => (value === '' ? null : value);

const bpomNumber = z
  .string({ error: 'Nomor notifikasi BPOM harus berupa teks' })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        BPOM_NUMBER,
        'Nomor notifikasi BPOM harus 2 huruf dan 11 angka, contoh: NA18201200456 (kit: NKIT dan 9 angka)',
      ),
  );

/** A calendar day 'YYYY-MM-DD' that exists (no 31 February). */
const isoDay = z
  .string({ error: 'Tanggal harus ditulis TTTT-BB-HH, contoh: 2028-06-30' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal harus ditulis TTTT-BB-HH, contoh: 2028-06-30')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'Tanggal tidak valid');

/**
 * The admin's trust marks of a product. The notification number and the last day it is valid go
 * together (the Cron reminds the shop before that day); the others are optional.
 */
export const trustMarksInputSchema = z
  .strictObject({
    bpom_number: z.preprocess(blankIsNull, bpomNumber.nullable()).default(null),
    bpom_valid_until: z.preprocess(blankIsNull, isoDay.nullable()).default(null),
    halal_number: z
      .preprocess(
        blankIsNull,
        lineText()
          .min(5, 'Nomor sertifikat halal minimal 5 karakter')
          .max(64, 'Nomor sertifikat halal maksimal 64 karakter')
          .regex(
            /^[A-Za-z0-9./ -]+$/,
            'Nomor sertifikat halal hanya boleh huruf, angka, titik, garis miring, spasi dan tanda hubung',
          )
          .nullable(),
      )
      .default(null),
    ingredients: z
      .preprocess(
        blankIsNull,
        multilineText()
          .max(INGREDIENTS_MAX_LENGTH, `Komposisi maksimal ${INGREDIENTS_MAX_LENGTH} karakter`)
          .transform((text) => (text ? text : null))
          .nullable(),
      )
      .default(null),
  })
  .refine((marks) => marks.bpom_number !== null || marks.bpom_valid_until === null, {
    error: 'Isi nomor notifikasi BPOM untuk tanggal berlaku ini',
    path: ['bpom_number'],
  })
  .refine((marks) => marks.bpom_number === null || marks.bpom_valid_until !== null, {
    error: 'Isi tanggal berakhirnya notifikasi BPOM',
    path: ['bpom_valid_until'],
  });
export type TrustMarksInput = z.input<typeof trustMarksInputSchema>;
export type TrustMarksFields = z.output<typeof trustMarksInputSchema>;

/** The trust marks as the product read answers them (null on a product that has none). */
export const trustMarksSchema = z.object({
  bpom_number: z.string().nullable(),
  bpom_valid_until: z.string().nullable(),
  halal_number: z.string().nullable(),
  ingredients: z.string().nullable(),
});
export type TrustMarks = z.infer<typeof trustMarksSchema>;
