import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import app from '../src/index.ts';
import { shopRequest } from './helpers.ts';

// D1 in production refuses what local D1 runs: a LIKE or GLOB pattern over 50 bytes,
// more than 100 bound parameters, a statement over 100 KB. This binding refuses them
// the same way, so a test sees the answer production would give.
const MAX_PATTERN_BYTES = 50;
const MAX_BOUND_PARAMETERS = 100;
const MAX_STATEMENT_BYTES = 100_000;

const bytes = (text: string) => new TextEncoder().encode(text).length;

function check(query: string, values: unknown[]): void {
  const fail = (why: string) => {
    throw new Error(`D1_ERROR: ${why}: SQLITE_ERROR`);
  };
  if (bytes(query) > MAX_STATEMENT_BYTES) fail('statement too long');
  if (values.length > MAX_BOUND_PARAMETERS) fail('too many SQL variables');
  // Which value is the pattern is not known here: any long text bound next to LIKE counts.
  if (
    /\b(like|glob)\b/i.test(query) &&
    values.some((v) => typeof v === 'string' && bytes(v) > MAX_PATTERN_BYTES)
  ) {
    fail('LIKE or GLOB pattern too complex');
  }
}

function limited(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (query: string) => {
          const statement = target.prepare(query);
          return new Proxy(statement, {
            get(stmt, name) {
              if (name === 'bind') {
                return (...values: unknown[]) => {
                  check(query, values);
                  return stmt.bind(...values);
                };
              }
              const value = Reflect.get(stmt, name, stmt);
              return typeof value === 'function' ? value.bind(stmt) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const limitedEnv = { ...env, DB: limited(env.DB) };

/** The Worker's answer to `req`, with a D1 that has production's limits. */
export async function fetchUnderD1Limits(req: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(req, limitedEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** `call` (see helpers.ts) against a D1 with production's limits. */
export function callUnderD1Limits(
  path: string,
  init: Parameters<typeof shopRequest>[1] = {},
): Promise<Response> {
  return fetchUnderD1Limits(shopRequest(path, init));
}
