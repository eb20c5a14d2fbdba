import { z } from 'zod';
import { listQuerySchema, pageSchema } from './catalog.ts';

// Timed sales without a code (issue 40, decision 046): the admin's sale takes a percent or a fixed
// rupiah amount off the sizes it targets, from its start to its end (entered in WIB). The price
// is the server's: the product answers carry each size's `sale_price` and `sale_ends_at`.

export const saleKinds = ['percent', 'fixed'] as const;
export type SaleKind = (typeof saleKinds)[number];

/** Targets per kind (products, collections, sizes) of one sale. */
export const MAX_SALE_TARGETS = 100;

const ENDS_BEFORE = 'Waktu berakhir harus setelah waktu mulai';
const PERCENT_MAX = 'Persentase promo 1–99';

/** A moment entered in WIB (or any offset) as ISO 8601; stored and answered in UTC. */
const moment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} harus tanggal dan jam yang valid` })
    .transform((value) => new Date(value).toISOString());

const targetIds = z
  .array(z.string().min(1).max(64), { error: 'Daftar target tidak valid' })
  .max(MAX_SALE_TARGETS, `Maksimal ${MAX_SALE_TARGETS} target`)
  .optional();

const saleFields = {
  name: z
    .string({ error: 'Nama promo harus diisi' })
    .trim()
    .min(3, 'Nama promo minimal 3 karakter')
    .max(80, 'Nama promo maksimal 80 karakter'),
  kind: z.enum(saleKinds, { error: 'Jenis promo harus percent atau fixed' }),
  /** percent: 1–99 (% off each targeted size); fixed: rupiah off each targeted size. */
  value: z
    .number({ error: 'Nilai promo harus angka' })
    .int('Nilai promo harus bilangan bulat')
    .min(1, 'Nilai promo minimal 1')
    .max(100_000_000, 'Nilai promo terlalu besar'),
  startsAt: moment('Waktu mulai'),
  endsAt: moment('Waktu berakhir'),
  /** The sizes it takes off; all three empty: every size in the catalogue. */
  productIds: targetIds,
  collectionIds: targetIds,
  variantIds: targetIds,
};

type Fields = { kind?: SaleKind; value?: number; startsAt?: string; endsAt?: string };
function checkSale({ kind, value, startsAt, endsAt }: Fields, ctx: z.RefinementCtx) {
  if (kind === 'percent' && value !== undefined && value > 99) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MAX });
  }
  if (startsAt && endsAt && endsAt <= startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: ENDS_BEFORE });
  }
}

/** POST and PUT /api/admin/sales: a whole sale. */
export const saleInputSchema = z.strictObject(saleFields).superRefine(checkSale);
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(saleKinds),
  value: z.number().int(),
  /** UTC; the admin shows it in WIB. */
  starts_at: z.string(),
  ends_at: z.string(),
  product_ids: z.array(z.string()),
  collection_ids: z.array(z.string()),
  variant_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

export const salePageSchema = pageSchema(saleSchema);
export const saleListQuerySchema = listQuerySchema;

/**
 * The admin's form: the two moments typed in `<input type="datetime-local">`, read as WIB
 * (UTC+7, no daylight saving), then the API's own rules.
 */
const wibInput = (label: string) =>
  z
    .string({ error: `${label} harus diisi` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, `${label} harus diisi`)
    .transform((value) => new Date(`${value}:00+07:00`).toISOString());

export const saleFormSchema = z
  .object({
    name: saleFields.name,
    kind: saleFields.kind,
    value: z.coerce
      .number({ error: 'Nilai promo harus angka' })
      .int('Nilai promo harus bilangan bulat')
      .min(1, 'Nilai promo minimal 1')
      .max(100_000_000, 'Nilai promo terlalu besar'),
    startsAt: wibInput('Waktu mulai'),
    endsAt: wibInput('Waktu berakhir'),
    productIds: targetIds,
    collectionIds: targetIds,
    variantIds: targetIds,
  })
  .superRefine(checkSale);
export type SaleFormValues = z.input<typeof saleFormSchema>;

/** A UTC moment as the form's `datetime-local` value in WIB. */
export const toWibInput = (iso: string) =>
  new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
