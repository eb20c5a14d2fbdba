import { type Column, count, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';

// Searches typed by people match as plain text, with no pattern characters and no
// length cap: D1 refuses LIKE patterns over 50 bytes, instr() has no such limit.
// lower() folds the case of ASCII letters, which Indonesian text uses, as LIKE did.

export function containsText(column: Column, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}

/**
 * A shopper's words as an FTS5 query that is never FTS5 syntax: each word becomes a
 * quoted string (a quote inside doubled) marked as a prefix, so 'citr' finds 'Citrus'
 * and quotes, parentheses, `*`, `-`, NEAR or OR are only text. All words must match.
 * Words without a letter or digit hold no token and are dropped; '' when none is left.
 */
export function ftsPrefixQuery(q: string): string {
  return q
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => `"${word.replaceAll('"', '""')}"*`)
    .join(' ');
}

/**
 * Rows of `table` that its external-content FTS5 index `fts` (keyed by the table's rowid,
 * migration 0016) matches with a person's words as prefixes: an index read, never a scan.
 * Words with nothing searchable match no row.
 */
export function matchesFts(table: SQLiteTable, fts: SQLiteTable, q: string): SQL {
  const match = ftsPrefixQuery(q);
  if (!match) return sql`0`;
  return sql`${table}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match})`;
}

/**
 * `matchesFts` for many matches: the list walks its own (…, created_at DESC, …) index and
 * probes each row's rowid in the FTS index, so a page stops after about depth · rows / matches
 * rows instead of sorting every match (decision 019, "Query bounds").
 */
export function matchesFtsByRow(table: SQLiteTable, fts: SQLiteTable, q: string): SQL {
  const match = ftsPrefixQuery(q);
  if (!match) return sql`0`;
  return sql`EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${match} AND ${fts}.rowid = ${table}.rowid)`;
}

/**
 * Which form a page of `matches` among `rows` reads by: walking the list (about depth · rows /
 * matches rows) when that is shorter than sorting every match.
 */
export const walkForMatches = (matches: number, rows: number, depth: number) =>
  matches > 0 && matches * matches >= rows * depth;

/** How many rows the FTS index matches: its doclists alone, no row of the table is read. */
export function ftsCount(db: Db, fts: SQLiteTable, q: string) {
  const match = ftsPrefixQuery(q);
  return db
    .select({ total: count() })
    .from(fts)
    .where(match ? sql`${fts} MATCH ${match}` : sql`0`);
}
