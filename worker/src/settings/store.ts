import { count, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { type Db, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { type AuditFields, auditRow } from '../lib/audit.ts';

// How any setting is read and written (the settings themselves: rows.ts). Each is one
// `site_settings` row holding JSON, read through its schema: a row never saved, or saved before
// its schema changed and no longer valid, reads as the fallback. Every write to the table renews
// the edge cache's token (its triggers, migration 0018), so no answer cached before it is served.

/** One setting: its row's key, the schema its value must pass, and what it reads as otherwise. */
export interface Setting<T> {
  key: string;
  schema: z.ZodType<T>;
  fallback: T;
}

type Values<S> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

function readValue<T>(setting: Setting<T>, stored: string | undefined): T {
  if (stored === undefined) return setting.fallback;
  const parsed = setting.schema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : setting.fallback;
}

export async function readSetting<T>(db: Db, setting: Setting<T>): Promise<T> {
  const row = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, setting.key))
    .get();
  return readValue(setting, row?.value);
}

/** Several settings in one query, by the names they are given. */
export async function readSettings<S extends Record<string, Setting<unknown>>>(
  db: Db,
  settings: S,
): Promise<Values<S>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(
      inArray(
        siteSettings.key,
        Object.values(settings).map((setting) => setting.key),
      ),
    );
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const values = Object.entries(settings).map(([name, setting]) => [
    name,
    readValue(setting, stored.get(setting.key)),
  ]);
  return Object.fromEntries(values) as Values<S>;
}

/** Saves rows whole in one statement: awaited alone, or one step of a `db.batch`. */
const upsert = (db: Db, rows: { key: string; value: unknown }[]) =>
  db
    .insert(siteSettings)
    .values(rows.map(({ key, value }) => ({ key, value: JSON.stringify(value) })))
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: nowIso() },
    });

export const writeSetting = <T>(db: Db, setting: Setting<T>, value: T) =>
  upsert(db, [{ key: setting.key, value }]);

/** Only the settings given a value (at least one), in one statement. */
export const writeSettings = <S extends Record<string, Setting<unknown>>>(
  db: Db,
  settings: S,
  values: Partial<Values<S>>,
) =>
  upsert(
    db,
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => ({ key: (settings[name] as Setting<unknown>).key, value })),
  );

/** Deletes the row, so the setting reads as its fallback again. */
export const removeSetting = <T>(db: Db, setting: Setting<T>) =>
  db.delete(siteSettings).where(eq(siteSettings.key, setting.key));

/** A setting's value as the audit trail compares it: an object field by field, anything else whole. */
const asFields = (value: unknown): AuditFields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as AuditFields) : { value };

/**
 * Runs a settings change by the staff member `actorId` with its audit row in one batch
 * (decision 054): `name` is the setting as the trail names it, `before` what it read as.
 */
export async function saveAudited(
  db: Db,
  actorId: string,
  name: string,
  before: unknown,
  after: unknown,
  statements: BatchItem<'sqlite'>[],
): Promise<void> {
  const audit = auditRow(db, {
    actorId,
    entityType: 'setting',
    entityId: name,
    action: 'update',
    // Never saved (a fallback of null): the first save is recorded whole.
    before: before === null ? null : asFields(before),
    after: asFields(after),
  });
  // First or last is the same: a batch lands whole or not at all.
  await db.batch([audit, ...statements]);
}

/** How many rows are saved: the health check's proof that D1 answers. */
export async function countSettingRows(db: Db): Promise<number> {
  const row = await db.select({ rows: count() }).from(siteSettings).get();
  return row?.rows ?? 0;
}
