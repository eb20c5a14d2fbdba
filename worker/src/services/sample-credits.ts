import type { SampleCreditPage, SampleCreditState } from '@gi/contracts';
import { and, desc, eq, gt, inArray, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  products,
  productVariants,
  sampleCredits,
  sampleCreditUses,
  variantComponents,
} from '../db/schema.ts';

// 'Kredit Sampel' (decision 061 part B), the reads: a customer's usable credits (checkout), their
// whole list ('Akun Saya'), and a set's samples' products (what a set's credit pays toward).

const c = sampleCredits;
const u = sampleCreditUses;

/** More credits than anyone holds at once; the read stays bounded. */
const USABLE_MAX = 100;
export const CREDITS_PAGE_SIZE = 20;

/**
 * The customer's credits usable at `now`: available, not expired, not used, soonest expiry first,
 * through sample_credits_user (user_id, status, expires_at).
 */
export async function availableCredits(db: Db, userId: string, now: string) {
  const rows = await db
    .select({
      id: c.id,
      amount: c.amount,
      productIds: c.productIds,
      expiresAt: c.expiresAt,
      sourceName: c.sourceName,
    })
    .from(c)
    .where(
      and(
        eq(c.userId, userId),
        eq(c.status, 'available'),
        gt(c.expiresAt, now),
        notExists(db.select({ one: sql`1` }).from(u).where(eq(u.creditId, c.id))),
      ),
    )
    .orderBy(c.expiresAt)
    .limit(USABLE_MAX);
  // An available credit always has its expiry (the table's CHECK).
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt ?? '' }));
}

/** Each set's samples' products as the sets are now (decision 061's variant_components). */
export async function setProductsOf(db: Db, setVariantIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (setVariantIds.length === 0) return found;
  const rows = await db
    .select({ setId: variantComponents.setVariantId, productId: productVariants.productId })
    .from(variantComponents)
    .innerJoin(productVariants, eq(productVariants.id, variantComponents.componentVariantId))
    .where(inArray(variantComponents.setVariantId, setVariantIds));
  for (const { setId, productId } of rows) {
    const list = found.get(setId) ?? [];
    if (!list.includes(productId)) list.push(productId);
    found.set(setId, list);
  }
  return found;
}

function stateOf(
  row: { status: 'pending' | 'available' | 'void'; expiresAt: string | null; usedBy: string | null },
  now: string,
): SampleCreditState {
  if (row.usedBy !== null) return 'used';
  if (row.status !== 'available') return row.status;
  return (row.expiresAt ?? '') > now ? 'available' : 'expired';
}

/**
 * A page of the customer's credits after `cursor` (created_at~id), newest first, by keyset on
 * sample_credits_user_created (user_id, created_at, id) walked backwards; the products named in
 * one more query.
 */
export async function creditsOfUser(
  db: Db,
  userId: string,
  cursor: string | undefined,
  now: string,
  limit = CREDITS_PAGE_SIZE,
): Promise<SampleCreditPage> {
  const filters: (SQL | undefined)[] = [eq(c.userId, userId)];
  if (cursor) {
    const split = cursor.lastIndexOf('~');
    const createdAt = cursor.slice(0, split);
    filters.push(
      or(lt(c.createdAt, createdAt), and(eq(c.createdAt, createdAt), lt(c.id, cursor.slice(split + 1)))),
    );
  }
  const rows = await db
    .select({
      id: c.id,
      amount: c.amount,
      status: c.status,
      sourceOrderId: c.sourceOrderId,
      sourceName: c.sourceName,
      productIds: c.productIds,
      expiresAt: c.expiresAt,
      createdAt: c.createdAt,
      usedBy: u.orderId,
    })
    .from(c)
    .leftJoin(u, eq(u.creditId, c.id))
    .where(and(...filters))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = [...new Set(page.flatMap((row) => row.productIds))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, ids))
        ).map((row) => [row.id, row.name]),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      amount: row.amount,
      state: stateOf(row, now),
      source_order_id: row.sourceOrderId,
      source_name: row.sourceName,
      // A product deleted since is left out.
      products: row.productIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      expires_at: row.expiresAt,
      used_order_id: row.usedBy,
      created_at: row.createdAt,
    })),
    nextCursor: rows.length > limit && last ? `${last.createdAt}~${last.id}` : null,
  };
}
