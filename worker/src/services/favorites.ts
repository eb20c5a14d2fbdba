import { FAVORITES_LIMIT, type FavoriteItem, type FavoriteState, type Page } from '@gi/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { favorites, productReviewStats, products } from '../db/schema.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { productColumns } from './products.ts';
import { rated } from './reviews.ts';

// 'Favorit' (issue 41, decision 043): a customer's favourites, at most FAVORITES_LIMIT, the last
// word being migration 0039's trigger `favorites_limit`.

const FULL = `Favorit sudah penuh (maksimal ${FAVORITES_LIMIT} produk). Hapus yang lain dulu.`;

const totalOf = (db: Db, userId: string) =>
  db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));

/**
 * One page of the customer's favourites, newest first (favorites_user_added), each product in
 * the catalogue's shape with its sizes' current prices and stock; the count in the same round trip.
 */
export async function readFavorites(
  db: Db,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<FavoriteItem>> {
  const [items, totals] = await db.batch([
    db
      .select({ ...productColumns, added_at: favorites.addedAt })
      .from(favorites)
      .innerJoin(products, eq(products.id, favorites.productId))
      .leftJoin(productReviewStats, rated)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.addedAt), favorites.productId)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    totalOf(db, userId),
  ]);
  return { items, total: totals[0]?.n ?? 0, page, pageSize };
}

/** Adds the product once (again: nothing changes); 404 for no such product, 409 on a full list. */
export async function addFavorite(db: Db, userId: string, productId: string): Promise<FavoriteState> {
  try {
    const [, found, totals] = await db.batch([
      // From the product's row, so an unknown id inserts nothing.
      db
        .insert(favorites)
        .select(sql`SELECT ${userId}, id, ${nowIso()} FROM ${products} WHERE id = ${productId}`)
        .onConflictDoNothing(),
      db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
      totalOf(db, userId),
    ]);
    if (found.length === 0) throw notFound('Produk tidak ditemukan.');
    return { productId, favorite: true, total: totals[0]?.n ?? 0 };
  } catch (err) {
    if (isConstraintError(err, 'favorites_full')) throw new AppError(409, 'favorites_full', FULL);
    throw err;
  }
}

/** Removes the product if it is a favourite (no error if not). */
export async function removeFavorite(db: Db, userId: string, productId: string): Promise<FavoriteState> {
  const [, totals] = await db.batch([
    db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId))),
    totalOf(db, userId),
  ]);
  return { productId, favorite: false, total: totals[0]?.n ?? 0 };
}

/**
 * The guest's list (newest first) added in one statement: products that exist and are not yet
 * favourites, in the list's order, as many as the account has room for; the rest is ignored, so
 * the same list sent twice adds nothing the second time and never trips the limit.
 */
export async function mergeFavorites(
  db: Db,
  userId: string,
  productIds: string[],
): Promise<{ added: number; total: number }> {
  const ids = JSON.stringify([...new Set(productIds)]);
  const [inserted, totals] = await db.batch([
    db.insert(favorites).select(
      sql`SELECT ${userId}, wanted.value, ${nowIso()} FROM json_each(${ids}) AS wanted
        JOIN ${products} ON ${products.id} = wanted.value
        WHERE NOT EXISTS (SELECT 1 FROM ${favorites} WHERE user_id = ${userId} AND product_id = wanted.value)
        ORDER BY wanted.key
        LIMIT max(0, ${FAVORITES_LIMIT} - (SELECT count(*) FROM ${favorites} WHERE user_id = ${userId}))`,
    ),
    totalOf(db, userId),
  ]);
  return { added: inserted.meta.changes, total: totals[0]?.n ?? 0 };
}
