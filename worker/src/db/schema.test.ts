import { env } from 'cloudflare:test';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { expect, it } from 'vitest';
import * as schema from './schema.ts';

interface DbColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** A column as both sides can say it: its SQL type, NOT NULL, whether it has a default, primary key. */
const describe = (type: string, notNull: boolean, hasDefault: boolean, primary: boolean) =>
  `${type.toUpperCase() || '(none)'}${notNull ? ' NOT NULL' : ''}${hasDefault ? ' DEFAULT' : ''}${primary ? ' PRIMARY KEY' : ''}`;

// Not the shop's: SQLite's own tables, wrangler's record of applied migrations, the
// FTS5 indexes' shadow tables (products_fts_*, orders_fts_*, customer_service_fts_*, profiles_fts_*).
const INTERNAL = /^(sqlite_|_cf_|d1_migrations$|(?:products|orders|customer_service|profiles)_fts_)/;

it('the Drizzle schema (schema.ts) says what the migrations made, table by table and column by column', async () => {
  const declared = Object.values<unknown>(schema).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  ).all<{ name: string }>();
  const migrated = tables.map((table) => table.name).filter((name) => !INTERNAL.test(name));
  const drift: string[] = [];

  for (const table of declared) {
    const config = getTableConfig(table);
    const composite = new Set(config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)));
    const { results } = await env.DB.prepare(
      `PRAGMA table_info(${JSON.stringify(config.name)})`,
    ).all<DbColumn>();
    if (results.length === 0) {
      drift.push(`${config.name}: in schema.ts, made by no migration`);
      continue;
    }
    const inDb = new Map(results.map((column) => [column.name, column]));
    for (const column of config.columns) {
      const found = inDb.get(column.name);
      inDb.delete(column.name);
      if (!found) {
        drift.push(`${config.name}.${column.name}: in schema.ts, made by no migration`);
        continue;
      }
      const primary = column.primary || composite.has(column.name);
      // SQLite lets a TEXT primary key be NULL unless the migration says NOT NULL; Drizzle
      // always types it not null. A virtual table's (FTS5) columns have no type or constraint.
      const virtual = found.type === '';
      const drizzle = virtual
        ? describe('', false, false, false)
        : describe(column.getSQLType(), column.notNull && !primary, column.default !== undefined, primary);
      const d1 = describe(
        found.type,
        found.notnull === 1 && !primary,
        found.dflt_value !== null,
        found.pk > 0,
      );
      if (drizzle !== d1)
        drift.push(`${config.name}.${column.name}: schema.ts says ${drizzle}, migrations ${d1}`);
    }
    for (const name of inDb.keys())
      drift.push(`${config.name}.${name}: made by a migration, missing in schema.ts`);
  }

  const names = new Set(declared.map((table) => getTableConfig(table).name));
  for (const name of migrated)
    if (!names.has(name)) drift.push(`${name}: made by a migration, missing in schema.ts`);

  expect(drift, 'keep worker/src/db/schema.ts in step with migrations/*.sql').toEqual([]);
});
