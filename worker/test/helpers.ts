import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import type { Role, SessionUser } from '@gi/contracts';
import { hashPassword } from '../src/auth/password.ts';
import app from '../src/index.ts';

export const ORIGIN = 'https://shop.test';

export type CallInit = RequestInit & { cookie?: string; json?: unknown };

/** A request to the Worker as the shop's own pages make it (same Origin). */
export function call(path: string, init: CallInit = {}): Promise<Response> {
  return exports.default.fetch(shopRequest(path, init));
}

/**
 * Like `call`, and `settled` resolves once the work the Worker left running after
 * its answer (`ctx.waitUntil`) is done.
 */
export async function callInBackground(
  path: string,
  init: CallInit = {},
): Promise<{ res: Response; settled: Promise<void> }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), env, ctx);
  return { res, settled: waitOnExecutionContext(ctx) };
}

/** The request `call` sends. */
export function shopRequest(path: string, init: CallInit): Request {
  const { cookie, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (cookie) headers.set('cookie', cookie);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const method = (rest.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', ORIGIN);
  return new Request(`${ORIGIN}${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

/** `name=value` pairs of every Set-Cookie, ready for a Cookie header. */
export function cookiesFrom(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=', 2) as [string, string];
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;

/** Inserts a user straight into D1 and signs in through the API. */
/** The actor of a test's own setup written through a service: no profile, so the audit trail records nothing. */
export const SETUP = 'test-setup';

export async function createUser(role: Role = 'customer', name = 'Pengguna Uji'): Promise<TestUser> {
  counter += 1;
  const id = crypto.randomUUID();
  const email = `pengguna${counter}-${id.slice(0, 6)}@contoh.id`;
  const password = 'rahasia123';
  await env.DB.batch([
    env.DB.prepare('INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)').bind(
      id,
      email,
      await hashPassword(password),
    ),
    env.DB.prepare('INSERT INTO profiles (id, name, email, role) VALUES (?, ?, ?, ?)').bind(
      id,
      name,
      email,
      role,
    ),
  ]);
  const res = await call('/api/auth/login', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { id, email, password, cookie: cookiesFrom(res) };
}

export async function sessionUser(cookie: string): Promise<SessionUser | null> {
  const res = await call('/api/auth/session', { cookie });
  return ((await res.json()) as { user: SessionUser | null }).user;
}

export async function countRows(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Cookies as a browser keeps them: each under its name and Path, sent only to the
 * requests under that Path (RFC 6265 §5.1.4), so a test sees what a page request carries.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=', 2);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const key = `${name} ${path}`;
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
    return this;
  }

  drop(name: string): this {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
    return this;
  }

  /** The Cookie header a browser sends with a request for `url` (a path). */
  header(url: string): string {
    const path = new URL(url, ORIGIN).pathname;
    const matches = (cookiePath: string) =>
      path === cookiePath ||
      (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));
    return [...this.cookies.values()]
      .filter((cookie) => matches(cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
}

/** `call` from a browser holding `jar`: it sends the cookies for the path and keeps what comes back. */
export async function browse(
  jar: CookieJar,
  path: string,
  init: Parameters<typeof call>[1] = {},
): Promise<Response> {
  const res = await call(path, { ...init, cookie: jar.header(path) });
  jar.store(res);
  return res;
}

/** A D1 binding that counts the statements prepared through it, in the D1 sessions it opens too. */
export function countingD1(db: D1Database): { DB: D1Database; statements: () => number } {
  let statements = 0;
  const counting = <T extends object>(binding: T): T =>
    new Proxy(binding, {
      get(target, key) {
        if (key === 'prepare')
          return (query: string) => {
            statements += 1;
            return (target as unknown as D1Database).prepare(query);
          };
        if (key === 'withSession')
          return (constraint: string) => counting((target as unknown as D1Database).withSession(constraint));
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { DB: counting(db), statements: () => statements };
}
