import {
  foldNote,
  MAX_PRICE,
  noteLayers,
  type Product,
  type ProductDetail,
  type ProductFields,
  type ProductSort,
  type ScentNoteOption,
} from '@gi/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { nowIso } from '../client.ts';
import {
  collectionProducts,
  collections,
  productImages,
  productNotes,
  products,
  productsFts,
  scentNotes,
} from '../schema.ts';
import { ftsPrefixQuery } from './text-search.ts';

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
  created_at: products.createdAt,
  updated_at: products.updatedAt,
};

export interface ProductListFilter {
  q?: string | undefined;
  sort?: ProductSort | undefined;
  collection?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  /** A folded scent note (foldNote). */
  note?: string | undefined;
  offset: number;
  limit: number;
}

// Each order is an index of migration 0011 (or products_created) read in its own
// direction; the id breaks ties, so pages never overlap.
const orders: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), asc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), desc(products.id)],
  'best-selling': [desc(products.soldCount), asc(products.id)],
};

// Name matches rank first: a name hit weighs ten description hits and a note hit three
// (product_id is not indexed).
const relevance = sql`bm25(${productsFts}, 0, 10, 1, 3)`;

/**
 * The page's query and its total's: a search goes through the FTS5 index and, unless
 * another order is asked for, ranks best match first. Null when nothing can match.
 */
export function productListQueries(
  db: Db,
  { q, sort, collection, min, max, note, offset, limit }: ProductListFilter,
) {
  const match = q ? ftsPrefixQuery(q) : '';
  // Nothing searchable in the words (only punctuation): nothing matches.
  if (q && !match) return null;
  const where = and(
    match ? sql`${productsFts} MATCH ${match}` : undefined,
    // Both ends, even when one is open: the planner then reads only that range of
    // products_price, where an open-ended range made it walk products_created instead.
    ...(min === undefined && max === undefined
      ? []
      : [gte(products.price, min ?? 0), lte(products.price, max ?? MAX_PRICE)]),
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
    note
      ? inArray(
          products.id,
          db.select({ id: productNotes.productId }).from(productNotes).where(eq(productNotes.noteKey, note)),
        )
      : undefined,
  );
  const orderBy = sort ? orders[sort] : match ? [relevance, ...orders.newest] : orders.newest;
  const searched = eq(products.id, productsFts.productId);
  return {
    items: (match
      ? db.select(productColumns).from(productsFts).innerJoin(products, searched)
      : db.select(productColumns).from(products)
    )
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    total: (match
      ? db.select({ n: count() }).from(productsFts).innerJoin(products, searched)
      : db.select({ n: count() }).from(products)
    ).where(where),
  };
}

/** One page and the total of the same filter, in one D1 round trip. */
export async function listProducts(
  db: Db,
  filter: ProductListFilter,
): Promise<{ items: Product[]; total: number }> {
  const queries = productListQueries(db, filter);
  if (!queries) return { items: [], total: 0 };
  const [items, totals] = await db.batch([queries.items, queries.total]);
  return { items, total: totals[0]?.n ?? 0 };
}

/** The product with its photos in order (cover first) and its notes by layer. */
export async function findProduct(db: Db, id: string): Promise<ProductDetail | undefined> {
  const [product, images, notes] = await db.batch([
    db.select(productColumns).from(products).where(eq(products.id, id)),
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
  };
}

/** The product row's own columns: the cover mirrors the first photo. */
function productRow({ images, notes: _notes, ...fields }: ProductFields) {
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

/** The product, its photos and notes in one batch (one transaction). */
export async function insertProduct(db: Db, fields: ProductFields): Promise<ProductDetail> {
  const id = crypto.randomUUID();
  await db.batch([db.insert(products).values({ id, ...productRow(fields) }), ...writeMedia(db, id, fields)]);
  return (await findProduct(db, id)) as ProductDetail;
}

export async function updateProduct(
  db: Db,
  id: string,
  fields: ProductFields,
): Promise<ProductDetail | undefined> {
  const exists = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).get();
  if (!exists) return undefined;
  // One batch, one transaction: the row, its photos and its notes change together.
  await db.batch([
    db
      .update(products)
      .set({ ...productRow(fields), updatedAt: nowIso() })
      .where(eq(products.id, id)),
    ...writeMedia(db, id, fields),
  ]);
  return findProduct(db, id);
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
export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id }).all();
  return gone.length > 0;
}
