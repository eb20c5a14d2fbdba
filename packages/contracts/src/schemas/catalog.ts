import { z } from 'zod';
import {
  MAX_PRICE,
  PRODUCTS_PAGE_SIZE,
  productSorts,
  SEARCH_MAX_LENGTH,
  SLUG_PATTERN,
} from '../api-paths.ts';
import { lineText, multilineText } from './text.ts';

/** Products one collection may hold: what the admin form sends, and the editor reads back at once. */
export const COLLECTION_MAX_PRODUCTS = 200;

const PRICE_EMPTY = 'Harga tidak boleh kosong';
const PRICE_INVALID = 'Harga harus berupa angka rupiah, contoh: Rp 250.000';

/**
 * How an admin writes a price: an optional 'Rp' / 'Rp.', then whole rupiah either
 * plain or grouped by dots, and an optional ',00'. Nothing else is guessed at: a
 * sign, a decimal point or an exponent ('-500', '12.5', '1e9') is not a price.
 */
const RUPIAH = /^(?:rp\.?\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,00?)?$/i;

/** A typed price as whole rupiah ('Rp 250.000' → 250000); NaN when it is not one. */
export function priceToNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const digits = RUPIAH.exec(value.trim())?.[1];
  return digits === undefined ? Number.NaN : Number(digits.replaceAll('.', ''));
}

export const priceSchema = z
  .union([z.string(), z.number()], { error: PRICE_INVALID })
  // 'Rp' alone is what is left when the admin clears the digits.
  .refine((v) => typeof v !== 'string' || !/^(?:rp\.?)?$/i.test(v.trim()), {
    error: PRICE_EMPTY,
    abort: true,
  })
  .transform(priceToNumber)
  .pipe(
    z
      .number({ error: PRICE_INVALID })
      .int('Harga harus bilangan bulat')
      .min(0, 'Harga tidak boleh negatif')
      .max(MAX_PRICE, 'Harga terlalu besar'),
  );

/** An image reference: our own R2 path (/images/…) or an absolute https URL. */
export const imageRefSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => /^\/images\/[A-Za-z0-9._-]+$/.test(v) || /^https:\/\/[^\s\p{Cc}]+$/u.test(v),
    'URL gambar tidak valid',
  );

export const productInputSchema = z.strictObject({
  name: lineText().min(3, 'Nama produk minimal 3 karakter').max(200, 'Nama produk maksimal 200 karakter'),
  description: multilineText()
    .min(10, 'Deskripsi produk minimal 10 karakter')
    .max(5000, 'Deskripsi produk maksimal 5000 karakter'),
  price: priceSchema,
  image: z.string().trim().min(1, 'Gambar diperlukan').pipe(imageRefSchema),
});
export type ProductInput = z.input<typeof productInputSchema>;

export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  image: string;
  created_at: string;
  updated_at: string;
}

const optionalText = (max: number) =>
  multilineText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const collectionInputSchema = z.strictObject({
  name: lineText().min(1, 'Nama koleksi harus diisi').max(120, 'Nama koleksi maksimal 120 karakter'),
  description: optionalText(2000),
  image: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(imageRefSchema.nullable()),
  slug: z
    .string()
    .trim()
    .regex(SLUG_PATTERN, 'Slug hanya boleh huruf kecil, angka dan tanda hubung')
    .optional(),
  productIds: z.array(z.string().min(1).max(64)).max(COLLECTION_MAX_PRODUCTS).optional(),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;

export interface Collection {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
  created_at: string;
  product_count?: number;
}

/** Server-side list paging and search shared by every list endpoint. */
export const pageSizes = [10, 25, 50] as const;
export const listQuerySchema = z.object({
  q: lineText().max(SEARCH_MAX_LENGTH, 'Kata pencarian maksimal 100 karakter').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), 'Ukuran halaman harus 10, 25 atau 50')
    .default(10),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// A filter form left blank (a plain GET form sends `min=`) means no filter.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

const priceBound = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(/^\d{1,10}$/, `${label} harus berupa angka rupiah tanpa titik, contoh: 250000`)
      .transform(Number)
      .pipe(z.number().max(MAX_PRICE, `${label} terlalu besar`))
      .optional(),
  );

/**
 * GET /api/products: the list query plus `limit` (the home page's 3 newest) and the
 * catalogue's sort and filters; the pages read the same URL with parseProductBrowse.
 */
export const productListQuerySchema = listQuerySchema
  .extend({
    limit: z.coerce.number().int().min(1, 'Batas minimal 1').max(50, 'Batas maksimal 50').optional(),
    sort: z.preprocess(
      blankIsAbsent,
      z
        .enum(productSorts, {
          error: 'Urutan harus salah satu dari: newest, price-asc, price-desc, best-selling',
        })
        .optional(),
    ),
    collection: z.preprocess(
      blankIsAbsent,
      z.string().regex(SLUG_PATTERN, 'Koleksi tidak ditemukan').optional(),
    ),
    min: priceBound('Harga minimum'),
    max: priceBound('Harga maksimum'),
  })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, {
    error: 'Harga minimum tidak boleh lebih dari harga maksimum',
    path: ['max'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * GET /api/collections/:slug: one page of the collection's products. The storefront pages by
 * the catalogue's size; the admin editor asks for all of them, which a collection's limit bounds.
 */
export const collectionDetailQuerySchema = z.object({
  page: listQuerySchema.shape.page,
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => [...pageSizes, COLLECTION_MAX_PRODUCTS].includes(n),
      `Ukuran halaman harus 10, 25, 50 atau ${COLLECTION_MAX_PRODUCTS}`,
    )
    .default(PRODUCTS_PAGE_SIZE),
});

/** The collection, its product count, and one page of its products in display order. */
export interface CollectionDetail extends Collection {
  product_count: number;
  products: Product[];
  page: number;
  pageSize: number;
}

/** Largest image POST /api/images accepts (the admin UI downsizes bigger photos first). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** POST /api/images answer; `url` goes into a product's or collection's `image`. */
export interface UploadedImage {
  url: string;
  key: string;
  contentType: string;
  size: number;
}
