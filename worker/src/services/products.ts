import {
  type AdminProductDetail,
  type AdminProductVariant,
  type Concentration,
  type EstimatedWeightItem,
  foldNote,
  type Gender,
  MAX_PRICE,
  noteLayers,
  type Page,
  type Product,
  type ProductDetail,
  type ProductFields,
  type ProductListQuery,
  type ProductPage,
  type ProductSort,
  type ProductVariant,
  SAMPLE_MAX_ML,
  type ScentNoteOption,
} from '@gi/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nowIso } from '../db/client.ts';
import { sizePage } from '../db/queries/size-page.ts';
import { ftsPrefixQuery } from '../db/queries/text-search.ts';
import {
  collectionProducts,
  collections,
  counters,
  productImages,
  productNotes,
  productReviewStats,
  products,
  productsFts,
  productVariants,
  scentNotes,
} from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AFTER_A_CHANGE, type AuditFields, auditRow } from '../lib/audit.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import {
  refuseRemovingSamples,
  setContentsSql,
  setStockRefusal,
  setsHoldingSamplesOf,
  setsOfProduct,
} from './discovery-sets.ts';
import { rated, ratingColumn } from './reviews.ts';
import { type LiveSale, saleJsonField, withSale } from './sale-price.ts';
import { shownStockSql } from './shown-stock.ts';
import { STOCK_GUARD, traceStock } from './stock.ts';
import { stockAlertSteps } from './stock-alerts.ts';
import { trustMarksOf, writeTrustMarks } from './trust-marks.ts';

const v = productVariants;

/**
 * The product's sizes, smallest first, as one JSON column: every query that answers products
 * carries them without a second round trip, each through the (product_id, size_ml) index.
 * Written out whole: drizzle leaves columns unqualified in a single-table select, where
 * "id" would then mean the variant's. `fields` are json_object's arguments (name, column),
 * constants of this file, never input.
 */
const sizesColumn = <T>(fields: string[]) =>
  sql<
    T[]
  >`(SELECT json_group_array(json_object(${sql.raw([...fields, saleJsonField('pv')].join(', '))}) ORDER BY pv.size_ml)
    FROM product_variants AS pv WHERE pv.product_id = "products"."id")`.mapWith(
    // Each size with its live sale's price and end (services/sale-price.ts, decision 046).
    (json: string) =>
      (JSON.parse(json) as (Omit<T, 'sale_price' | 'sale_ends_at'> & { sale?: LiveSale | null })[]).map(
        withSale,
      ) as T[],
  );

/** A size as every answer shows it. */
const sizeFields = [
  "'id', pv.id",
  "'size_ml', pv.size_ml",
  "'price', pv.price",
  // A discovery set's stock is its samples', and it names them (decision 061).
  `'stock', ${shownStockSql('pv')}`,
  "'sku', pv.sku",
  "'max_per_order', pv.max_per_order",
  `'contents', json(${setContentsSql('pv')})`,
];

const variantsColumn = sizesColumn<ProductVariant>(sizeFields);

/** The sizes as the admin's editor reads them: with their shipping weight and box (decision 032). */
const adminVariantsColumn = sizesColumn<AdminProductVariant>([
  ...sizeFields,
  "'weight_grams', pv.weight_grams",
  "'weight_estimated', json(iif(pv.weight_estimated, 'true', 'false'))",
  "'length_cm', pv.length_cm",
  "'width_cm', pv.width_cm",
  "'height_cm', pv.height_cm",
  "'sample_credit', pv.sample_credit",
]);

/** A product row as the API answers it: the spec's snake_case field names. */
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  image: products.image,
  image_widths: products.imageWidths,
  concentration: products.concentration,
  gender: products.gender,
  variants: variantsColumn,
  // Every select of these columns left-joins product_review_stats `rated`.
  rating: ratingColumn,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
};

const adminProductColumns = { ...productColumns, variants: adminVariantsColumn };

export interface VariantFields {
  id?: string | undefined;
  size_ml: number;
  price: number;
  /** Null only for a saved size whose stock is not counted (a discovery set's, decision 061). */
  stock: number | null;
  sku: string | null;
  max_per_order: number;
  weight_grams: number;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  /** 'Kredit Sampel (Rp)' of a sample size or a set (decision 061 part B): null = the price paid. */
  sample_credit: number | null;
  /** The stock the form read of a saved size (decision 025). */
  expected_stock?: number | null | undefined;
}

/**
 * A save that would have overwritten stock changed since the form read it (an order, a cancel,
 * another admin): `indices` are the form's sizes concerned. Nothing was written.
 */
export class StockChanged extends Error {
  constructor(readonly indices: number[]) {
    super('stock_changed');
  }
}

export type { ProductFields };

export interface ProductListFilter {
  q?: string | undefined;
  sort?: ProductSort | undefined;
  collection?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  size?: number | undefined;
  /** A folded scent note (foldNote). */
  note?: string | undefined;
  concentration?: Concentration | undefined;
  gender?: Gender | undefined;
  /** A `nextCursor`: the rows after it in the same order (then `offset` is 0). */
  after?: string | undefined;
  offset: number;
  limit: number;
}

/** A sort: its column and the id, each ascending or descending. */
interface Keyset {
  column: typeof products.createdAt | typeof products.priceNow | typeof products.soldCount;
  descending: boolean;
  idDescending: boolean;
}

// Each order is an index (products_created, products_sold of migration 0011, products_price_now
// of 0060) read in its own direction; the id breaks ties, so pages never overlap. The price sorts
// go by the price now, a live sale's included (decision 060).
const keysets: Record<ProductSort, Keyset> = {
  newest: { column: products.createdAt, descending: true, idDescending: false },
  'price-asc': { column: products.priceNow, descending: false, idDescending: false },
  'price-desc': { column: products.priceNow, descending: true, idDescending: true },
  'best-selling': { column: products.soldCount, descending: true, idDescending: false },
};
const orderOf = ({ column, descending, idDescending }: Keyset) => [
  descending ? desc(column) : asc(column),
  idDescending ? desc(products.id) : asc(products.id),
];
const orders = Object.fromEntries(
  Object.entries(keysets).map(([sort, keyset]) => [sort, orderOf(keyset)]),
) as Record<ProductSort, SQL[]>;

/**
 * The rows after a `nextCursor` (`<sort value>~<id>`) in the sort's order: the bound on the sort
 * column alone lets its index start at the cursor, so any page costs what the first does.
 */
function afterCursor({ column, descending, idDescending }: Keyset, cursor: string): SQL | undefined {
  const split = cursor.lastIndexOf('~');
  const text = cursor.slice(0, split);
  const value = column === products.createdAt ? text : Number(text);
  const id = cursor.slice(split + 1);
  return and(
    descending ? lte(column, value) : gte(column, value),
    or(
      descending ? lt(column, value) : gt(column, value),
      idDescending ? lt(products.id, id) : gt(products.id, id),
    ),
  );
}

// Name matches rank first: a name hit weighs ten description hits and a note hit three
// (product_id and created_at are not indexed).
const relevance = sql`bm25(${productsFts}, 0, 10, 1, 3, 0)`;

/**
 * A search ranked by relevance scores at most the newest this many matches, and counts at most
 * one more (the answer then says `totalCapped`): its cost stops growing with the matches. A
 * search with fewer matches ranks and counts every one, as before (decision 019).
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The newest SEARCH_CANDIDATES matches: products_fts' rowids follow creation (migration 0021), so
 * the rowid of the last of them, found by walking the doclist newest first without scoring, is a
 * lower bound FTS5 applies while it reads the matches. 0 (every match) when fewer match.
 */
const candidates = (match: string) =>
  sql`${productsFts}.rowid >= coalesce((SELECT rowid FROM ${productsFts} WHERE ${productsFts} MATCH ${match} ORDER BY rowid DESC LIMIT 1 OFFSET ${SEARCH_CANDIDATES - 1}), 0)`;

/**
 * The page's query and its total's: a search goes through the FTS5 index and, unless
 * another order is asked for, ranks best match first among its candidates (then `bounded`:
 * the total stops one past them). Null when nothing can match.
 */
export function productListQueries(
  db: Db,
  {
    q,
    sort,
    collection,
    min,
    max,
    size,
    note,
    concentration,
    gender,
    after,
    offset,
    limit,
  }: ProductListFilter,
) {
  const match = q ? ftsPrefixQuery(q) : '';
  // Nothing searchable in the words (only punctuation): nothing matches.
  if (q && !match) return null;
  const where = and(
    match ? sql`${productsFts} MATCH ${match}` : undefined,
    // The price now, a live sale's included (decision 060). Both ends, even when one is open: the
    // planner then reads only that range of products_price_now, where an open-ended range made it
    // walk products_created instead.
    ...(min === undefined && max === undefined
      ? []
      : [gte(products.priceNow, min ?? 0), lte(products.priceNow, max ?? MAX_PRICE)]),
    collection
      ? inArray(
          products.id,
          db
            .select({ id: collectionProducts.productId })
            .from(collectionProducts)
            .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
            .where(eq(collections.slug, collection)),
        )
      : undefined,
    // Through product_variants_size: the products sold in this size.
    size === undefined
      ? undefined
      : inArray(products.id, db.select({ id: v.productId }).from(v).where(eq(v.sizeMl, size))),
    note
      ? inArray(
          products.id,
          db.select({ id: productNotes.productId }).from(productNotes).where(eq(productNotes.noteKey, note)),
        )
      : undefined,
    // Through products_concentration and products_gender (migration 0045).
    concentration ? eq(products.concentration, concentration) : undefined,
    gender ? eq(products.gender, gender) : undefined,
  );
  // The page's rows and one more, which tells whether a next page follows (its cursor).
  const page = after ? and(where, afterCursor(keysets[sort ?? 'newest'], after)) : where;
  // Named: D1 answers rows by column name, and created_at is in the row already.
  const sortKey = sql<string | number>`${keysets[sort ?? 'newest'].column}`.as('sort_key');
  const searched = eq(products.id, productsFts.productId);
  // Without a filter the total is a counter (migration 0012), or the FTS index's own count: it
  // holds every product once; ranked by relevance, it stops one past the candidates.
  const filtered =
    min !== undefined ||
    max !== undefined ||
    collection ||
    size !== undefined ||
    note ||
    concentration ||
    gender;
  const ranked = Boolean(match) && !filtered && !sort && !after;
  const total = filtered
    ? (match
        ? db.select({ n: count() }).from(productsFts).innerJoin(products, searched)
        : db.select({ n: count() }).from(products)
      ).where(where)
    : ranked
      ? db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(productsFts)
            .where(sql`${productsFts} MATCH ${match}`)
            .limit(SEARCH_CANDIDATES + 1)
            .as('candidate'),
        )
      : match
        ? db.select({ n: count() }).from(productsFts).where(sql`${productsFts} MATCH ${match}`)
        : db
            .select({ n: sql<number>`coalesce(sum(${counters.value}), 0)` })
            .from(counters)
            .where(eq(counters.name, 'products'));
  if (!match) {
    return {
      items: db
        .select({ ...productColumns, sort_key: sortKey })
        .from(products)
        .leftJoin(productReviewStats, rated)
        .where(page)
        .orderBy(...(sort ? orders[sort] : orders.newest))
        .limit(limit + 1)
        .offset(offset),
      total,
      bounded: false,
    };
  }
  // A search sorts its matches: the page's ids are chosen first, so the sizes (a subquery per
  // row) are read for the page's rows only, not for each match. Ranked alone (no filter, no other
  // order), it sorts the candidates only, the index's own created_at breaks ties and no products
  // row is read for a match.
  const score = sql<number>`${relevance}`.as('score');
  const hit = (
    ranked
      ? db.select({ id: productsFts.productId, score }).from(productsFts)
      : db.select({ id: products.id, score }).from(productsFts).innerJoin(products, searched)
  )
    .where(ranked ? and(page, candidates(match)) : page)
    .orderBy(
      ...(sort
        ? orders[sort]
        : [relevance, desc(ranked ? productsFts.createdAt : products.createdAt), asc(productsFts.productId)]),
    )
    .limit(limit + 1)
    .offset(offset)
    .as('hit');
  return {
    items: db
      .select({ ...productColumns, sort_key: sortKey })
      .from(hit)
      .innerJoin(products, eq(products.id, hit.id))
      .leftJoin(productReviewStats, rated)
      .orderBy(...(sort ? orders[sort] : [sql`${hit.score}`, ...orders.newest])),
    total,
    bounded: ranked,
  };
}

/**
 * One page, the total of the same filter and the next page's cursor (null on the last), in one
 * D1 round trip. A search ranked by relevance has no cursor: its score is no index key.
 */
export async function listProducts(
  db: Db,
  filter: ProductListFilter,
): Promise<{ items: Product[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const queries = productListQueries(db, filter);
  if (!queries) return { items: [], total: 0, totalCapped: false, nextCursor: null };
  const [rows, totals] = await db.batch([queries.items, queries.total]);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const keyed = filter.sort !== undefined || filter.q === undefined;
  const total = totals[0]?.n ?? 0;
  // A bounded count stops one past the candidates, which are all its pages can show.
  const totalCapped = queries.bounded && total > SEARCH_CANDIDATES;
  return {
    items: page.map(({ sort_key: _, ...product }) => product),
    total: totalCapped ? SEARCH_CANDIDATES : total,
    totalCapped,
    nextCursor: keyed && last && rows.length > filter.limit ? `${last.sort_key}~${last.id}` : null,
  };
}

/** The products of these ids that exist, in the order asked (a guest's 'Favorit' page, decision 048). */
export async function productsByIds(db: Db, ids: string[]): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(productReviewStats, rated)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The product with its photos in order (cover first) and its notes by layer. */
export function findProduct(db: Db, id: string): Promise<ProductDetail | undefined> {
  return findWith(db, id, productColumns);
}

/** The product as the admin's editor reads it: its sizes with their shipping data. */
export function findAdminProduct(db: Db, id: string): Promise<AdminProductDetail | undefined> {
  return findWith(db, id, adminProductColumns) as Promise<AdminProductDetail | undefined>;
}

async function findWith(
  db: Db,
  id: string,
  columns: typeof productColumns,
): Promise<ProductDetail | undefined> {
  const [product, images, notes, trust] = await db.batch([
    db.select(columns).from(products).leftJoin(productReviewStats, rated).where(eq(products.id, id)),
    db
      .select({ url: productImages.url, widths: productImages.widths })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ layer: productNotes.layer, note: productNotes.note })
      .from(productNotes)
      .where(eq(productNotes.productId, id))
      .orderBy(asc(productNotes.layer), asc(productNotes.position)),
    trustMarksOf(db, id),
  ]);
  const row = product[0];
  if (!row) return undefined;
  return {
    ...row,
    // A product written before its photos had rows still shows its cover.
    images: images.length > 0 ? images : [{ url: row.image, widths: row.image_widths }],
    notes: Object.fromEntries(
      noteLayers.map((layer) => [layer, notes.filter((n) => n.layer === layer).map((n) => n.note)]),
    ) as ProductDetail['notes'],
    trust_marks: trust[0] ?? null,
  };
}

/** The product row's own columns: the cover mirrors the first photo. */
function productRow({
  images,
  notes: _notes,
  variants: _variants,
  trust_marks: _trustMarks,
  ...fields
}: ProductFields) {
  const cover = images[0] as ProductFields['images'][number];
  return { ...fields, image: cover.url, imageWidths: cover.widths };
}

/** The statements that replace a product's photos and notes with the form's. */
function writeMedia(db: Db, id: string, { images, notes }: ProductFields) {
  const noteRows = noteLayers.flatMap((layer) =>
    notes[layer].map((note, position) => ({ productId: id, layer, position, note, noteKey: foldNote(note) })),
  );
  return [
    db.delete(productImages).where(eq(productImages.productId, id)),
    db.insert(productImages).values(images.map((image, position) => ({ productId: id, position, ...image }))),
    db.delete(productNotes).where(eq(productNotes.productId, id)),
    ...(noteRows.length > 0 ? [db.insert(productNotes).values(noteRows)] : []),
  ] as const;
}

/**
 * The sizes the catalogue sells, smallest first (the size filter's choices), at most 50. Each
 * step seeks the next larger size in product_variants_size, so the cost is the number of sizes,
 * not of variants (DISTINCT read the whole index).
 */
export async function listSizes(db: Db): Promise<number[]> {
  const rows = await db.all<{ size: number }>(sql`
    WITH RECURSIVE sizes (size) AS (
      SELECT min(size_ml) FROM product_variants WHERE size_ml IS NOT NULL
      UNION ALL
      SELECT (SELECT min(size_ml) FROM product_variants WHERE size_ml > sizes.size)
      FROM sizes WHERE sizes.size IS NOT NULL
    )
    SELECT size FROM sizes WHERE size IS NOT NULL LIMIT 50`);
  return rows.map((row) => row.size);
}

/** Which of these sizes' SKUs belong to another product than `productId`. */
export async function skusOfOthers(
  db: Db,
  productId: string | undefined,
  variants: VariantFields[],
): Promise<Set<string>> {
  const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  if (skus.length === 0) return new Set();
  const rows = await db.select({ sku: v.sku, productId: v.productId }).from(v).where(inArray(v.sku, skus));
  return new Set(rows.filter((row) => row.productId !== productId).map((row) => row.sku as string));
}

/** A size's weight and box as the admin saved them: no longer the estimate (decision 032). */
const shippingData = (fields: VariantFields) => ({
  weightGrams: fields.weight_grams,
  weightEstimated: false,
  lengthCm: fields.length_cm,
  widthCm: fields.width_cm,
  heightCm: fields.height_cm,
});

/** A new size and the trace of its first stock, by the admin `adminId`. */
function addVariant(db: Db, productId: string, fields: VariantFields, now: string, adminId: string) {
  const id = crypto.randomUUID();
  return [
    db.insert(v).values({
      id,
      productId,
      sizeMl: fields.size_ml,
      price: fields.price,
      stock: fields.stock,
      sku: fields.sku,
      maxPerOrder: fields.max_per_order,
      sampleCredit: fields.sample_credit,
      ...shippingData(fields),
      createdAt: now,
      updatedAt: now,
    }),
    traceStock(db, {
      variantId: id,
      fromStock: null,
      toStock: fields.stock,
      reason: 'created',
      actorId: adminId,
    }),
  ] as const;
}

/** A size as the audit trail records it (decision 054): what the form sets, prices and stock included. */
const auditedSize = {
  id: v.id,
  sizeMl: v.sizeMl,
  price: v.price,
  stock: v.stock,
  sku: v.sku,
  maxPerOrder: v.maxPerOrder,
  weightGrams: v.weightGrams,
  lengthCm: v.lengthCm,
  widthCm: v.widthCm,
  heightCm: v.heightCm,
  sampleCredit: v.sampleCredit,
};
type AuditedSize = { [K in keyof typeof auditedSize]: (typeof auditedSize)[K]['_']['data'] | null };

/** The product's own columns as a save writes them, and its sizes, for the audit trail. */
function savedFields(fields: ProductFields): AuditFields {
  const { updatedAt: _, ...row } = { ...productRow(fields), updatedAt: null };
  return {
    ...row,
    variants: [...fields.variants]
      .sort((a, b) => a.size_ml - b.size_ml)
      .map((size) => ({
        id: size.id ?? null,
        sizeMl: size.size_ml,
        price: size.price,
        stock: size.stock,
        sku: size.sku,
        maxPerOrder: size.max_per_order,
        weightGrams: size.weight_grams,
        lengthCm: size.length_cm,
        widthCm: size.width_cm,
        heightCm: size.height_cm,
        sampleCredit: size.sample_credit,
      })),
  };
}

/** The same columns of the stored product (`row`) as `savedFields` names, before a save. */
function storedFields(row: AuditFields, sizes: AuditedSize[], fields: ProductFields): AuditFields {
  const stored: AuditFields = {};
  for (const key of Object.keys(productRow(fields))) stored[key] = row[key] ?? null;
  return { ...stored, variants: sizes };
}

const CREDIT_NOT_SAMPLE = `Kredit Sampel hanya untuk ukuran sampel (paling besar ${SAMPLE_MAX_ML} ml) atau set discovery`;

/**
 * Refuses (422, nothing written) a 'Kredit Sampel' typed on a full bottle: only a sample size or a
 * discovery set (a saved size in `setIds`) earns one (decision 061 part B).
 */
function refuseCreditOnBottles(variants: VariantFields[], setIds: ReadonlySet<string | undefined>) {
  const bottles = variants.flatMap((variant, index) =>
    variant.sample_credit !== null && variant.size_ml > SAMPLE_MAX_ML && !setIds.has(variant.id)
      ? [index]
      : [],
  );
  if (bottles.length === 0) return;
  throw new AppError(
    422,
    'sample_credit_not_sample',
    CREDIT_NOT_SAMPLE,
    Object.fromEntries(bottles.map((index) => [`variants.${index}.sample_credit`, CREDIT_NOT_SAMPLE])),
  );
}

/** The product, its sizes, photos and notes in one batch (one transaction). */
export async function insertProduct(
  db: Db,
  fields: ProductFields,
  adminId: string,
): Promise<AdminProductDetail> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const { variants } = fields;
  refuseCreditOnBottles(variants, new Set());
  // products.price is the lowest size's price; the variant triggers keep it so from here on.
  const price = Math.min(...variants.map((variant) => variant.price));
  await db.batch([
    db.insert(products).values({ id, ...productRow(fields), price, createdAt: now, updatedAt: now }),
    ...variants.flatMap((variant) => addVariant(db, id, variant, now, adminId)),
    ...writeMedia(db, id, fields),
    ...writeTrustMarks(db, id, fields.trust_marks),
    auditRow(db, {
      actorId: adminId,
      entityType: 'product',
      entityId: id,
      action: 'create',
      after: savedFields(fields),
    }),
  ]);
  return (await findAdminProduct(db, id)) as AdminProductDetail;
}

/**
 * The product and its sizes as the form sends them, in one batch: sizes left out go (order
 * lines keep theirs), sizes named by id change, the others are added (an id of another
 * product's size counts as new). Undefined when there is no such product.
 *
 * Stock is compare-and-set (decision 025): a saved size's stock is written only when the form
 * changed it (stock ≠ expected_stock), and only while it still is what the form read; else
 * nothing is written and StockChanged names the sizes. A save that leaves the stock as read
 * does not touch it, so it never undoes an order placed or cancelled meanwhile.
 */
export async function updateProduct(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  id: string,
  fields: ProductFields,
  adminId: string,
): Promise<AdminProductDetail | undefined> {
  const { variants } = fields;
  const now = nowIso();
  const [found, sizes, sets, held] = await db.batch([
    db.select().from(products).where(eq(products.id, id)),
    db.select(auditedSize).from(v).where(eq(v.productId, id)).orderBy(asc(v.sizeMl)),
    setsOfProduct(db, id),
    setsHoldingSamplesOf(db, id),
  ]);
  const [row] = found;
  if (!row) return undefined;
  // A size left out goes: not while a discovery set holds it (decision 061).
  const keptIds = new Set(variants.map((variant) => variant.id));
  refuseRemovingSamples(held, (sampleId) => !keptIds.has(sampleId));
  // A discovery set's stock is its samples': the form sends none for it (decision 061).
  const setIds = new Set(sets.map((set) => set.id));
  const typedForSet = variants.flatMap((variant, index) =>
    variant.id && setIds.has(variant.id) && variant.stock !== null ? [index] : [],
  );
  if (typedForSet.length > 0) throw setStockRefusal(typedForSet);
  refuseCreditOnBottles(variants, setIds);
  const stockOf = new Map(sizes.map((row) => [row.id, row.stock]));
  const kept = variants.filter((variant) => variant.id !== undefined && stockOf.has(variant.id));
  const added = variants.filter((variant) => variant.id === undefined || !stockOf.has(variant.id));
  const restocked = kept.filter((variant) => variant.stock !== variant.expected_stock);
  /** The form's sizes whose stock it would change from a value that is no longer the stock. */
  const stale = (current: Map<string | undefined, number | null>) =>
    variants.flatMap((variant, index) =>
      restocked.includes(variant) && current.get(variant.id) !== variant.expected_stock ? [index] : [],
    );
  const early = stale(stockOf);
  if (early.length > 0) throw new StockChanged(early);
  // A size the form lowers to the threshold mails the shop once (decision 059).
  const alerts = await stockAlertSteps(
    db,
    env,
    restocked.map((variant) => variant.id as string),
  );
  try {
    await db.batch([
      db
        .update(products)
        .set({ ...productRow(fields), updatedAt: now })
        .where(eq(products.id, id)),
      db.delete(v).where(
        and(
          eq(v.productId, id),
          notInArray(
            v.id,
            kept.map((variant) => variant.id as string),
          ),
        ),
      ),
      // Sizes may trade places (30 → 50, 50 → 30): clear them first, so no step meets the unique index.
      db.update(v).set({ sizeMl: null }).where(eq(v.productId, id)),
      ...kept.flatMap((variant) => {
        const changes = restocked.includes(variant);
        const variantId = variant.id as string;
        const expected = variant.expected_stock ?? null;
        return [
          db
            .update(v)
            .set({
              sizeMl: variant.size_ml,
              price: variant.price,
              sku: variant.sku,
              maxPerOrder: variant.max_per_order,
              sampleCredit: variant.sample_credit,
              ...shippingData(variant),
              updatedAt: now,
              // An order or cancel since the read: -1 breaks stock_not_negative and the whole batch.
              ...(changes && {
                stock: sql`CASE WHEN ${v.stock} IS ${expected} THEN ${variant.stock} ELSE -1 END`,
              }),
            })
            .where(and(eq(v.id, variantId), eq(v.productId, id))),
          ...(changes
            ? [
                traceStock(db, {
                  variantId,
                  fromStock: expected,
                  toStock: variant.stock,
                  reason: 'form',
                  actorId: adminId,
                }),
              ]
            : []),
        ];
      }),
      ...added.flatMap((variant) => addVariant(db, id, variant, now, adminId)),
      ...writeMedia(db, id, fields),
      ...writeTrustMarks(db, id, fields.trust_marks),
      auditRow(db, {
        actorId: adminId,
        entityType: 'product',
        entityId: id,
        action: 'update',
        before: storedFields(row, sizes, fields),
        after: savedFields(fields),
      }),
      ...alerts,
    ]);
  } catch (err) {
    if (!isConstraintError(err, STOCK_GUARD)) throw err;
    const current = await db.select({ id: v.id, stock: v.stock }).from(v).where(eq(v.productId, id));
    throw new StockChanged(stale(new Map(current.map((row) => [row.id, row.stock]))));
  }
  return findAdminProduct(db, id);
}

/** Products that share a collection or a note with `id`, most shared first; bounded by `limit`. */
export function relatedProducts(db: Db, id: string, limit: number): Promise<Product[]> {
  // Each source reads an index from the product's own rows (its collections, its notes).
  const shared = sql`(
    SELECT other.product_id AS id, count(*) AS score
    FROM (
      SELECT theirs.product_id FROM collection_products AS mine
      JOIN collection_products AS theirs ON theirs.collection_id = mine.collection_id
      WHERE mine.product_id = ${id}
      UNION ALL
      SELECT theirs.product_id FROM product_notes AS mine
      JOIN product_notes AS theirs ON theirs.note_key = mine.note_key
      WHERE mine.product_id = ${id}
    ) AS other
    GROUP BY other.product_id
  ) AS shared`;
  return db
    .select(productColumns)
    .from(shared)
    .innerJoin(products, sql`${products.id} = shared.id`)
    .leftJoin(productReviewStats, rated)
    .where(ne(products.id, id))
    .orderBy(sql`shared.score DESC`, desc(products.createdAt), asc(products.id))
    .limit(limit)
    .all();
}

/** The notes in use, alphabetical by their folded key (the filter's options), bounded. */
export function listScentNotes(db: Db, limit: number): Promise<ScentNoteOption[]> {
  return db
    .select({ key: scentNotes.key, name: scentNotes.name })
    .from(scentNotes)
    .orderBy(asc(scentNotes.key))
    .limit(limit)
    .all();
}

/** True when a row was deleted; collection memberships go with it (ON DELETE CASCADE). */
export async function deleteProduct(db: Db, id: string, adminId: string): Promise<boolean> {
  const [found, sizes, held] = await db.batch([
    db.select().from(products).where(eq(products.id, id)),
    db.select(auditedSize).from(v).where(eq(v.productId, id)).orderBy(asc(v.sizeMl)),
    setsHoldingSamplesOf(db, id),
  ]);
  const [row] = found;
  if (!row) return false;
  // Its sizes go with it: not while a discovery set holds one (decision 061).
  refuseRemovingSamples(held, () => true);
  const [gone] = await db.batch([
    db.delete(products).where(eq(products.id, id)).returning({ id: products.id }),
    auditRow(db, {
      actorId: adminId,
      entityType: 'product',
      entityId: id,
      action: 'delete',
      before: { name: row.name, price: row.price, variants: sizes },
      when: AFTER_A_CHANGE,
    }),
  ]);
  return gone.length > 0;
}

/**
 * The admin's low-data view: sizes whose weight is still migration 0029's estimate, by product,
 * through the partial index product_variants_weight_estimated (product_id, id).
 */
export function listEstimatedWeights(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<Page<EstimatedWeightItem>> {
  return sizePage(
    db,
    {
      columns: { weight_grams: v.weightGrams },
      where: eq(v.weightEstimated, true),
      order: [asc(v.productId), asc(v.id)],
    },
    query,
  );
}

/** Notes offered by the catalogue's filter. */
const NOTE_OPTIONS = 200;

/**
 * Newest first unless sorted or searched. `limit` (home page) returns the first `limit` rows as
 * page 1. `after` (a `nextCursor`) reads the next page by keyset; `page` still numbers it, and
 * without a cursor reads it by offset (a link or a reload).
 */
export async function readProducts(db: Db, query: ProductListQuery): Promise<ProductPage<Product>> {
  const { page, pageSize, limit, ...filter } = query;
  const size = limit ?? pageSize;
  const current = limit ? 1 : page;
  const { items, total, totalCapped, nextCursor } = await listProducts(db, {
    ...filter,
    offset: filter.after ? 0 : (current - 1) * size,
    limit: size,
  });
  return { items, total, totalCapped, page: current, pageSize: size, nextCursor };
}

/** The sizes (ml) the catalogue sells, for its size filter. */
export async function readSizes(db: Db): Promise<{ items: number[] }> {
  return { items: await listSizes(db) };
}

/** The scent notes the catalogue can be filtered by (?note=<key>). */
export async function readNotes(db: Db): Promise<{ items: ScentNoteOption[] }> {
  return { items: await listScentNotes(db, NOTE_OPTIONS) };
}

/**
 * Whether saving `fields` over product `id` (none: a new one) would set a size's price or stock:
 * a new or removed size, another price or 'Kredit Sampel' (money off a bottle, decision 061 part
 * B), or a stock the form changed (its `expected_stock` is what
 * it read, as `updateProduct` counts a restock). A role without 'prices-stock' may save none of
 * them (decision 052).
 */
export async function touchesPricesOrStock(db: Db, id: string | undefined, fields: ProductFields) {
  if (id === undefined) return true;
  const sizes = await db
    .select({ id: v.id, price: v.price, sampleCredit: v.sampleCredit })
    .from(v)
    .where(eq(v.productId, id));
  const saved = new Map(sizes.map((size) => [size.id, size]));
  const sent = new Set(fields.variants.map((variant) => variant.id));
  if (sent.size !== sizes.length || fields.variants.length !== sizes.length) return true;
  return fields.variants.some(
    (variant) =>
      variant.id === undefined ||
      saved.get(variant.id)?.price !== variant.price ||
      saved.get(variant.id)?.sampleCredit !== variant.sample_credit ||
      variant.stock !== variant.expected_stock,
  );
}
