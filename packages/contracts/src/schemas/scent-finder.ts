import { z } from 'zod';
import { MAX_PRICE } from '../api-paths.ts';
import { concentrations, foldNote, genders } from '../scent.ts';
import { FINDER_MAX_NOTES, finderMoods, finderNotes, finderOccasions } from '../scent-finder.ts';
import { productSchema } from './catalog.ts';

// A select left at its empty choice (a plain form sends `mood=`) means none.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess(blankIsAbsent, z.enum(options, { error: message }).optional());

/** GET /api/scent-finder ('Cari Aroma', decision 044): every answer optional. */
export const scentFinderQuerySchema = z.object({
  gender: choice(genders, 'Untuk siapa harus pria, wanita atau unisex'),
  mood: choice(finderMoods, `Suasana harus salah satu dari: ${finderMoods.join(', ')}`),
  occasion: choice(finderOccasions, `Acara harus salah satu dari: ${finderOccasions.join(', ')}`),
  /** Loved notes, comma-separated (`melati,cendana`). */
  notes: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .max(200, 'Aroma yang dipilih terlalu panjang')
      .transform((text) => [...new Set(text.split(',').map(foldNote).filter(Boolean))])
      .pipe(
        z
          .array(z.enum(finderNotes, { error: `Aroma harus salah satu dari: ${finderNotes.join(', ')}` }))
          .max(FINDER_MAX_NOTES, `Pilih paling banyak ${FINDER_MAX_NOTES} aroma`),
      )
      .default([]),
  ),
  concentration: choice(concentrations, 'Kekuatan aroma harus EDT, EDP, Parfum atau Extrait'),
  budget: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Anggaran harus berupa angka rupiah tanpa titik, contoh: 300000' })
      .int('Anggaran harus bilangan bulat rupiah')
      .min(1, 'Anggaran minimal Rp 1')
      .max(MAX_PRICE, 'Anggaran terlalu besar')
      .optional(),
  ),
});
export type ScentFinderQuery = z.infer<typeof scentFinderQuerySchema>;

/** A match: the product (sizes smallest first, so a sample leads) and why it matches, in Indonesian. */
export const scentMatchSchema = z.object({ product: productSchema, reasons: z.array(z.string()) });
export type ScentMatch = z.infer<typeof scentMatchSchema>;
export const scentFinderAnswerSchema = z.object({ items: z.array(scentMatchSchema) });
