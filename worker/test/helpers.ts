import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import type { Role, SessionUser } from '@gi/contracts';
import { hashPassword } from '../src/auth/password.ts';

export const ORIGIN = 'https://shop.test';

/** A request to the Worker as the shop's own pages make it (same Origin). */
export function call(
  path: string,
  init: RequestInit & { cookie?: string; json?: unknown } = {},
): Promise<Response> {
  return exports.default.fetch(request(path, init));
}

/** The request `call` sends. */
export function request(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Request {
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
