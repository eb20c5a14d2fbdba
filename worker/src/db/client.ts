import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof getDb>;

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** ISO timestamp in the format the SQL defaults use. */
export function nowIso(): string {
  return new Date().toISOString();
}
