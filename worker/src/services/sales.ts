import { type ListQuery, type Page, type Sale, type saleInputSchema, saleSchema } from '@gi/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { answerColumns } from '../db/answer-columns.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { containsText } from '../db/queries/text-search.ts';
import { cacheVersion, priceNowMoves, sales } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';

// The admin's timed sales (issue 40, decision 046): made, listed, changed, deleted. Their price
// is services/sale-price.ts'; the edge cache follows their writes by triggers (migration 0041)
// and their starts and ends by the Cron (moveCacheAtSaleBoundaries), as does the catalogue's
// price now (decision 060).

const columns = answerColumns(sales, saleSchema, {});
const MISSING = 'Promo tidak ditemukan.';

type Input = z.output<typeof saleInputSchema>;

/** The stored columns of a whole sale: a target list left out is empty. */
const rowOf = (input: Input) => ({
  name: input.name,
  kind: input.kind,
  value: input.value,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  productIds: input.productIds ?? [],
  collectionIds: input.collectionIds ?? [],
  variantIds: input.variantIds ?? [],
});

/** One page, the latest start first (sales_starts read backwards). */
export async function listSales(db: Db, { q, page, pageSize }: ListQuery): Promise<Page<Sale>> {
  const filter = q ? containsText(sales.name, q) : undefined;
  const [items, totals] = await db.batch([
    db
      .select(columns)
      .from(sales)
      .where(filter)
      .orderBy(desc(sales.startsAt), desc(sales.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(sales).where(filter),
  ]);
  return { items, total: totals[0]?.n ?? 0, page, pageSize };
}

export async function readSale(db: Db, id: string): Promise<Sale> {
  const row = await db.select(columns).from(sales).where(eq(sales.id, id)).get();
  if (!row) throw notFound(MISSING);
  return row;
}

/** A sale's stored fields (`rowOf`'s), for the audit trail; 404 when there is none. */
async function storedSale(db: Db, id: string): Promise<ReturnType<typeof rowOf>> {
  const row = await db
    .select({
      name: sales.name,
      kind: sales.kind,
      value: sales.value,
      startsAt: sales.startsAt,
      endsAt: sales.endsAt,
      productIds: sales.productIds,
      collectionIds: sales.collectionIds,
      variantIds: sales.variantIds,
    })
    .from(sales)
    .where(eq(sales.id, id))
    .get();
  if (!row) throw notFound(MISSING);
  return row;
}

export async function createSale(db: Db, input: Input, actorId: string): Promise<Sale> {
  const now = nowIso();
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(sales)
      .values({ ...rowOf(input), id, createdAt: now, updatedAt: now })
      .returning(columns),
    auditRow(db, { actorId, entityType: 'sale', entityId: id, action: 'create', after: rowOf(input) }),
  ]);
  return row as Sale;
}

export async function replaceSale(db: Db, id: string, input: Input, actorId: string): Promise<Sale> {
  const before = await storedSale(db, id);
  const [[row]] = await db.batch([
    db
      .update(sales)
      .set({ ...rowOf(input), updatedAt: nowIso() })
      .where(eq(sales.id, id))
      .returning(columns),
    auditRow(db, {
      actorId,
      entityType: 'sale',
      entityId: id,
      action: 'update',
      before,
      after: rowOf(input),
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (!row) throw notFound(MISSING);
  return row;
}

/** Deletes a sale: its sizes are back at their price at once (orders keep what they were charged). */
export async function deleteSale(db: Db, id: string, actorId: string): Promise<void> {
  const before = await storedSale(db, id);
  const [deleted] = await db.batch([
    db.delete(sales).where(eq(sales.id, id)).returning({ id: sales.id }),
    auditRow(db, {
      actorId,
      entityType: 'sale',
      entityId: id,
      action: 'delete',
      before,
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (deleted.length === 0) throw notFound(MISSING);
}

/**
 * The Cron, every minute: a sale that started or ended since its last run changes what guests'
 * cached pages and answers must show, so a new cache token is drawn (decision 021), in the same
 * statement that moves the mark; a run that missed minutes still sees every boundary since the
 * last. The two ranges read sales_starts and sales_ends. The first run draws one if any sale has
 * started. Before it, in the same batch, the targets of those sales have their `price_now` read
 * again (migration 0060's price_now_moves, decision 060): no write announced the start or end.
 */
export async function moveCacheAtSaleBoundaries(env: Env, now: Date): Promise<void> {
  const at = now.toISOString();
  const since = sql`coalesce((SELECT ${cacheVersion.salesCheckedAt} FROM ${cacheVersion} WHERE ${cacheVersion.id} = 1), '')`;
  const crossed = (column: typeof sales.startsAt | typeof sales.endsAt) =>
    sql`SELECT ${sales.productIds}, ${sales.collectionIds}, ${sales.variantIds} FROM ${sales} WHERE ${column} > ${since} AND ${column} <= ${at}`;
  const db = getDb(env.DB);
  await db.batch([
    db.insert(priceNowMoves).select(sql`${crossed(sales.startsAt)} UNION ${crossed(sales.endsAt)}`),
    db
      .update(cacheVersion)
      .set({
        token: sql`CASE WHEN EXISTS (${crossed(sales.startsAt)}) OR EXISTS (${crossed(sales.endsAt)})
          THEN lower(hex(randomblob(8))) ELSE ${cacheVersion.token} END`,
        salesCheckedAt: at,
      })
      .where(eq(cacheVersion.id, 1)),
  ]);
}
