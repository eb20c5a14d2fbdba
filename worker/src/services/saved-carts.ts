import {
  formatSize,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  type MarketingConsent,
  type SavedCart,
  type SavedCartInput,
} from '@gi/contracts';
import { and, asc, eq, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { signUnsubscribeToken } from '../auth/tokens.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import {
  marketingSuppressions,
  products,
  productVariants,
  profiles,
  savedCartLines,
  savedCarts,
  users,
} from '../db/schema.ts';
import type { Env } from '../env.ts';
import { queueEmail } from '../lib/outbox.ts';
import { saleColumn } from './sale-price.ts';

// Saved carts (issue 40, decision 050): a signed-in customer's cart kept on the server as sizes
// and quantities, merged on sign-in, and the one reminder the Cron mails for a cart left alone.

type Line = SavedCartInput['lines'][number];

/** How long a cart waits before its reminder, and the least time between two reminders. */
export interface ReminderTiming {
  delayMs: number;
  pauseMs: number;
}

const HOUR = 3_600_000;
/** Production's: 4 hours after the cart's last change. */
const DEFAULT_DELAY_MS = 4 * HOUR;
/** A change after a reminder earns a new one only a week after it. */
const DEFAULT_PAUSE_MS = 7 * 24 * HOUR;
/** Carts one Cron run reads at most; the next run goes on from the soonest due. */
const REMIND_RUN = 50;
/** Statements per D1 batch: even, so a reminder's email and its mark (first in the list) share one. */
const BATCH = 50;

const seconds = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n * 1000 : fallback;
};

/** The timing from `CART_REMINDER_DELAY_SECONDS` and `CART_REMINDER_PAUSE_SECONDS` (the journeys shorten both). */
export function reminderTiming(
  env: Pick<Env, 'CART_REMINDER_DELAY_SECONDS' | 'CART_REMINDER_PAUSE_SECONDS'>,
): ReminderTiming {
  return {
    delayMs: seconds(env.CART_REMINDER_DELAY_SECONDS, DEFAULT_DELAY_MS),
    pauseMs: seconds(env.CART_REMINDER_PAUSE_SECONDS, DEFAULT_PAUSE_MS),
  };
}

const l = savedCartLines;
const v = productVariants;

/**
 * The lines as the cart shows them: each size's product, price and stock now (a live sale's price,
 * decision 046), in the cart's order. The query alone, so a write's batch can end with it.
 */
const linesQuery = (db: Db, userIds: string[]) =>
  db
    .select({
      userId: l.userId,
      id: products.id,
      variantId: l.variantId,
      sizeMl: v.sizeMl,
      name: products.name,
      price: v.price,
      sale: saleColumn('"product_variants"'),
      image: products.image,
      imageWidths: products.imageWidths,
      stock: v.stock,
      maxPerOrder: v.maxPerOrder,
      quantity: l.quantity,
    })
    .from(l)
    .innerJoin(v, eq(v.id, l.variantId))
    .innerJoin(products, eq(products.id, v.productId))
    .where(inArray(l.userId, userIds))
    .orderBy(l.userId, l.position);

type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];
const priced = (rows: LineRow[]) =>
  rows.map(({ sale, price, ...line }) => ({ ...line, price: sale?.price ?? price }));
const cartOf = (rows: LineRow[]): SavedCart => ({
  lines: priced(rows).map(({ userId: _, ...line }) => line),
});

export async function readSavedCart(db: Db, userId: string): Promise<SavedCart> {
  return cartOf(await linesQuery(db, [userId]));
}

/**
 * Writes the lines `next` makes of the stored ones: sizes that do not exist are dropped, each
 * quantity is capped at its size's maximum per order, at most MAX_ORDER_LINES stay. Only a real
 * change moves the cart's clock: its reminder is due `delayMs` after it, and never sooner than
 * `pauseMs` after the last reminder; an emptied cart has none due.
 */
async function writeCart(
  db: Db,
  timing: ReminderTiming,
  userId: string,
  next: (stored: Line[]) => Line[],
): Promise<SavedCart> {
  const [storedRows, cartRows] = await db.batch([
    db
      .select({ variantId: l.variantId, quantity: l.quantity })
      .from(l)
      .where(eq(l.userId, userId))
      .orderBy(l.position),
    db.select({ remindedAt: savedCarts.remindedAt }).from(savedCarts).where(eq(savedCarts.userId, userId)),
  ]);
  const wanted = next(storedRows);
  const ids = wanted.map((line) => line.variantId);
  const sizes =
    ids.length === 0
      ? []
      : await db
          .select({ id: v.id, maxPerOrder: v.maxPerOrder })
          .from(v)
          .where(sql`${v.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const maxOf = new Map(sizes.map((size) => [size.id, size.maxPerOrder]));
  const lines = wanted
    .flatMap((line) => {
      const max = maxOf.get(line.variantId);
      return max === undefined ? [] : [{ variantId: line.variantId, quantity: Math.min(line.quantity, max) }];
    })
    .slice(0, MAX_ORDER_LINES);
  if (JSON.stringify(lines) === JSON.stringify(storedRows)) return readSavedCart(db, userId);

  const now = Date.now();
  const remindedAt = cartRows[0]?.remindedAt;
  const due = Math.max(now + timing.delayMs, remindedAt ? Date.parse(remindedAt) + timing.pauseMs : 0);
  const clock = {
    changedAt: new Date(now).toISOString(),
    remindAt: lines.length > 0 ? new Date(due).toISOString() : null,
  };
  const rows = JSON.stringify(lines.map((line, position) => ({ ...line, position })));
  const written = await db.batch([
    db.delete(l).where(eq(l.userId, userId)),
    // From the sizes' rows, so a size deleted since the read inserts nothing.
    db.insert(l).select(
      sql`SELECT ${userId}, ${v.id}, json_extract(wanted.value, '$.quantity'), json_extract(wanted.value, '$.position')
        FROM json_each(${rows}) AS wanted JOIN ${v} ON ${v.id} = json_extract(wanted.value, '$.variantId')`,
    ),
    db
      .insert(savedCarts)
      .values({ userId, ...clock })
      .onConflictDoUpdate({ target: savedCarts.userId, set: clock }),
    linesQuery(db, [userId]),
  ]);
  return cartOf(written[3]);
}

/** PUT /api/cart: the browser's lines replace the stored ones. */
export function replaceSavedCart(db: Db, timing: ReminderTiming, userId: string, lines: Line[]) {
  return writeCart(db, timing, userId, () => lines);
}

/**
 * On sign-in: per size the larger quantity of the two (not their sum), so the same lines merged
 * twice (a retried request, a device whose cart was synced before) change nothing; the stored
 * lines first, then the browser's new ones.
 */
export function mergeSavedCart(db: Db, timing: ReminderTiming, userId: string, lines: Line[]) {
  return writeCart(db, timing, userId, (stored) => {
    const local = new Map(lines.map((line) => [line.variantId, line.quantity]));
    const merged = stored.map((line) => ({
      variantId: line.variantId,
      quantity: Math.min(Math.max(line.quantity, local.get(line.variantId) ?? 0), MAX_LINE_QUANTITY),
    }));
    const known = new Set(stored.map((line) => line.variantId));
    return [...merged, ...lines.filter((line) => !known.has(line.variantId))];
  });
}

const suppressed = (email: SQLWrapper) =>
  sql<number>`EXISTS (SELECT 1 FROM ${marketingSuppressions} WHERE ${marketingSuppressions.email} = lower(${email}))`;

/** Consent counts while the address has not unsubscribed since (the link in every marketing email). */
export async function readConsent(db: Db, userId: string): Promise<MarketingConsent> {
  const [row] = await db
    .select({ at: profiles.marketingConsentAt, suppressed: suppressed(users.email) })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  const consent = Boolean(row?.at) && !row?.suppressed;
  return { consent, consentedAt: consent ? (row?.at ?? null) : null };
}

/**
 * The customer's own choice, signed in: consent is recorded with its time (a new one after an
 * unsubscribe) and takes the account's address off the suppression list, as decision 042's
 * signed-in ask does; withdrawing clears it.
 */
export async function setConsent(db: Db, userId: string, consent: boolean): Promise<MarketingConsent> {
  if (!consent) {
    await db.update(profiles).set({ marketingConsentAt: null }).where(eq(profiles.id, userId));
    return readConsent(db, userId);
  }
  const account = db
    .select({ email: sql`lower(${users.email})` })
    .from(users)
    .where(eq(users.id, userId));
  await db.batch([
    db
      .update(profiles)
      .set({ marketingConsentAt: nowIso() })
      .where(
        and(
          eq(profiles.id, userId),
          or(isNull(profiles.marketingConsentAt), sql`${suppressed(profiles.email)}`),
        ),
      ),
    db.delete(marketingSuppressions).where(inArray(marketingSuppressions.email, account)),
  ]);
  return readConsent(db, userId);
}

/**
 * The Cron's run: up to `limit` carts whose reminder is due, soonest first (saved_carts_due). A
 * cart gets its one email when the customer consents, has not unsubscribed, placed no order since
 * the cart's last change and the cart still has lines; it names each line at its size's price now
 * and links back to the cart. The once key (the cart's change) makes two overlapping runs queue
 * it once. Any other due cart is passed over until its next change. Answers how many were queued.
 */
export async function remindSavedCarts(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN' | 'JWT_SECRET'>,
  now = new Date(),
  limit = REMIND_RUN,
): Promise<number> {
  const db = getDb(env.DB);
  const c = savedCarts;
  const due = await db
    .select({
      userId: c.userId,
      changedAt: c.changedAt,
      remindAt: c.remindAt,
      email: users.email,
      consentAt: profiles.marketingConsentAt,
      suppressed: suppressed(users.email),
      ordered: sql<number>`EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${c.userId} AND o.created_at > ${c.changedAt})`,
    })
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .innerJoin(profiles, eq(profiles.id, c.userId))
    .where(lte(c.remindAt, now.toISOString()))
    .orderBy(asc(c.remindAt))
    .limit(limit);
  if (due.length === 0) return 0;
  const lines = priced(
    await linesQuery(
      db,
      due.map((cart) => cart.userId),
    ),
  );
  const sentAt = now.toISOString();
  const itemsOf = (userId: string) => lines.filter((line) => line.userId === userId);
  const sendable = (cart: (typeof due)[number]) =>
    Boolean(cart.consentAt) && !cart.suppressed && !cart.ordered && itemsOf(cart.userId).length > 0;
  const sending = due.filter(sendable);
  const passed = due.filter((cart) => !sendable(cart));
  const statements = await Promise.all([
    ...sending.map(async (cart) => {
      const email = cart.email.toLowerCase();
      return [
        queueEmail(db, env, {
          to: email,
          template: 'saved-cart-reminder',
          once: `saved-cart:${cart.userId}:${cart.changedAt}`,
          data: {
            lines: itemsOf(cart.userId).map((item) => ({
              name: item.name,
              size: formatSize(item.sizeMl),
              quantity: item.quantity,
              price: item.price,
            })),
            unsubscribeToken: await signUnsubscribeToken(email, env.JWT_SECRET),
          },
        }),
        db.update(c).set({ remindAt: null, remindedAt: sentAt }).where(eq(c.userId, cart.userId)),
      ];
    }),
    ...passed.map(async (cart) => [
      // Unless the cart changed meanwhile: its new due time stands.
      db
        .update(c)
        .set({ remindAt: null })
        .where(and(eq(c.userId, cart.userId), eq(c.remindAt, cart.remindAt as string))),
    ]),
  ]);
  const all = statements.flat();
  for (let at = 0; at < all.length; at += BATCH) {
    const [first, ...rest] = all.slice(at, at + BATCH);
    if (first) await db.batch([first, ...rest]);
  }
  return sending.length;
}
