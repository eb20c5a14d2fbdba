import { MAX_PRICE, type Product, type ProductSort } from '@gi/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { nowIso } from '../client.ts';
import { collectionProducts, collections, products, productsFts } from '../schema.ts';
import { ftsPrefixQuery } from './text-search.ts';

/** A product row as the API answers it: the spec's snake_case field names. */
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  image: products.image,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
};

export interface ProductFields {
  name: string;
  description: string;
  price: number;
  image: string;
}

export interface ProductListFilter {
  q?: string | undefined;
  sort?: ProductSort | undefined;
  collection?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
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

// Name matches rank first: a name hit weighs ten description hits (product_id is not indexed).
const relevance = sql`bm25(${productsFts}, 0, 10, 1)`;

/**
 * The page's query and its total's: a search goes through the FTS5 index and, unless
 * another order is asked for, ranks best match first. Null when nothing can match.
 */
export function productListQueries(
  db: Db,
  { q, sort, collection, min, max, offset, limit }: ProductListFilter,
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

export function findProduct(db: Db, id: string): Promise<Product | undefined> {
  return db.select(productColumns).from(products).where(eq(products.id, id)).get();
}

export function insertProduct(db: Db, fields: ProductFields): Promise<Product> {
  return db
    .insert(products)
    .values({ id: crypto.randomUUID(), ...fields })
    .returning(productColumns)
    .get();
}

export function updateProduct(db: Db, id: string, fields: ProductFields): Promise<Product | undefined> {
  return db
    .update(products)
    .set({ ...fields, updatedAt: nowIso() })
    .where(eq(products.id, id))
    .returning(productColumns)
    .get();
}

/** True when a row was deleted; collection memberships go with it (ON DELETE CASCADE). */
export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id }).all();
  return gone.length > 0;
}
