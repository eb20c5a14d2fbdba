import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { type Db, getDb, nowIso } from '../db/client.ts';
import {
  emailOutbox,
  products,
  productVariants,
  stockAlerts,
  stockChanges,
  variantComponents,
} from '../db/schema.ts';
import { renderEmail } from '../email/render.ts';
import type { Env } from '../env.ts';
import { queueEmail } from '../lib/outbox.ts';
import { staffRecipients } from '../lib/staff-recipients.ts';
import { readLowStockThreshold } from '../settings/rows.ts';
import { quotedSetName, setsHolding } from './discovery-sets.ts';

// Low-stock alerts (decision 059). A size that falls to the admin's threshold ('lowStockThreshold')
// mails the shop once: the email's outbox rows and the size's stock_alerts row are written in the
// batch of the stock change itself. The alert is re-armed by the stock going back above the
// threshold, which every writer records in stock_changes (decision 025): so a restock, a cancel or
// the product form need no step of their own, and the next fall mails again.

const v = productVariants;
const vc = variantComponents;

/**
 * The discovery sets holding the sample `sampleId`, named once each, from a setsHolding read; a set
 * taking several says how many ('"Set Pria 10 ml" (isi 2)'): it runs low before the sample does.
 */
const setNamesOf = (holding: Awaited<ReturnType<typeof setsHolding>>, sampleId: string) => [
  ...new Set(
    holding
      .filter((row) => row.sampleId === sampleId)
      .map((row) => `${quotedSetName(row)}${row.quantity > 1 ? ` (isi ${row.quantity})` : ''}`),
  ),
];

/**
 * The outbox columns a low-stock email sets, the others taking their defaults: an INSERT … SELECT
 * names every column of the table it is given, and the recipients and the stock come from D1.
 */
const alertEmails = sqliteTable('email_outbox', {
  id: text('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  template: text('template'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  html: text('html'),
});

/** Where the rendered email says the stock: D1 writes the number the batch left. */
const STOCK_MARK = '{{stok}}';

/**
 * The stock at or below which the size `variantId` runs low: the threshold, or for a sample a set
 * takes q of at once, the stock that leaves the set showing the threshold (floor(stock / q) <=
 * threshold: (threshold + 1) * q - 1), the largest q of its sets counting (decision 061), through
 * variant_components_component.
 */
const lowAt = (threshold: number, variantId: SQL | typeof v.id): SQL =>
  sql`(${threshold} + 1) * coalesce((SELECT max(${vc.quantity}) FROM ${vc} WHERE ${vc.componentVariantId} = ${variantId}), 1) - 1`;

/**
 * Whether the size has no alert of its current stay at or below its low mark: none yet, or its
 * stock went above the mark since (a stock_changes row through stock_changes_variant).
 */
const armed = (threshold: number): SQL => sql`NOT EXISTS (
  SELECT 1 FROM ${stockAlerts} WHERE ${stockAlerts.variantId} = ${v.id} AND NOT EXISTS (
    SELECT 1 FROM ${stockChanges} WHERE ${stockChanges.variantId} = ${stockAlerts.variantId}
      AND ${stockChanges.createdAt} >= ${stockAlerts.alertedAt}
      AND (${stockChanges.toStock} IS NULL OR ${stockChanges.toStock} > ${lowAt(threshold, sql`${stockAlerts.variantId}`)})))`;

/** The sizes at or below their low mark once the batch's stock statements ran, and armed. */
const falling = (threshold: number, variantId: string): SQL =>
  sql`${v.id} = ${variantId} AND ${v.stock} IS NOT NULL AND ${v.stock} <= ${lowAt(threshold, v.id)} AND ${armed(threshold)}`;

/**
 * The steps a batch that lowers these sizes' stock appends after its stock statements: per size,
 * one email per recipient (lib/staff-recipients.ts) and the alert's row, both only when the batch
 * took the size to the threshold or below and its alert is armed. Two batches racing over the
 * same size run one after the other (D1 is one writer), so the second finds the alert written.
 */
export async function stockAlertSteps(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  variantIds: readonly string[],
): Promise<BatchItem<'sqlite'>[]> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return [];
  // A discovery set's own stock is not counted: its samples, which its order takes, stand for it
  // (decision 061). Sizes whose stock is not counted never run low: nothing more to read for them.
  const sizes = await db
    .select({ id: v.id, sizeMl: v.sizeMl, sku: v.sku, productName: products.name })
    .from(v)
    .innerJoin(products, eq(products.id, v.productId))
    .where(
      and(
        or(
          inArray(v.id, ids),
          inArray(
            v.id,
            db.select({ id: vc.componentVariantId }).from(vc).where(inArray(vc.setVariantId, ids)),
          ),
        ),
        isNotNull(v.stock),
      ),
    );
  if (sizes.length === 0) return [];
  // The sets a sample is in run low with it: its email names them.
  const holding = await setsHolding(
    db,
    inArray(
      v.id,
      sizes.map((size) => size.id),
    ),
  );
  const threshold = await readLowStockThreshold(db);
  const now = nowIso();
  const recipients = staffRecipients(db, 'stock').as('recipients');
  return sizes.flatMap((size) => {
    const email = renderEmail(
      'shop-low-stock',
      {
        productName: size.productName,
        sizeMl: size.sizeMl,
        sku: size.sku,
        stock: STOCK_MARK,
        threshold,
        sets: setNamesOf(holding, size.id),
      },
      env.PUBLIC_ORIGIN,
    );
    const withStock = (text: string) => sql`replace(${text}, ${STOCK_MARK}, ${v.stock})`;
    return [
      db.insert(alertEmails).select(
        sql`SELECT lower(hex(randomblob(16))), ${recipients.email}, 'shop-low-stock', ${withStock(email.subject)},
            ${withStock(email.text)}, ${withStock(email.html)}
          FROM ${v}, ${recipients} WHERE ${falling(threshold, size.id)}`,
      ),
      db
        .insert(stockAlerts)
        .select(sql`SELECT ${v.id}, ${now} FROM ${v} WHERE ${falling(threshold, size.id)}`)
        .onConflictDoUpdate({ target: stockAlerts.variantId, set: { alertedAt: now } }),
    ];
  });
}

/** Sizes the daily summary lists at most; the email says how many more the dashboard shows. */
export const SUMMARY_SIZES = 100;
// WIB is UTC+7 all year; the summary goes once a WIB day, in this hour.
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
export const SUMMARY_HOUR_WIB = 7;

/**
 * The Cron's daily summary of every size at or below the threshold, lowest first, to each
 * recipient, once a WIB day in the hour SUMMARY_HOUR_WIB (the Cron runs every minute: the first
 * run of the hour sends it, the others find its once key; two overlapping runs queue one email
 * per address). Nothing when no size is low. Answers how many emails it queued.
 */
export async function sendStockSummary(env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'>, now: Date): Promise<number> {
  const wib = new Date(now.getTime() + WIB_OFFSET_MS);
  if (wib.getUTCHours() !== SUMMARY_HOUR_WIB) return 0;
  const day = wib.toISOString().slice(0, 10);
  const db = getDb(env.DB);
  // Today's once keys, a range of email_outbox_once_key: sent already, nothing read further.
  const prefix = `stock-summary:${day}:`;
  const sent = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(gte(emailOutbox.onceKey, prefix), lt(emailOutbox.onceKey, `stock-summary:${day};`)))
    .limit(1);
  if (sent.length > 0) return 0;
  const threshold = await readLowStockThreshold(db);
  // Through the partial index product_variants_stock (stock, id), as the dashboard's list.
  const low = and(isNotNull(v.stock), lte(v.stock, threshold));
  const [sizes, [counted], recipients] = await db.batch([
    db
      .select({ id: v.id, productName: products.name, sizeMl: v.sizeMl, sku: v.sku, stock: v.stock })
      .from(v)
      .innerJoin(products, eq(products.id, v.productId))
      .where(low)
      .orderBy(asc(v.stock), asc(v.id))
      .limit(SUMMARY_SIZES),
    db.select({ total: count() }).from(v).where(low),
    staffRecipients(db, 'stock'),
  ]);
  if (sizes.length === 0 || recipients.length === 0) return 0;
  const holding = await setsHolding(
    db,
    inArray(
      v.id,
      sizes.map((size) => size.id),
    ),
  );
  const data = {
    day,
    threshold,
    sizes: sizes.map(({ id, ...size }) => ({
      ...size,
      stock: size.stock ?? 0,
      sets: setNamesOf(holding, id),
    })),
    total: counted?.total ?? sizes.length,
  };
  const inserts = recipients.map(({ email }) =>
    queueEmail(db, env, {
      to: email,
      template: 'shop-stock-summary',
      data,
      once: `${prefix}${email.toLowerCase()}`,
    }).returning({ id: emailOutbox.id }),
  );
  const queued = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return queued.flat().length;
}
