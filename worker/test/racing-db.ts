import { createExecutionContext, env } from 'cloudflare:test';
import app from '../src/index.ts';
import { ORIGIN } from './helpers.ts';
import { withService } from './order-fixtures.ts';

/**
 * Plain concurrent requests in local workerd mostly reach a read one after the other.
 * This D1 wrapper holds every read whose SQL matches `gate` until `expected` of them
 * have read, forcing the requests into the race that follows on the real database.
 */
export function racingDb(expected: number, gate: RegExp): { db: D1Database; held: () => number } {
  const held: (() => void)[] = [];
  let seen = 0;
  const gated = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    seen += 1;
    if (seen <= expected) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length === expected) for (const release of held) release();
      });
    }
    return value;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    ({
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      // The two ways drizzle reads rows.
      all: () => gated(stmt.all()),
      raw: () => gated(stmt.raw()),
    }) as unknown as D1PreparedStatement;
  // The Worker reads through a D1 session (middleware/d1-session.ts): its statements are gated too.
  const gating = <T extends object>(binding: T): T =>
    new Proxy(binding, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (query: string) => {
            const stmt = (target as unknown as D1Database).prepare(query);
            return gate.test(query) ? wrap(stmt) : stmt;
          };
        }
        if (prop === 'withSession') {
          return (constraint: string) => gating((target as unknown as D1Database).withSession(constraint));
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { db: gating(env.DB), held: () => held.length };
}

/** POST /api/orders as the checkout sends it, on `db` (a racing one from racingDb). */
export const postOrderOn = (db: D1Database, cookie: string, json: unknown, key: string) =>
  app.request(
    `${ORIGIN}/api/orders`,
    {
      method: 'POST',
      body: JSON.stringify(withService(json)),
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', 'idempotency-key': key },
    },
    { ...env, DB: db },
    createExecutionContext(),
  );
