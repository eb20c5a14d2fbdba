import { BPOM_REMINDER_DAYS, type TrustMarksFields } from '@gi/contracts';
import { and, asc, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { bpomReminders, products, productTrustMarks } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { readPaymentSettings } from '../settings/rows.ts';

// A product's trust marks (issue 41, decision 043): written with the product, read on its page,
// and the Cron's reminder to the shop before a BPOM notification's validity ends.

/** The product's trust marks as its read answers them. */
export const trustMarksOf = (db: Db, productId: string) =>
  db
    .select({
      bpom_number: productTrustMarks.bpomNumber,
      bpom_valid_until: productTrustMarks.bpomValidUntil,
      halal_number: productTrustMarks.halalNumber,
      ingredients: productTrustMarks.ingredients,
    })
    .from(productTrustMarks)
    .where(eq(productTrustMarks.productId, productId));

/**
 * The statements of a product save: left out, the saved marks stay; null or all empty, none
 * are kept; otherwise they are replaced whole.
 */
export function writeTrustMarks(db: Db, productId: string, marks: TrustMarksFields | null | undefined) {
  if (marks === undefined) return [];
  const row = {
    bpomNumber: marks?.bpom_number ?? null,
    bpomValidUntil: marks?.bpom_valid_until ?? null,
    halalNumber: marks?.halal_number ?? null,
    ingredients: marks?.ingredients ?? null,
  };
  if (Object.values(row).every((value) => value === null)) {
    return [db.delete(productTrustMarks).where(eq(productTrustMarks.productId, productId))];
  }
  return [
    db
      .insert(productTrustMarks)
      .values({ productId, ...row })
      .onConflictDoUpdate({ target: productTrustMarks.productId, set: row }),
  ];
}

/** Reminders one Cron run sends at most: each is its own batch. */
const REMINDER_BATCH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
// WIB is UTC+7 all year: the notification's last day is a day in Indonesia.
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** Today's date in WIB, 'YYYY-MM-DD'. */
const wibDay = (at: number) => new Date(at + WIB_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The Cron's reminders to the shop's notification address: every product whose notification ends
 * within a threshold's days (or has ended) and has not had that threshold's reminder for that end
 * date, soonest first, up to `limit`. The reminder's row and its email share a batch, and the
 * row's key refuses a second one, so a threshold reminds once per product even when runs overlap;
 * a notification found past two thresholds gets the nearer one only. Answers how many were queued.
 */
export async function remindExpiringNotifications(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'>,
  now: Date,
  limit = REMINDER_BATCH,
): Promise<number> {
  const db = getDb(env.DB);
  const today = wibDay(now.getTime());
  const dayIn = (days: number) => wibDay(now.getTime() + days * DAY_MS);
  const nearestFirst = [...BPOM_REMINDER_DAYS].sort((a, b) => a - b);
  const furthest = nearestFirst.at(-1) as number;
  // The nearest threshold the end date is within.
  const threshold = sql`CASE ${sql.join(
    nearestFirst.map((days) => sql`WHEN ${productTrustMarks.bpomValidUntil} <= ${dayIn(days)} THEN ${days}`),
    sql` `,
  )} END`;
  const due = await db
    .select({
      productId: productTrustMarks.productId,
      name: products.name,
      bpomNumber: productTrustMarks.bpomNumber,
      validUntil: productTrustMarks.bpomValidUntil,
      daysBefore: sql<number>`${threshold}`.mapWith(Number),
    })
    .from(productTrustMarks)
    .innerJoin(products, eq(products.id, productTrustMarks.productId))
    .where(
      and(
        isNotNull(productTrustMarks.bpomValidUntil),
        lte(productTrustMarks.bpomValidUntil, dayIn(furthest)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bpomReminders)
            .where(
              and(
                eq(bpomReminders.productId, productTrustMarks.productId),
                eq(bpomReminders.validUntil, productTrustMarks.bpomValidUntil),
                eq(bpomReminders.daysBefore, threshold),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(productTrustMarks.bpomValidUntil))
    .limit(limit);
  if (due.length === 0) return 0;
  const { notificationEmail } = await readPaymentSettings(db);
  let queued = 0;
  for (const product of due) {
    const validUntil = product.validUntil as string;
    try {
      await db.batch([
        db.insert(bpomReminders).values({
          productId: product.productId,
          validUntil,
          daysBefore: product.daysBefore,
        }),
        queueEmail(db, env, {
          to: notificationEmail,
          template: 'shop-bpom-expiring',
          data: {
            productName: product.name,
            bpomNumber: product.bpomNumber as string,
            validUntil,
            daysLeft: Math.round((Date.parse(validUntil) - Date.parse(today)) / DAY_MS),
          },
        }),
      ]);
      queued += 1;
    } catch (err) {
      // Another run reminded it meanwhile: nothing to send.
      if (!isConstraintError(err, 'UNIQUE constraint failed: bpom_reminders')) throw err;
    }
  }
  return queued;
}
