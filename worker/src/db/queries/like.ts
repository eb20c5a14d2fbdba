import { type Column, type SQL, sql } from 'drizzle-orm';

// Searches typed by people: `%`, `_` and `\` match themselves, not any characters.
// SQLite's LIKE ignores case for ASCII letters, which Indonesian text uses.
const literal = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function containsText(column: Column, q: string): SQL {
  return sql`${column} LIKE ${`%${literal(q)}%`} ESCAPE '\\'`;
}

export function startsWithText(column: Column, q: string): SQL {
  return sql`${column} LIKE ${`${literal(q)}%`} ESCAPE '\\'`;
}
