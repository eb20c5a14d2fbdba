import type { Product } from '@gi/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { nowIso } from '../client.ts';
import { products } from '../schema.ts';
import { containsText } from './text-search.ts';

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

/** One page, newest first, and the total of the same filter: one D1 round trip. */
export async function listProducts(
  db: Db,
  { q, offset, limit }: { q?: string; offset: number; limit: number },
): Promise<{ items: Product[]; total: number }> {
  const where = q ? containsText(products.name, q) : undefined;
  const [items, totals] = await db.batch([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), products.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
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
