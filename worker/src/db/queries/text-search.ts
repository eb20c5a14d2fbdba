import { type Column, type SQL, sql } from 'drizzle-orm';

// Searches typed by people match as plain text, with no pattern characters and no
// length cap: D1 refuses LIKE patterns over 50 bytes, instr() has no such limit.
// lower() folds the case of ASCII letters, which Indonesian text uses, as LIKE did.

export function containsText(column: Column, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}
