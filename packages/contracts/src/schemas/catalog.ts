import { z } from 'zod';
import {
  MAX_PRICE,
  MAX_SIZE_ML,
  PRODUCTS_PAGE_SIZE,
  productSorts,
  SEARCH_MAX_LENGTH,
  SLUG_PATTERN,
} from '../api-paths.ts';
import { MAX_LINE_QUANTITY } from '../cart-cookie.ts';
import { stockChangeReasons } from '../labels.ts';
import {
  IMAGE_WIDTHS,
  MAX_LAYER_NOTES,
  MAX_PRODUCT_IMAGES,
  NOTE_MAX_LENGTH,
  type ProductImage,
} from '../media.ts';
import { concentrations, foldNote, genders, type ScentNotes } from '../scent.ts';
import { orderActors } from '../status-machines.ts';
import { setContentSchema } from './discovery-sets.ts';
import { dimensionCmSchema, weightGramsSchema } from './shipping.ts';
import { lineText, multilineText } from './text.ts';
import { type TrustMarksFields, trustMarksInputSchema, trustMarksSchema } from './trust-marks.ts';

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

const OWN_IMAGE = /^\/images\/[A-Za-z0-9_-]+\.[a-z]+$/;
const imageWidth = z.number().int().min(1).max(10_000);

/** A photo of the product form: widths only for our own files, ascending, smaller copies of IMAGE_WIDTHS. */
export const productImageSchema = z
  .strictObject({
    url: imageRefSchema,
    widths: z
      .array(imageWidth)
      .max(IMAGE_WIDTHS.length + 1)
      .default([]),
  })
  .refine(
    ({ url, widths }) =>
      widths.length === 0 ||
      (OWN_IMAGE.test(url) &&
        widths.every((w, i) => i === 0 || w > (widths[i - 1] as number)) &&
        widths.slice(0, -1).every((w) => (IMAGE_WIDTHS as readonly number[]).includes(w))),
    { error: 'Ukuran gambar tidak valid', path: ['widths'] },
  );

const noteArray = z
  .array(
    lineText()
      .min(1, 'Nama aroma tidak boleh kosong')
      .max(NOTE_MAX_LENGTH, `Nama aroma maksimal ${NOTE_MAX_LENGTH} karakter`),
  )
  .max(MAX_LAYER_NOTES, `Maksimal ${MAX_LAYER_NOTES} aroma per lapisan`);
const noteList = noteArray.default([]);

const emptyNotes = (): ScentNotes => ({ top: [], heart: [], base: [] });

// A select left at its empty choice (a plain form sends `concentration=`) means none.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** Sizes one product may be sold in. */
export const MAX_PRODUCT_VARIANTS = 10;
export const MAX_STOCK = 1_000_000;
/** A size's units one customer may hold in unpaid orders unless the admin says otherwise (decision 025). */
export const DEFAULT_MAX_PER_ORDER = 5;
const STOCK_EMPTY = 'Stok harus diisi';
const STOCK_READ_MISSING = 'Stok yang dibaca formulir tidak ada. Muat ulang formulir.';

const wholeNumber = (empty: string, invalid: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v) : v,
    z.number({ error: (issue) => (issue.input === undefined ? empty : invalid) }).int(invalid),
  );

const DIMENSION_INVALID = 'Ukuran harus bilangan bulat (cm)';
/** A box side as the form sends it: blank or left out is not measured (null). */
const SAMPLE_CREDIT_INVALID = 'Kredit Sampel harus berupa angka rupiah, contoh: Rp 50.000';
/** Migration 0066's CHECK on product_variants.sample_credit. */
const MAX_SAMPLE_CREDIT = 100_000_000;

const dimensionCm = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    wholeNumber(DIMENSION_INVALID, DIMENSION_INVALID).pipe(dimensionCmSchema.unwrap()).nullable(),
  )
  .default(null);

/**
 * One size of a product as the admin's form sends it: `id` names a size already saved
 * (left out for a new one); the SKU is optional and unique across the shop. The shipping
 * weight is required (couriers price by it, decision 032); the box's sides are optional.
 */
export const variantInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  size_ml: wholeNumber('Ukuran harus diisi', 'Ukuran harus bilangan bulat dalam ml, contoh: 50').pipe(
    z.number().min(1, 'Ukuran minimal 1 ml').max(MAX_SIZE_ML, `Ukuran maksimal ${MAX_SIZE_ML} ml`),
  ),
  price: priceSchema,
  /**
   * Left out (null) only for a saved size whose stock is not counted, a discovery set's (decision
   * 061); a field left blank is a stock not typed.
   */
  stock: z.preprocess(
    (v) => (v === undefined ? null : v),
    wholeNumber(STOCK_EMPTY, 'Stok harus bilangan bulat, contoh: 12')
      .pipe(z.number().min(0, 'Stok tidak boleh negatif').max(MAX_STOCK, 'Stok terlalu besar'))
      .nullable(),
  ),
  sku: z
    .string()
    .trim()
    .max(64, 'SKU maksimal 64 karakter')
    .regex(/^[A-Za-z0-9._-]*$/, 'SKU hanya boleh huruf, angka, titik, garis bawah dan tanda hubung')
    .nullish()
    .transform((v) => (v ? v : null)),
  max_per_order: wholeNumber(
    'Maksimal per pesanan harus diisi',
    'Maksimal per pesanan harus bilangan bulat, contoh: 5',
  )
    .pipe(
      z
        .number()
        .min(1, 'Maksimal per pesanan minimal 1')
        .max(MAX_LINE_QUANTITY, `Maksimal per pesanan paling banyak ${MAX_LINE_QUANTITY}`),
    )
    .default(DEFAULT_MAX_PER_ORDER),
  weight_grams: wholeNumber('Berat harus diisi dalam gram', 'Berat harus bilangan bulat (gram)').pipe(
    weightGramsSchema,
  ),
  length_cm: dimensionCm,
  width_cm: dimensionCm,
  height_cm: dimensionCm,
  /**
   * 'Kredit Sampel (Rp)' of a sample size (≤ SAMPLE_MAX_ML ml) or a discovery set (decision 061
   * part B): blank (null) gives the price paid, 0 gives none. The server refuses it on a full bottle.
   */
  sample_credit: z
    .preprocess(
      // Typed as a price is ('Rp 50.000', '50000'); blank, or 'Rp' alone, is the price paid.
      (v) => (typeof v === 'string' ? (/^(?:rp\.?)?$/i.test(v.trim()) ? null : priceToNumber(v)) : v),
      z
        .number({ error: SAMPLE_CREDIT_INVALID })
        .int(SAMPLE_CREDIT_INVALID)
        .min(0, 'Kredit Sampel tidak boleh negatif')
        .max(MAX_SAMPLE_CREDIT, 'Kredit Sampel maksimal Rp 100.000.000')
        .nullable(),
    )
    .default(null),
  /**
   * The stock the form read for a saved size (null: not counted; the form's hidden field
   * sends ''). The server changes the stock only while it still is that (decision 025).
   */
  expected_stock: z.preprocess(
    (v) => (v === '' ? null : v),
    wholeNumber(STOCK_READ_MISSING, STOCK_READ_MISSING).nullable().optional(),
  ),
});
export type VariantInput = z.input<typeof variantInputSchema>;

const productShape = {
  name: lineText().min(3, 'Nama produk minimal 3 karakter').max(200, 'Nama produk maksimal 200 karakter'),
  description: multilineText()
    .min(10, 'Deskripsi produk minimal 10 karakter')
    .max(5000, 'Deskripsi produk maksimal 5000 karakter'),
  /** The cover alone, as before decision 017; `images` (cover first) replaces it. */
  image: z.string().trim().min(1, 'Gambar diperlukan').pipe(imageRefSchema).optional(),
  variants: z
    .array(variantInputSchema)
    .min(1, 'Tambahkan minimal satu ukuran')
    .max(MAX_PRODUCT_VARIANTS, `Maksimal ${MAX_PRODUCT_VARIANTS} ukuran per produk`)
    .superRefine((variants, ctx) => {
      const seen = { size: new Set<number>(), sku: new Set<string>() };
      variants.forEach((variant, index) => {
        if (seen.size.has(variant.size_ml))
          ctx.addIssue({ code: 'custom', path: [index, 'size_ml'], message: 'Ukuran ini sudah ada' });
        if (variant.sku && seen.sku.has(variant.sku))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'sku'],
            message: 'SKU ini sudah dipakai ukuran lain',
          });
        seen.size.add(variant.size_ml);
        if (variant.sku) seen.sku.add(variant.sku);
        if (variant.id !== undefined && variant.expected_stock === undefined)
          ctx.addIssue({ code: 'custom', path: [index, 'stock'], message: STOCK_READ_MISSING });
        // Only a size saved uncounted (a set's) stays blank; any other is counted (decision 025).
        else if (variant.stock === null && (variant.id === undefined || variant.expected_stock !== null))
          ctx.addIssue({ code: 'custom', path: [index, 'stock'], message: STOCK_EMPTY });
      });
    }),
  concentration: z.preprocess(
    blankIsAbsent,
    z.enum(concentrations, { error: 'Konsentrasi tidak valid' }).nullish(),
  ),
  gender: z.preprocess(blankIsAbsent, z.enum(genders, { error: 'Gender tidak valid' }).nullish()),
};

type ProductShape = z.output<z.ZodObject<typeof productShape>> & {
  images?: ProductImage[] | undefined;
  notes?: ScentNotes | undefined;
  trust_marks?: TrustMarksFields | null | undefined;
};

const hasImage = (v: { image?: string | undefined; images?: unknown }) => Boolean(v.images || v.image);
const IMAGE_REQUIRED = { error: 'Gambar diperlukan', path: ['image'] };

/** What is stored: the photos (cover first) and every optional field made explicit. */
const toFields = ({ image, images, notes, concentration, gender, ...rest }: ProductShape) => ({
  ...rest,
  images: images ?? [{ url: image as string, widths: [] }],
  notes: notes ?? emptyNotes(),
  concentration: concentration ?? null,
  gender: gender ?? null,
});

export const productInputSchema = z
  .strictObject({
    ...productShape,
    images: z
      .array(productImageSchema)
      .min(1, 'Tambahkan minimal satu foto')
      .max(MAX_PRODUCT_IMAGES, `Maksimal ${MAX_PRODUCT_IMAGES} foto per produk`)
      .optional(),
    notes: z.strictObject({ top: noteList, heart: noteList, base: noteList }).optional(),
    /** Left out: the saved trust marks stay as they are (the forms that predate them); null: none (decision 043). */
    trust_marks: trustMarksInputSchema.nullable().optional(),
  })
  .refine(hasImage, IMAGE_REQUIRED)
  .transform(toFields);

/** Notes typed in one field per layer, separated by commas ('Jeruk, Lemon'). */
const typedNotes = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((note) => note.trim())
      .filter(Boolean),
  )
  .pipe(noteArray);

/**
 * The admin's product form as its fields send it: the notes typed per layer, the
 * cover in `image`; the form puts the photo editor's list in `images` itself.
 */
export const productFormSchema = z
  .strictObject({
    ...productShape,
    notesTop: typedNotes,
    notesHeart: typedNotes,
    notesBase: typedNotes,
    /** The fields `trust_marks.bpom_number` … (all blank: none). */
    trust_marks: trustMarksInputSchema.nullable().optional(),
  })
  .refine(hasImage, IMAGE_REQUIRED)
  .transform(({ notesTop, notesHeart, notesBase, ...rest }) =>
    toFields({ ...rest, notes: { top: notesTop, heart: notesHeart, base: notesBase } }),
  );
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductFields = z.output<typeof productInputSchema>;

/** A photo as the API answers it (ProductImage). */
const productImageAnswer = z.object({ url: z.string(), widths: z.array(z.number().int()) });

/**
 * One size of a product. size_ml and stock are null only on a product saved before sizes
 * existed (its one migrated variant); null stock is not counted and never runs out.
 */
export const productVariantSchema = z.object({
  id: z.string(),
  size_ml: z.number().int().nullable(),
  price: z.number().int(),
  stock: z.number().int().nullable(),
  sku: z.string().nullable(),
  /** Units one customer may hold in unpaid orders, in this order and the others together. */
  max_per_order: z.number().int(),
  /** The price during a timed sale now (the best of the sales on it, decision 046); null: none. */
  sale_price: z.number().int().nullable(),
  /** When that sale ends (UTC); null without one. */
  sale_ends_at: z.string().nullable(),
  /**
   * A discovery set's samples (decision 061), null for a plain size; its `stock` is then the
   * fewest sets its samples' stock makes. Absent in answers that predate sets (fixtures).
   */
  contents: z.array(setContentSchema).nullable().optional(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/**
 * A size as the admin reads it: with its shipping weight and box, and whether the weight is
 * still migration 0029's estimate (the shopper's answers carry none of these).
 */
export const adminProductVariantSchema = productVariantSchema.extend({
  weight_grams: z.number().int(),
  weight_estimated: z.boolean(),
  length_cm: z.number().int().nullable(),
  width_cm: z.number().int().nullable(),
  height_cm: z.number().int().nullable(),
  /** The admin's 'Kredit Sampel (Rp)' (null: the price paid; 0: none); see `variantInputSchema`. */
  sample_credit: z.number().int().nullable(),
});
export type AdminProductVariant = z.infer<typeof adminProductVariantSchema>;

/** A product's published reviews: their average to one decimal (1–5) and how many (decision 040). */
export const productRatingSchema = z.object({ average: z.number(), count: z.number().int() });
export type ProductRating = z.infer<typeof productRatingSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The lowest price of its sizes. */
  price: z.number().int(),
  /** The cover photo. */
  image: z.string(),
  /** The cover's widths (see ProductImage). */
  image_widths: z.array(z.number().int()),
  concentration: z.enum(concentrations).nullable(),
  gender: z.enum(genders).nullable(),
  /** Smallest size first. */
  variants: z.array(productVariantSchema),
  /** Its published reviews' figures, for the cards; null before the first is published. */
  rating: productRatingSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products/:id: the product with its photos (cover first) and its scent notes. */
export const productDetailSchema = productSchema.extend({
  images: z.array(productImageAnswer),
  notes: z.object({ top: z.array(z.string()), heart: z.array(z.string()), base: z.array(z.string()) }),
  /** BPOM notification, halal certificate, ingredients; null when the admin entered none (decision 043). */
  trust_marks: trustMarksSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /api/admin/products/:id and the admin's saves: the product with its sizes' shipping data. */
export const adminProductDetailSchema = productDetailSchema.extend({
  variants: z.array(adminProductVariantSchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** GET /api/products/notes: the notes the catalogue can be filtered by, alphabetical. */
export const scentNoteOptionSchema = z.object({ key: z.string(), name: z.string() });
export type ScentNoteOption = z.infer<typeof scentNoteOptionSchema>;

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

export const collectionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  product_count: z.number().int().optional(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** Server-side list paging and search shared by every list endpoint. */
export const pageSizes = [10, 25, 50] as const;
export const listQuerySchema = z.object({
  // A blank search box (`q=`, or spaces) is no search: every list and cursor rule sees none.
  q: lineText()
    .max(SEARCH_MAX_LENGTH, 'Kata pencarian maksimal 100 karakter')
    .optional()
    .transform((q) => q || undefined),
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

const PAGE_INVALID = 'Halaman tidak valid';

/** `<created_at>~<tiebreaker>` of the row a page of a long list starts or ends at. */
const seekCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z~[\w-]{1,64}$/, PAGE_INVALID)
  .optional();

/**
 * The admin's long lists (orders, customer service): `page` numbers the page for display and
 * links; `after` / `before` (a neighbour's cursor) read it by keyset instead of by offset. A page
 * by offset may lie up to 10,000 pages from either end (the server checks the end's side), so the
 * last page of a list of any length is a link.
 */
export const seekListQuerySchema = listQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  after: seekCursor,
  before: seekCursor,
});

/** A page of a long list with the cursors of the pages beside it, null at either end. */
export interface SeekPage<T> extends Page<T> {
  previousCursor: string | null;
  nextCursor: string | null;
}

/** The answer schema of a `Page` of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** The answer schema of a `SeekPage` of `item`. */
export function seekPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({
    previousCursor: z.string().nullable(),
    nextCursor: z.string().nullable(),
  });
}

// A filter form left blank (a plain GET form sends `min=`) means no filter (blankIsAbsent).

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
    note: z.preprocess(
      blankIsAbsent,
      lineText().max(NOTE_MAX_LENGTH, 'Aroma tidak ditemukan').transform(foldNote).optional(),
    ),
    concentration: z.preprocess(
      blankIsAbsent,
      z.enum(concentrations, { error: 'Konsentrasi harus EDT, EDP, Parfum atau Extrait' }).optional(),
    ),
    gender: z.preprocess(
      blankIsAbsent,
      z.enum(genders, { error: 'Untuk siapa harus pria, wanita atau unisex' }).optional(),
    ),
    size: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^\d{1,4}$/, 'Ukuran harus bilangan bulat dalam ml')
        .transform(Number)
        .pipe(z.number().min(1, 'Ukuran minimal 1 ml').max(MAX_SIZE_ML, `Ukuran maksimal ${MAX_SIZE_ML} ml`))
        .optional(),
    ),
    /** The page after the row of this `nextCursor` (`<sort value>~<id>`), in the same order and filters. */
    after: z
      .string()
      .regex(/^(?:\d{4}-\d{2}-\d{2}T[\d:.]+Z|\d{1,12})~[\w-]{1,64}$/, PAGE_INVALID)
      .optional(),
  })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, {
    error: 'Harga minimum tidak boleh lebih dari harga maksimum',
    path: ['max'],
  })
  // A cursor holds the sort's value: a time for the newest first, a number for the others; a
  // search ranked by relevance has no cursor (its score is not a key an index can seek).
  .refine(
    (v) =>
      v.after === undefined ||
      (!(v.q !== undefined && v.sort === undefined) &&
        /^\d+~/.test(v.after) === (v.sort !== undefined && v.sort !== 'newest')),
    { error: PAGE_INVALID, path: ['after'] },
  );
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** A page of the catalogue and the cursor of the next one (null on the last). */
/** The answer schema of a `ProductPage` of `item`. */
export function productPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ nextCursor: z.string().nullable(), totalCapped: z.boolean() });
}

export interface ProductPage<T> extends Page<T> {
  nextCursor: string | null;
  /**
   * More products match a search ranked by relevance than it ranks: `total` is how many it
   * ranks (its pages hold those), and the storefront says "lebih dari <total>".
   */
  totalCapped: boolean;
}

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
export const collectionDetailSchema = collectionSchema.extend({
  product_count: z.number().int(),
  products: z.array(productSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

/** The dashboard's low-stock threshold: sizes with this many units or fewer are listed. */
export const lowStockThresholdSchema = z.strictObject({
  threshold: z
    .number({ error: 'Batas stok harus berupa angka' })
    .int('Batas stok harus bilangan bulat')
    .min(0, 'Batas stok tidak boleh negatif')
    .max(1000, 'Batas stok maksimal 1000'),
});

/** One size running low, as GET /api/admin/stock lists it (lowest stock first). */
export const lowStockItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  variant_id: z.string(),
  size_ml: z.number().int().nullable(),
  sku: z.string().nullable(),
  stock: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** GET /api/admin/stock: a page of sizes at or below the threshold. */
export const lowStockPageSchema = pageSchema(lowStockItemSchema).extend({ threshold: z.number().int() });
export type LowStockPage = z.infer<typeof lowStockPageSchema>;

/**
 * One size whose shipping weight is still migration 0029's estimate (GET
 * /api/admin/products/estimated-weights), by product.
 */
export const estimatedWeightItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  variant_id: z.string(),
  size_ml: z.number().int().nullable(),
  weight_grams: z.number().int(),
});
export type EstimatedWeightItem = z.infer<typeof estimatedWeightItemSchema>;

/** One change of a size's stock (GET /api/admin/stock/:variantId/changes), newest first. */
export const stockChangeSchema = z.object({
  id: z.string(),
  /** Null: not counted. */
  from_stock: z.number().int().nullable(),
  to_stock: z.number().int().nullable(),
  reason: z.enum(stockChangeReasons),
  /** The order placed or cancelled. */
  order_id: z.string().nullable(),
  actor: z.enum(orderActors),
  /** The account's name; null for the system, or an account since deleted. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockChange = z.infer<typeof stockChangeSchema>;

/** Largest image POST /api/images accepts (the admin UI downsizes bigger photos first). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Largest smaller copy (`w320`, `w720`) POST /api/images accepts beside a photo. */
export const MAX_IMAGE_VARIANT_BYTES = 1024 * 1024;

/** POST /api/images answer; `url` goes into a product's or collection's `image`. */
export const uploadedImageSchema = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The widths stored (ProductImage.widths); empty when no copies were sent. */
  widths: z.array(z.number().int()),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
