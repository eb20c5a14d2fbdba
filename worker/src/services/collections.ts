import type { Collection, CollectionDetail, ListQuery, Page } from '@gi/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { containsText } from '../db/queries/text-search.ts';
import { collectionProducts, collections, productReviewStats, products } from '../db/schema.ts';
import { AFTER_A_CHANGE, type AuditFields, auditRow } from '../lib/audit.ts';
import { productColumns } from './products.ts';
import { rated } from './reviews.ts';

const collectionColumns = {
  id: collections.id,
  slug: collections.slug,
  name: collections.name,
  description: collections.description,
  image: collections.image,
  created_at: collections.createdAt,
};

// Correlated count over the (collection_id, product_id) primary key: no scan of other collections.
const productCount = sql<number>`(SELECT count(*) FROM ${collectionProducts} WHERE ${collectionProducts.collectionId} = ${collections.id})`;

export interface CollectionFields {
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
}

/** One page, newest first, each with its product count, and the total: one round trip. */
export async function listCollections(
  db: Db,
  { q, offset, limit }: { q?: string; offset: number; limit: number },
): Promise<{ items: Collection[]; total: number }> {
  const where = q ? containsText(collections.name, q) : undefined;
  const [items, totals] = await db.batch([
    db
      .select({ ...collectionColumns, product_count: productCount })
      .from(collections)
      .where(where)
      .orderBy(desc(collections.createdAt), collections.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(collections).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

/**
 * The collection, its product count and one page of its products (by position, then name) in
 * one round trip. Offset paging: a collection is a curated list of at most a few hundred
 * products (COLLECTION_MAX_PRODUCTS per save), read through its (collection_id, …) indexes.
 */
export async function findCollectionBySlug(
  db: Db,
  slug: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<CollectionDetail | undefined> {
  const members = db
    .select({ productId: collectionProducts.productId, position: collectionProducts.position })
    .from(collectionProducts)
    .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
    .where(eq(collections.slug, slug));
  const [rows, counts, items] = await db.batch([
    db.select(collectionColumns).from(collections).where(eq(collections.slug, slug)),
    db.select({ n: count() }).from(members.as('members')),
    db
      .select(productColumns)
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .leftJoin(productReviewStats, rated)
      .where(eq(collections.slug, slug))
      .orderBy(collectionProducts.position, products.name)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const row = rows[0];
  return row && { ...row, product_count: counts[0]?.n ?? 0, products: items, page, pageSize };
}

/**
 * Adds the memberships of `productIds` (array order = position) in one statement
 * with two bound parameters, however long the list (D1 allows 100 per statement).
 * The join makes it a no-op for a missing collection; an unknown product id fails
 * the products foreign key and with it the whole batch.
 */
function insertMembers(db: Db, collectionId: string, productIds: string[]) {
  return db.insert(collectionProducts).select(
    sql`SELECT c.id, j.value, j.key FROM json_each(${JSON.stringify(productIds)}) AS j
        JOIN ${collections} AS c ON c.id = ${collectionId}`,
  );
}

function countMembers(db: Db, collectionId: string) {
  return db
    .select({ n: count() })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId));
}

/** The collection's fields and members as the audit trail records them (decision 054), or undefined. */
async function auditedCollection(db: Db, id: string): Promise<AuditFields | undefined> {
  const [rows, members] = await db.batch([
    db
      .select({
        slug: collections.slug,
        name: collections.name,
        description: collections.description,
        image: collections.image,
      })
      .from(collections)
      .where(eq(collections.id, id)),
    db
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, id))
      .orderBy(asc(collectionProducts.position)),
  ]);
  return rows[0] && { ...rows[0], productIds: members.map((member) => member.id) };
}

/** Collection and memberships land together or not at all (a batch is D1's transaction). */
export async function insertCollection(
  db: Db,
  fields: CollectionFields,
  productIds: string[],
  actorId: string,
): Promise<Collection & { product_count: number }> {
  const id = crypto.randomUUID();
  const [rows, , counts] = await db.batch([
    db
      .insert(collections)
      .values({ id, ...fields })
      .returning(collectionColumns),
    insertMembers(db, id, productIds),
    countMembers(db, id),
    auditRow(db, {
      actorId,
      entityType: 'collection',
      entityId: id,
      action: 'create',
      after: { ...fields, productIds },
    }),
  ]);
  return { ...(rows[0] as Collection), product_count: counts[0]?.n ?? 0 };
}

/**
 * Updates the fields and, when `productIds` is given, swaps the whole membership
 * (delete + insert in the same batch, so readers never see it half done).
 */
export async function updateCollection(
  db: Db,
  id: string,
  fields: Omit<CollectionFields, 'slug'> & { slug?: string },
  productIds: string[] | undefined,
  actorId: string,
): Promise<(Collection & { product_count: number }) | undefined> {
  const before = await auditedCollection(db, id);
  if (!before) return undefined;
  const update = db
    .update(collections)
    .set(fields)
    .where(eq(collections.id, id))
    .returning(collectionColumns);
  const after = { ...before, ...fields, ...(productIds && { productIds }) };
  const audit = auditRow(db, {
    actorId,
    entityType: 'collection',
    entityId: id,
    action: 'update',
    before,
    after,
    when: AFTER_A_CHANGE,
  });
  if (productIds === undefined) {
    const [rows, , counts] = await db.batch([update, audit, countMembers(db, id)]);
    return rows[0] && { ...rows[0], product_count: counts[0]?.n ?? 0 };
  }
  const [rows, , , , counts] = await db.batch([
    update,
    audit,
    db.delete(collectionProducts).where(eq(collectionProducts.collectionId, id)),
    insertMembers(db, id, productIds),
    countMembers(db, id),
  ]);
  return rows[0] && { ...rows[0], product_count: counts[0]?.n ?? 0 };
}

export async function deleteCollection(db: Db, id: string, actorId: string): Promise<boolean> {
  const before = await auditedCollection(db, id);
  if (!before) return false;
  const [gone] = await db.batch([
    db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id }),
    auditRow(db, {
      actorId,
      entityType: 'collection',
      entityId: id,
      action: 'delete',
      before,
      when: AFTER_A_CHANGE,
    }),
  ]);
  return gone.length > 0;
}

/** A page of the collections, searched by name. */
export async function readCollections(db: Db, { q, page, pageSize }: ListQuery): Promise<Page<Collection>> {
  const { items, total } = await listCollections(db, { q, offset: (page - 1) * pageSize, limit: pageSize });
  return { items, total, page, pageSize };
}
