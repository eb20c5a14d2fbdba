import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per window: per account, and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

export function throttleKeys(email: string, ip: string): { account: string; client: string } {
  return { account: `email:${email.toLowerCase()}`, client: `ip:${ip}` };
}

/** True when either key has used up its failures in the current window. */
export async function isThrottled(db: Db, keys: { account: string; client: string }): Promise<boolean> {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.account, keys.client]))
    .all();
  return rows.some(
    (r) =>
      r.windowStart > since &&
      r.failures >= (r.key === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_CLIENT),
  );
}

/** Counts a failure for both keys; a window that has passed starts over. */
export async function recordFailure(db: Db, keys: { account: string; client: string }): Promise<void> {
  const now = new Date().toISOString();
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const count = (key: string) =>
    db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`CASE WHEN ${loginAttempts.windowStart} > ${since} THEN ${loginAttempts.failures} + 1 ELSE 1 END`,
          windowStart: sql`CASE WHEN ${loginAttempts.windowStart} > ${since} THEN ${loginAttempts.windowStart} ELSE ${now} END`,
        },
      });
  await db.batch([count(keys.account), count(keys.client)]);
}

export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, account));
}
