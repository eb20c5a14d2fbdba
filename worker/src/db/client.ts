import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

// drizzle() walks the whole schema each time: one client per binding, not per call.
const clients = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}

/** ISO timestamp in the format the SQL defaults use. */
export function nowIso(): string {
  return new Date().toISOString();
}
