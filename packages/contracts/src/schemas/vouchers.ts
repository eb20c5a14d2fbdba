import { z } from 'zod';
import { listQuerySchema, pageSchema } from './catalog.ts';
import { orderItemsSchema, voucherCodeSchema } from './orders.ts';
import { deliveryAddressFields } from './shipping.ts';

// Vouchers (issue 40, decision 041): codes the admin makes, priced by the server at checkout.

export const voucherKinds = ['percent', 'fixed', 'shipping'] as const;
export type VoucherKind = (typeof voucherKinds)[number];

/** The refusals of a code, each a 422 with its message under the 'Kode Voucher' field (`voucherCode`). */
export const voucherRefusals = [
  'voucher_not_found',
  'voucher_not_started',
  'voucher_expired',
  'voucher_min_spend',
  'voucher_used_up',
  'voucher_not_applicable',
] as const;
export type VoucherRefusal = (typeof voucherRefusals)[number];

/** Bulk single-use codes per request: one batch of inserts, bounded. */
export const MAX_BULK_VOUCHERS = 500;
/** Targets per kind (products, collections, sizes) of one voucher. */
export const MAX_VOUCHER_TARGETS = 100;

/** A moment entered in WIB (or any offset) as ISO 8601; stored and answered in UTC. */
const moment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} tidak valid` })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .optional();

const targetIds = z
  .array(z.string().min(1).max(64), { error: 'Daftar target tidak valid' })
  .max(MAX_VOUCHER_TARGETS, `Maksimal ${MAX_VOUCHER_TARGETS} target`)
  .optional();

const voucherFields = {
  kind: z.enum(voucherKinds, { error: 'Jenis voucher harus percent, fixed, atau shipping' }),
  /** percent: 1–100 (% of the eligible items); fixed: rupiah off the items; shipping: rupiah off the shipping fee at most. */
  value: z
    .number({ error: 'Nilai voucher harus angka' })
    .int('Nilai voucher harus bilangan bulat')
    .min(1, 'Nilai voucher minimal 1')
    .max(100_000_000, 'Nilai voucher terlalu besar'),
  /** The items' subtotal the order must reach, in rupiah. */
  minSpend: z.number().int('Belanja minimum harus bilangan bulat').min(0).max(1_000_000_000).optional(),
  startsAt: moment('Waktu mulai'),
  endsAt: moment('Waktu berakhir'),
  /** Orders that may use it in all; null: no limit. */
  usageLimit: z.number().int().min(1, 'Batas pemakaian minimal 1').max(1_000_000).nullable().optional(),
  /** Orders one customer may place with it; null: no limit. */
  perCustomerLimit: z.number().int().min(1, 'Batas per pelanggan minimal 1').max(1_000).nullable().optional(),
  /** Eligible items; all empty: the whole order. */
  productIds: targetIds,
  collectionIds: targetIds,
  variantIds: targetIds,
  /** Whether it applies to items on a timed sale too (decision 046: if not, it skips sale-priced lines). */
  combinesWithSale: z.boolean().optional(),
  active: z.boolean().optional(),
};

type Fields = { kind?: VoucherKind; value?: number; startsAt?: string | null; endsAt?: string | null };
function checkVoucher({ kind, value, startsAt, endsAt }: Fields, ctx: z.RefinementCtx) {
  if (kind === 'percent' && value !== undefined && value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Persentase maksimal 100' });
  }
  if (startsAt && endsAt && endsAt <= startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Waktu berakhir harus setelah waktu mulai' });
  }
}

/** POST and PUT /api/admin/vouchers: a whole voucher. */
export const voucherInputSchema = z
  .strictObject({ code: voucherCodeSchema, ...voucherFields })
  .superRefine(checkVoucher);
export type VoucherInput = z.input<typeof voucherInputSchema>;

/** PATCH: the fields to change (the kind and value are checked together with the stored ones). */
export const voucherPatchSchema = z
  .strictObject({
    code: voucherCodeSchema.optional(),
    ...voucherFields,
    kind: voucherFields.kind.optional(),
    value: voucherFields.value.optional(),
  })
  .superRefine(checkVoucher);

/** POST /api/admin/vouchers/bulk: `count` single-use codes `<prefix>-<8 random>` (for influencers). */
export const voucherBulkSchema = z
  .strictObject({
    prefix: z
      .string({ error: 'Awalan kode harus diisi' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,12}$/, 'Awalan kode 2–12 huruf atau angka'),
    count: z
      .number({ error: 'Jumlah kode harus angka' })
      .int()
      .min(1, 'Jumlah kode minimal 1')
      .max(MAX_BULK_VOUCHERS, `Maksimal ${MAX_BULK_VOUCHERS} kode sekali buat`),
    ...voucherFields,
  })
  .superRefine(checkVoucher);

export const voucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(voucherKinds),
  value: z.number().int(),
  min_spend: z.number().int(),
  /** UTC; the admin shows it in WIB. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  product_ids: z.array(z.string()),
  collection_ids: z.array(z.string()),
  variant_ids: z.array(z.string()),
  combines_with_sale: z.boolean(),
  active: z.boolean(),
  /** Live orders that used it (a cancelled order gives its use back). */
  uses_count: z.number().int(),
  /** The discount those orders got, and their totals (the sales it brought). */
  discount_total: z.number().int(),
  sales_total: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/**
 * One voucher as the admin reads and saves it: its targets named, so the form shows what it
 * applies to without a read per product (a target deleted since is left out).
 */
export const voucherDetailSchema = voucherSchema.extend({
  targets: z.object({
    products: z.array(z.object({ id: z.string(), name: z.string() })),
    collections: z.array(z.object({ id: z.string(), name: z.string() })),
    variants: z.array(
      z.object({
        id: z.string(),
        product_id: z.string(),
        product_name: z.string(),
        size_ml: z.number().int().nullable(),
      }),
    ),
  }),
});
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;

export const voucherPageSchema = pageSchema(voucherSchema);
export const voucherListQuerySchema = listQuerySchema;
export const voucherBulkAnswerSchema = z.object({ codes: z.array(z.string()) });

/**
 * POST /api/vouchers/check: the code, the cart and (for a shipping voucher) the shipping choice
 * as the order would send it. Prices and the fee come from the server.
 */
export const voucherCheckSchema = z.strictObject({
  voucherCode: voucherCodeSchema,
  items: orderItemsSchema,
  shipping: z
    .strictObject({
      districtCode: deliveryAddressFields.districtCode,
      postalCode: deliveryAddressFields.postalCode,
      shippingServiceId: z.string().min(1, 'Pilih layanan pengiriman').max(64, 'Pilih layanan pengiriman'),
      shippingQuoteId: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, 'Ongkos kirim perlu dihitung ulang. Pilih layanan pengiriman lagi.')
        .optional(),
    })
    .optional(),
});
export type VoucherCheckInput = z.input<typeof voucherCheckSchema>;

/** What the code would take off this cart now; `shipping_fee`/`total_amount` null without a shipping choice. */
export const voucherCheckAnswerSchema = z.object({
  voucher_code: z.string(),
  kind: z.enum(voucherKinds),
  discount_amount: z.number().int(),
  subtotal_amount: z.number().int(),
  shipping_fee: z.number().int().nullable(),
  /** subtotal − discount + shipping fee, before a transfer's unique code or a COD fee. */
  total_amount: z.number().int().nullable(),
});
export type VoucherCheck = z.infer<typeof voucherCheckAnswerSchema>;
