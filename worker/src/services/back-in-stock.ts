import {
  BACK_IN_STOCK_IN_STOCK,
  BACK_IN_STOCK_UNSUBSCRIBED,
  type BackInStock,
  formatSize,
} from '@gi/contracts';
import { and, asc, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { signUnsubscribeToken } from '../auth/tokens.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { backInStockSubscriptions, marketingSuppressions, products, productVariants } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { shownStockSql } from './shown-stock.ts';

// 'Kabari Saya' (issue 40, decision 042): a shopper's ask on a sold-out size, the triggers of
// migrations 0038 and 0065 (a discovery set's samples) and a set's composing (markAsksDue) marking
// it due when the stock comes back, and the Cron's bounded run that sends one email per ask and
// deletes it.

const s = backInStockSubscriptions;
const v = productVariants;

/** Mails one Cron run queues at most; the next run goes on from the lowest id left. */
const BACK_IN_STOCK_RUN = 200;
/** Asks sent per D1 batch: each is an outbox insert and a delete. */
const SEND_CHUNK = 25;

const SIZE_NOT_FOUND = 'Ukuran tidak ditemukan';

/** The size's stock as the shop sells it: a discovery set's is its samples' (decision 061). */
const shownStock = sql<number | null>`${sql.raw(shownStockSql('"product_variants"'))}`;

/**
 * One ask per size and address, made only while the size is sold out (stock 0): the insert reads
 * the stock itself, so a restock between the shopper's page and this write cannot leave an ask
 * that no trigger will mark. A second ask of the same size and address answers the first
 * (`created` false). A customer's ask (`userId`, at the account's address) takes the address off
 * the suppression list; a guest's for a suppressed address is refused, as a guest cannot show the
 * address is theirs.
 */
export async function askBackInStock(
  db: Db,
  ask: { productId: string; variantId: string; email: string; userId: string | null },
): Promise<{ answer: BackInStock; created: boolean }> {
  const { productId, variantId, email, userId } = ask;
  if (!userId) {
    const [row] = await db
      .select({ email: marketingSuppressions.email })
      .from(marketingSuppressions)
      .where(eq(marketingSuppressions.email, email));
    if (row)
      throw new AppError(422, 'marketing_unsubscribed', BACK_IN_STOCK_UNSUBSCRIBED, {
        email: BACK_IN_STOCK_UNSUBSCRIBED,
      });
  }
  const insert = db
    .insert(s)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as('id'),
          variantId: v.id,
          email: sql<string>`${email}`.as('email'),
          userId: sql<string | null>`${userId}`.as('user_id'),
          dueAt: sql<null>`NULL`.as('due_at'),
          createdAt: sql<string>`${new Date().toISOString()}`.as('created_at'),
        })
        .from(v)
        .where(and(eq(v.id, variantId), eq(v.productId, productId), sql`${shownStock} = 0`)),
    )
    .onConflictDoNothing()
    .returning({ id: s.id });
  const answer = {
    variantId,
    email,
    message: `Kami akan mengabari ${email} satu kali saat ukuran ini tersedia lagi.`,
  };
  if (userId) {
    const asked = db
      .select({ one: sql`1` })
      .from(s)
      .where(and(eq(s.variantId, variantId), eq(s.email, email)));
    const [inserted] = await db.batch([
      insert,
      db.delete(marketingSuppressions).where(and(eq(marketingSuppressions.email, email), exists(asked))),
    ]);
    if (inserted.length > 0) return { answer, created: true };
  } else if ((await insert).length > 0) return { answer, created: true };

  const [sizes, asks] = await db.batch([
    db
      .select({ stock: v.stock })
      .from(v)
      .where(and(eq(v.id, variantId), eq(v.productId, productId))),
    db
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.variantId, variantId), eq(s.email, email))),
  ]);
  if (sizes.length === 0) throw notFound(SIZE_NOT_FOUND);
  if (asks.length > 0) return { answer, created: false };
  throw new AppError(422, 'in_stock', BACK_IN_STOCK_IN_STOCK, { variantId: BACK_IN_STOCK_IN_STOCK });
}

/**
 * Marks the waiting asks of `variantId` due when the size can be bought (its shown stock above 0,
 * or uncounted), as the restock triggers of migrations 0038 and 0065 do, for the change no stock
 * trigger sees: a set recomposed of samples in stock (decision 061), in the composing batch.
 */
export const markAsksDue = (db: Db, variantId: string) =>
  db
    .update(s)
    .set({ dueAt: nowIso() })
    .where(
      and(
        eq(s.variantId, variantId),
        isNull(s.dueAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(v)
            .where(and(eq(v.id, variantId), sql`coalesce(${shownStock}, 1) > 0`)),
        ),
      ),
    );

/**
 * The unsubscribe link's work: the address joins the suppression list and its asks go, in one
 * batch. Again for an address already on the list changes nothing.
 */
export async function unsubscribeMarketing(db: Db, email: string): Promise<void> {
  await db.batch([
    db.insert(marketingSuppressions).values({ email }).onConflictDoNothing(),
    db.delete(s).where(eq(s.email, email)),
  ]);
}

/**
 * The Cron's run: up to `limit` due asks, lowest id first, through back_in_stock_due. An ask whose
 * size sold out again before its mail waits for the next restock (its trigger marks it again); a
 * suppressed address's ask goes unsent. Every other ask gets one email, queued with its id as the
 * outbox's once key in the batch that deletes it: two overlapping runs that read the same asks
 * queue each mail once. Answers how many were queued.
 */
export async function sendBackInStock(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN' | 'JWT_SECRET'>,
  limit = BACK_IN_STOCK_RUN,
): Promise<number> {
  const db = getDb(env.DB);
  const due = await db
    .select({
      id: s.id,
      email: s.email,
      productId: products.id,
      productName: products.name,
      sizeMl: v.sizeMl,
      price: v.price,
      stock: shownStock,
      suppressed: sql<number>`EXISTS (SELECT 1 FROM marketing_suppressions m WHERE m.email = ${s.email})`,
    })
    .from(s)
    .innerJoin(v, eq(v.id, s.variantId))
    .innerJoin(products, eq(products.id, v.productId))
    .where(isNotNull(s.dueAt))
    .orderBy(asc(s.id))
    .limit(limit);
  const soldOut = due.filter((row) => row.stock === 0).map((row) => row.id);
  const unsent = due.filter((row) => row.stock !== 0 && row.suppressed).map((row) => row.id);
  const sending = due.filter((row) => row.stock !== 0 && !row.suppressed);
  if (soldOut.length > 0) {
    // Unless a restock came meanwhile: its trigger marked nothing, the asks being still due.
    const stillSoldOut = db
      .select({ one: sql`1` })
      .from(v)
      .where(and(eq(v.id, s.variantId), sql`${shownStock} = 0`));
    await db
      .update(s)
      .set({ dueAt: null })
      .where(and(inArray(s.id, soldOut), exists(stillSoldOut)));
  }
  if (unsent.length > 0) await db.delete(s).where(inArray(s.id, unsent));
  // One token per address, however many of its sizes came back.
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (email: string) => {
    let token = tokens.get(email);
    if (!token) {
      token = signUnsubscribeToken(email, env.JWT_SECRET);
      tokens.set(email, token);
    }
    return token;
  };
  for (let at = 0; at < sending.length; at += SEND_CHUNK) {
    const chunk = sending.slice(at, at + SEND_CHUNK);
    const statements = await Promise.all(
      chunk.map(async (row) => [
        queueEmail(db, env, {
          to: row.email,
          template: 'back-in-stock',
          once: `back-in-stock:${row.id}`,
          data: {
            productId: row.productId,
            productName: row.productName,
            size: formatSize(row.sizeMl),
            price: row.price,
            unsubscribeToken: await tokenOf(row.email),
          },
        }),
        db.delete(s).where(eq(s.id, row.id)),
      ]),
    );
    const [first, ...rest] = statements.flat();
    if (first) await db.batch([first, ...rest]);
  }
  return sending.length;
}
