import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  call,
  callInBackground,
  cookiesFrom,
  countRows,
  createUser,
  sessionUser,
  shopRequest,
} from '../../test/helpers.ts';
import { racingDb } from '../../test/racing-db.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../auth/password.ts';
import worker from '../index.ts';
import { BOOKMARK_COOKIE } from '../middleware/d1-session.ts';

/** The sign-in cookies an answer sets, without the D1 bookmark every write hands back. */
const signInCookies = (res: Response) =>
  res.headers.getSetCookie().filter((line) => !line.startsWith(`${BOOKMARK_COOKIE}=`));

/** Both session cookies, each `__Host-` prefixed with every attribute that keeps it so. */
function expectSessionCookies(lines: string[]) {
  expect(lines.map((line) => line.split('=')[0]).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
  for (const line of lines) {
    const [, ...attributes] = line.split('; ');
    expect(line).toMatch(/^__Host-/);
    expect(attributes).toEqual(
      expect.arrayContaining([
        'Path=/',
        'HttpOnly',
        'Secure',
        'SameSite=Lax',
        expect.stringMatching(/^Max-Age=\d+$/),
      ]),
    );
    expect(line).not.toMatch(/Domain=/i);
  }
}
const register = (json: unknown) => call('/api/auth/register', { method: 'POST', json });
const login = (email: string, password: string, headers: HeadersInit = {}) =>
  call('/api/auth/login', { method: 'POST', json: { email, password }, headers });
const from = (ip: string) => ({ 'cf-connecting-ip': ip });
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
/** Asks for a reset link and waits until the Worker has made it after answering. */
async function forgot(email: string, headers: HeadersInit = {}) {
  const { res, settled } = await callInBackground('/api/auth/password/forgot', {
    method: 'POST',
    json: { email },
    headers,
  });
  await settled;
  return res;
}
const mailedToken = (body: string | undefined) => /token=([\w-]+)/.exec(body ?? '')?.[1];
/** Every request reads a link's token before any of them marks it used. */
const TOKEN_LOOKUP = /^select .* from "email_tokens"/i;
/** A request to the Worker reading and writing through `db`. */
const callWith = (db: D1Database, path: string, init: Parameters<typeof shopRequest>[1]) =>
  worker.fetch(shopRequest(path, init), { ...env, DB: db }, createExecutionContext());

describe('password hashing', () => {
  it('stays within the 100,000 PBKDF2 iterations production Workers allow', async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const stored = await hashPassword('rahasia123');
    expect(stored.split('$')[1]).toBe(String(PBKDF2_ITERATIONS));
    expect(await verifyPassword('rahasia123', stored)).toBe(true);
    expect(await verifyPassword('rahasia124', stored)).toBe(false);
  });

  it('refuses a stored hash that asks for more iterations than the cap', async () => {
    const stored = (await hashPassword('rahasia123')).replace('$100000$', '$200000$');
    expect(await verifyPassword('rahasia123', stored)).toBe(false);
  });
});

describe('register', () => {
  it('creates a customer profile and signs the new customer in', async () => {
    const res = await register({
      name: 'Siti',
      email: 'Siti@Contoh.id',
      password: 'rahasia1',
      confirmPassword: 'rahasia1',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { email: string; role: string; name: string } };
    expect(body.user).toMatchObject({ email: 'siti@contoh.id', role: 'customer', name: 'Siti' });
    expect(signInCookies(res)).toHaveLength(2);
    const session = await call('/api/auth/session', { headers: { cookie: cookiesFrom(res) } });
    expect(((await session.json()) as typeof body).user).toMatchObject({ email: 'siti@contoh.id' });
  });

  it('answers every product.md §5 message and writes nothing for bad input', async () => {
    const res = await register({
      name: 'S',
      email: 'bukan-email',
      password: '123',
      confirmPassword: '1234567',
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toEqual({
      name: 'Nama minimal 2 karakter',
      email: 'Email tidak valid',
      password: 'Password minimal 6 karakter',
      confirmPassword: 'Password tidak sama',
    });
    const mismatch = await register({
      name: 'Siti',
      email: 'a@b.id',
      password: 'rahasia1',
      confirmPassword: 'rahasia2',
    });
    expect(((await mismatch.json()) as { error: { fields: object } }).error.fields).toEqual({
      confirmPassword: 'Password tidak sama',
    });
    expect(await countRows('users')).toBe(0);
  });

  it('allows 20 registrations an hour from one address, then 429', async () => {
    const siti = (i: number) => ({
      name: 'Siti',
      email: `siti${i}@contoh.id`,
      password: 'rahasia1',
      confirmPassword: 'rahasia1',
    });
    const post = (i: number, ip = '203.0.113.5') =>
      call('/api/auth/register', { method: 'POST', json: siti(i), headers: from(ip) });
    for (let i = 0; i < 20; i++) expect((await post(i)).status).toBe(201);
    const refused = await post(20);
    expect(refused.status).toBe(429);
    expect((await refused.json<ErrorBody>()).error).toEqual({
      code: 'too_many_requests',
      message: 'Terlalu banyak pendaftaran dari jaringan Anda. Coba lagi dalam 60 menit.',
    });
    expect(await countRows('users')).toBe(20);
    expect((await post(21, '198.51.100.5')).status).toBe(201);
  });

  it('counts the addresses of one IPv6 /64 as one client (issue 38: 1,346 addresses, one attacker)', async () => {
    const post = (i: number, ip: string) =>
      call('/api/auth/register', {
        method: 'POST',
        json: {
          name: 'Siti',
          email: `v6siti${i}@contoh.id`,
          password: 'rahasia1',
          confirmPassword: 'rahasia1',
        },
        headers: from(ip),
      });
    // A fresh address of the same /64 for every request.
    for (let i = 0; i < 20; i++)
      expect((await post(i, `2001:db8:77:1:${(i + 1).toString(16)}::9`)).status).toBe(201);
    expect((await post(20, '2001:db8:77:1:ffff:1:2:3')).status).toBe(429);
    expect((await post(21, '2001:db8:77:2::9')).status).toBe(201);
  });

  it('refuses a taken email with 409', async () => {
    const user = await createUser();
    const res = await register({
      name: 'Lain',
      email: user.email,
      password: 'rahasia1',
      confirmPassword: 'rahasia1',
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Email sudah terdaftar',
    );
  });
});

describe('login', () => {
  it('sets __Host- cookies (Secure, Path=/, no Domain), HttpOnly and SameSite, and reports the user', async () => {
    const user = await createUser('admin', 'Admin Toko');
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expectSessionCookies(signInCookies(res));
    expect(await sessionUser(cookiesFrom(res))).toMatchObject({
      id: user.id,
      role: 'admin',
      name: 'Admin Toko',
    });
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await createUser();
    const wrong = await login(user.email, 'salah-sekali');
    const unknown = await login('tidak-ada@contoh.id', 'salah-sekali');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('throttles repeated failures for one account with 429, even with the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah-sekali')).status).toBe(401);
    const res = await login(user.email, user.password);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('too_many_attempts');
  });

  it('lets through only 5 of 40 wrong passwords sent at once', async () => {
    const user = await createUser();
    const results = await Promise.all(Array.from({ length: 40 }, () => login(user.email, 'salah-sekali')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('does not lock the owner out from their own address', async () => {
    const user = await createUser();
    const attacker = from('203.0.113.66');
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah-sekali', attacker)).status).toBe(401);
    // Refused guesses count nowhere: 100 more do not reach the account-wide cap either.
    const refused = await Promise.all(
      Array.from({ length: 100 }, () => login(user.email, 'salah', attacker)),
    );
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([429]));
    expect((await login(user.email, user.password, from('198.51.100.7'))).status).toBe(200);
  });

  it('starts the count over after a right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++) await login(user.email, 'salah-sekali');
    expect((await login(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'salah-sekali')).status).toBe(401);
  });

  /** A sign-in whose mail, if any, is queued before it resolves. */
  async function loginSettled(email: string, password: string, ip: string) {
    const { res, settled } = await callInBackground('/api/auth/login', {
      method: 'POST',
      json: { email, password },
      headers: from(ip),
    });
    await settled;
    return res;
  }
  const signInMails = (to: string) =>
    env.DB.prepare(
      "SELECT body FROM email_outbox WHERE to_address = ? AND subject = 'Tautan masuk ke akun Anda'",
    )
      .bind(to)
      .all<{ body: string }>()
      .then(({ results }) => results);
  const SIGN_IN_BY_EMAIL = {
    code: 'sign_in_by_email',
    message:
      'Akun ini sedang menerima banyak percobaan login yang salah. Demi keamanan, jika password Anda benar, kami telah mengirim tautan masuk ke email akun ini: buka tautan itu untuk masuk.',
  };

  it("lets the owner in from a new address after 5 wrong passwords from each of 21 (the red team's lockout)", async () => {
    const admin = await createUser('admin', 'Pemilik Toko');
    for (let a = 0; a < 21; a++)
      for (let i = 0; i < 5; i++) await login(admin.email, `salah-${a}-${i}`, from(`203.0.113.${a}`));

    // The right password from a new address is not refused: it is confirmed by the account's inbox.
    const owner = await loginSettled(admin.email, admin.password, '198.51.100.7');
    expect(owner.status).toBe(401);
    expect((await owner.json<ErrorBody>()).error).toEqual(SIGN_IN_BY_EMAIL);
    expect(signInCookies(owner)).toEqual([]);
    const [mail] = await signInMails(admin.email);
    const link = new URL(/https:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '');
    expect(link.pathname).toBe('/api/auth/login/link');
    const opened = await call(link.pathname + link.search, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/admin');
    expectSessionCookies(signInCookies(opened));
    expect(await sessionUser(cookiesFrom(opened))).toMatchObject({ id: admin.id, role: 'admin' });
    // Once only.
    expect((await call(link.pathname + link.search, { redirect: 'manual' })).status).toBe(400);
  }, 30_000); // 106 password hashes

  it('one sign-in link opened spends the others the account was sent (issue 38)', async () => {
    const user = await createUser();
    for (let i = 0; i < 30; i++) await login(user.email, `salah-${i}`, from(`203.0.113.${i}`));
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      expect((await loginSettled(user.email, user.password, address)).status).toBe(401);
    }
    const links = (await signInMails(user.email)).map((mail) => {
      const link = new URL(/https:\/\/\S+/.exec(mail.body)?.[0] ?? '');
      return link.pathname + link.search;
    });
    expect(links).toHaveLength(2);
    expect((await call(links[1] ?? '', { redirect: 'manual' })).status).toBe(303);
    expect((await call(links[0] ?? '', { redirect: 'manual' })).status).toBe(400);
  }, 30_000);

  it('keeps guessing from many addresses throttled: past 30 failures a guess learns nothing', async () => {
    const user = await createUser();
    // 40 wrong guesses at once from 40 addresses: 30 are checked, the rest get the inbox answer.
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(user.email, 'salah-sekali', from(`203.0.113.${i}`))),
    );
    const codes = await Promise.all(
      guesses.map(async (r) => `${r.status} ${(await r.json<ErrorBody>()).error.code}`),
    );
    expect(codes.filter((c) => c === '401 invalid_credentials')).toHaveLength(30);
    expect(codes.filter((c) => c === '401 sign_in_by_email')).toHaveLength(10);

    // A right guess now answers exactly as a wrong one, signs no one in, and mails only the owner.
    const right = await loginSettled(user.email, user.password, '192.0.2.1');
    const wrong = await loginSettled(user.email, 'salah-lagi', '192.0.2.2');
    expect([right.status, wrong.status]).toEqual([401, 401]);
    expect(await right.json()).toEqual(await wrong.json());
    expect([...signInCookies(right), ...signInCookies(wrong)]).toEqual([]);
    expect(await signInMails(user.email)).toHaveLength(1);
    // Each address still gets its 5 tries only, and the owner at most 3 links an hour.
    for (let i = 0; i < 4; i++) await login(user.email, 'salah', from('192.0.2.2'));
    expect((await login(user.email, user.password, from('192.0.2.2'))).status).toBe(429);
    for (let i = 3; i < 8; i++) await loginSettled(user.email, user.password, `192.0.2.${i}`);
    const links = await signInMails(user.email);
    expect(links).toHaveLength(3);
    // A customer's link opens the shop, signed in.
    const link = new URL(/https:\/\/\S+/.exec(links[0]?.body ?? '')?.[0] ?? '');
    const opened = await call(link.pathname + link.search, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe('/');
    expect(await sessionUser(cookiesFrom(opened))).toMatchObject({ id: user.id, role: 'customer' });
  });

  it('throttles one client trying many accounts', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.9' };
    for (let i = 0; i < 20; i++) await login(`acak${i}@contoh.id`, 'salah-sekali', headers);
    const user = await createUser();
    expect((await login(user.email, user.password, headers)).status).toBe(429);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on use', async () => {
    const user = await createUser();
    const first = await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(first.status).toBe(200);
    expectSessionCookies(signInCookies(first));
    const rotated = cookiesFrom(first, user.cookie);
    expect(rotated).not.toBe(user.cookie);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: rotated })).status).toBe(200);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const user = await createUser();
    const res = await call('/api/auth/logout', { method: 'POST', cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(cookiesFrom(res, user.cookie)).not.toMatch(/gi_at|gi_rs/);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
  });

  it('the session endpoint renews a missing access token from the refresh cookie', async () => {
    const user = await createUser();
    const refreshOnly = user.cookie
      .split('; ')
      .filter((p) => p.startsWith(`${REFRESH_COOKIE}=`))
      .join('; ');
    const res = await call('/api/auth/session', { cookie: refreshOnly });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(user.id);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(true);
  });
});

describe('forged access tokens get 401', () => {
  const secret = new TextEncoder().encode(env.JWT_SECRET);
  const base = () =>
    new SignJWT({ role: 'admin' })
      .setSubject('someone')
      .setIssuer('global-imperium-shop')
      .setAudience('global-imperium-shop:api')
      .setIssuedAt();
  const b64 = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'someone',
    role: 'admin',
    iss: 'global-imperium-shop',
    aud: 'global-imperium-shop:api',
    iat: now,
    exp: now + 600,
  };

  const cases: Record<string, () => Promise<string>> = {
    'alg none': async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    'wrong key': () =>
      base()
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
    'tampered role': async () => {
      const user = await createUser();
      const access = new RegExp(`${ACCESS_COOKIE}=([^;]+)`).exec(user.cookie)?.[1] ?? '';
      const [header, , signature] = access.split('.');
      return `${header}.${b64({ ...claims, sub: user.id, role: 'admin' })}.${signature}`;
    },
    expired: () =>
      base()
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now - 60)
        .sign(secret),
    'missing exp': () => base().setProtectedHeader({ alg: 'HS256' }).sign(secret),
    'wrong audience': () =>
      base()
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('another-app')
        .setExpirationTime('10m')
        .sign(secret),
    'HS512 instead of the pinned HS256': () =>
      base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('10m').sign(secret),
  };

  for (const [name, forge] of Object.entries(cases)) {
    it(name, async () => {
      const token = await forge();
      const res = await call('/api/auth/profile', {
        method: 'PATCH',
        cookie: `${ACCESS_COOKIE}=${token}`,
        json: { name: 'Penyusup', email: 'penyusup@contoh.id' },
      });
      expect(res.status).toBe(401);
    });
  }
});

describe('origin check', () => {
  it('refuses a state-changing request from another site with 403 and changes nothing', async () => {
    const res = await call('/api/auth/register', {
      method: 'POST',
      headers: { origin: 'https://jahat.example' },
      json: { name: 'Siti', email: 'siti@contoh.id', password: 'rahasia1', confirmPassword: 'rahasia1' },
    });
    expect(res.status).toBe(403);
    expect(await countRows('users')).toBe(0);
  });
});

describe('profile', () => {
  it('changes the name at once and the email only after the link sent to the new address', async () => {
    const user = await createUser();
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { name: 'Nama Baru', email: 'baru@contoh.id', currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    const { user: updated } = (await res.json()) as {
      user: { name: string; email: string; pendingEmail: string };
    };
    expect(updated).toMatchObject({ name: 'Nama Baru', email: user.email, pendingEmail: 'baru@contoh.id' });

    const mail = await env.DB.prepare(
      "SELECT to_address, body FROM email_outbox WHERE template = 'email-change'",
    ).first<{
      to_address: string;
      body: string;
    }>();
    expect(mail?.to_address).toBe('baru@contoh.id');
    const link = /https:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    const confirm = await call(new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/account?email=dikonfirmasi');
    expect(await sessionUser(user.cookie)).toMatchObject({ email: 'baru@contoh.id', pendingEmail: null });

    // A link works once: opened again it lands on the account page, which says so.
    const again = await call(new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/account?email=kedaluwarsa');
  });

  it('lands an expired, a mangled or an unknown link on the account page, changing nothing', async () => {
    const user = await createUser();
    const link = await changeLink(user, 'telat@contoh.id');
    await env.DB.prepare("UPDATE email_tokens SET expires_at = '2020-01-01T00:00:00.000Z'").run();
    for (const path of [link, '/api/auth/email/confirm?token=pendek', '/api/auth/email/confirm']) {
      const res = await call(path, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/account?email=kedaluwarsa');
    }
    expect(await sessionUser(user.cookie)).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('lands on the account page saying the address was taken meanwhile', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const link = await changeLink(user, 'diambil@contoh.id');
    await env.DB.prepare("UPDATE users SET email = 'diambil@contoh.id' WHERE id = ?").bind(other.id).run();
    const res = await call(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account?email=dipakai');
    expect(await sessionUser(user.cookie)).toMatchObject({ email: user.email });
  });

  it('keeps the phone given on the account page, in the form couriers read, and clears it on request', async () => {
    const user = await createUser();
    const patch = (json: object) => call('/api/auth/profile', { method: 'PATCH', cookie: user.cookie, json });
    const res = await patch({ name: 'Budi', email: user.email, phone: '0812-3456-7890' });
    expect(res.status).toBe(200);
    expect((await res.json<{ user: object }>()).user).toMatchObject({
      name: 'Budi',
      phone: '+6281234567890',
    });
    // The admin's form sends no phone: it stays.
    expect((await patch({ name: 'Budi Santoso', email: user.email })).status).toBe(200);
    expect(await sessionUser(user.cookie)).toMatchObject({ name: 'Budi Santoso', phone: '+6281234567890' });

    const bad = await patch({ name: 'Nama Lain', email: user.email, phone: '12345' });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.fields).toEqual({ phone: 'Nomor telepon tidak valid' });
    expect(await sessionUser(user.cookie)).toMatchObject({ name: 'Budi Santoso', phone: '+6281234567890' });

    expect((await patch({ name: 'Budi Santoso', email: user.email, phone: '' })).status).toBe(200);
    expect(await sessionUser(user.cookie)).toMatchObject({ phone: null });
  });

  /** Asks for a change of `user`'s address to `email`; the path of the link mailed for it. */
  async function changeLink(user: { cookie: string; password: string }, email: string) {
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { name: 'Nama Baru', email, currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    const mail = await env.DB.prepare(
      'SELECT body FROM email_outbox WHERE to_address = ? ORDER BY rowid DESC',
    )
      .bind(email)
      .first<{ body: string }>();
    const link = new URL(/https:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '');
    return link.pathname + link.search;
  }

  it('confirms an address once when its link is opened 10 times at the same moment', async () => {
    const user = await createUser();
    const link = await changeLink(user, 'baru@contoh.id');
    const race = racingDb(10, TOKEN_LOOKUP);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callWith(race.db, link, { redirect: 'manual' })),
    );
    expect(answers.map((r) => r.headers.get('location')).sort()).toEqual([
      '/account?email=dikonfirmasi',
      ...Array(9).fill('/account?email=kedaluwarsa'),
    ]);
  });

  it('tells the second of two accounts confirming the same address at the same moment that it is taken', async () => {
    const [first, second] = [await createUser(), await createUser()];
    const links = [
      await changeLink(first, 'rebutan@contoh.id'),
      await changeLink(second, 'rebutan@contoh.id'),
    ];
    // Both requests read that the address is free before either writes it.
    const race = racingDb(2, /^select .* from "users"/i);
    const answers = await Promise.all(links.map((link) => callWith(race.db, link, { redirect: 'manual' })));
    expect(answers.map((r) => r.headers.get('location')).sort()).toEqual([
      '/account?email=dikonfirmasi',
      '/account?email=dipakai',
    ]);
    const owners = await env.DB.prepare("SELECT id FROM users WHERE email = 'rebutan@contoh.id'").all();
    expect(owners.results).toHaveLength(1);
  });

  it('changes nothing when the new email belongs to another account', async () => {
    const user = await createUser('customer', 'Nama Lama');
    const other = await createUser();
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { name: 'Nama Baru', email: other.email, currentPassword: user.password },
    });
    expect(res.status).toBe(409);
    expect(await sessionUser(user.cookie)).toMatchObject({ name: 'Nama Lama', pendingEmail: null });
    expect(await countRows('email_outbox')).toBe(0);
  });

  it('does not put the free-text name into the mail sent to the new address', async () => {
    const user = await createUser();
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: {
        name: 'HADIAH! Klaim Rp10jt di https://jahat.example/klaim',
        email: 'korban@contoh.id',
        currentPassword: user.password,
      },
    });
    expect(res.status).toBe(200);
    const mail = await env.DB.prepare(
      "SELECT body FROM email_outbox WHERE to_address = 'korban@contoh.id'",
    ).first<{
      body: string;
    }>();
    expect(mail?.body).toContain('/api/auth/email/confirm?token=');
    expect(mail?.body).not.toContain('HADIAH');
    expect(mail?.body).not.toContain('jahat.example');
  });

  it('sends at most 3 change links an hour to one address and 5 for one account', async () => {
    const change = (cookie: string, email: string) =>
      call('/api/auth/profile', {
        method: 'PATCH',
        cookie,
        json: { name: 'Nama Baru', email, currentPassword: 'rahasia123' },
      });
    for (let i = 0; i < 3; i++) {
      expect((await change((await createUser()).cookie, 'korban@contoh.id')).status).toBe(200);
    }
    const toVictim = await change((await createUser()).cookie, 'korban@contoh.id');
    expect(toVictim.status).toBe(429);
    expect((await toVictim.json<ErrorBody>()).error.message).toBe(
      'Terlalu banyak permintaan ganti email. Coba lagi dalam 60 menit.',
    );

    const user = await createUser('customer', 'Nama Lama');
    for (let i = 0; i < 5; i++) expect((await change(user.cookie, `alamat${i}@contoh.id`)).status).toBe(200);
    await env.DB.prepare("UPDATE profiles SET name = 'Nama Lama' WHERE id = ?").bind(user.id).run();
    expect((await change(user.cookie, 'alamat5@contoh.id')).status).toBe(429);
    expect(await sessionUser(user.cookie)).toMatchObject({
      name: 'Nama Lama',
      pendingEmail: 'alamat4@contoh.id',
    });
    // Each change mails the new address its link and the old one its undo link.
    expect(await countRows('email_outbox')).toBe(16);
  });

  it('validates with the spec messages', async () => {
    const user = await createUser();
    const res = await call('/api/auth/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { name: 'A', email: 'x' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: object } }).error.fields).toEqual({
      name: 'Nama minimal 2 karakter',
      email: 'Email tidak valid',
    });
  });
});

describe('email change: the current password, and an undo link to the old address (issue 38)', () => {
  const patch = (cookie: string, json: object, headers: HeadersInit = {}) =>
    call('/api/auth/profile', { method: 'PATCH', cookie, json, headers });
  const outbox = (template: string) =>
    env.DB.prepare('SELECT to_address, body FROM email_outbox WHERE template = ? ORDER BY rowid')
      .bind(template)
      .all<{ to_address: string; body: string }>()
      .then((rows) => rows.results);
  const linkIn = (body: string | undefined) => {
    const url = new URL(/https:\/\/\S+/.exec(body ?? '')?.[0] ?? 'https://x/');
    return url.pathname + url.search;
  };

  it('refuses a new email without the current password, or with a wrong one counted as a wrong login; nothing changes', async () => {
    const user = await createUser();
    const none = await patch(user.cookie, { name: 'Nama Baru', email: 'baru@contoh.id' });
    expect(none.status).toBe(400);
    expect((await none.json<ErrorBody>()).error.fields).toEqual({
      currentPassword: 'Masukkan password saat ini untuk mengganti email',
    });
    const wrong = await patch(user.cookie, {
      name: 'Nama Baru',
      email: 'baru@contoh.id',
      currentPassword: 'salah-sekali',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json<ErrorBody>()).error).toEqual({
      code: 'wrong_password',
      message: 'Password saat ini salah',
      fields: { currentPassword: 'Password saat ini salah' },
    });
    expect(await sessionUser(user.cookie)).toMatchObject({ email: user.email, pendingEmail: null });
    expect(await countRows('email_outbox')).toBe(0);
    // Counted as a wrong login: with 4 more at the login, this address has used up its 5 guesses.
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'salah-sekali')).status).toBe(401);
    const throttled = await patch(user.cookie, {
      name: 'Nama Baru',
      email: 'baru@contoh.id',
      currentPassword: user.password,
    });
    expect(throttled.status).toBe(429);
    expect((await throttled.json<ErrorBody>()).error.code).toBe('too_many_attempts');
    // Name and phone alone still need no password.
    expect((await patch(user.cookie, { name: 'Nama Baru', email: user.email })).status).toBe(200);
  });

  it('mails the old address an undo link: opened after the new address was confirmed, it restores the old one, voids links and ends every session', async () => {
    const user = await createUser();
    const elsewhere = cookiesFrom(await login(user.email, user.password));
    const res = await patch(user.cookie, {
      name: 'Nama Baru',
      email: 'pencuri@contoh.id',
      currentPassword: user.password,
    });
    expect(res.status).toBe(200);
    const [undoMail, ...more] = await outbox('email-change-undo');
    expect(more).toEqual([]);
    expect(undoMail?.to_address).toBe(user.email);
    expect(undoMail?.body).toContain('/api/auth/email/undo?token=');
    expect(undoMail?.body).not.toContain('pencuri@contoh.id');
    const [confirmMail] = await outbox('email-change');
    const confirmed = await call(linkIn(confirmMail?.body), { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe('/account?email=dikonfirmasi');
    expect(await sessionUser(user.cookie)).toMatchObject({ email: 'pencuri@contoh.id' });

    const undone = await call(linkIn(undoMail?.body), { redirect: 'manual' });
    expect(undone.status).toBe(303);
    expect(undone.headers.get('location')).toBe('/account?email=dibatalkan');
    // Every session ended, the requester's too; the old address signs in again.
    expect(await sessionUser(user.cookie)).toBeNull();
    expect(await sessionUser(elsewhere)).toBeNull();
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    expect((await login('pencuri@contoh.id', user.password)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    // Once only.
    const again = await call(linkIn(undoMail?.body), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/account?email=kedaluwarsa');
  });

  it('opened before the confirmation, it keeps the old address and voids the pending change', async () => {
    const user = await createUser();
    expect(
      (
        await patch(user.cookie, {
          name: 'Nama Baru',
          email: 'pencuri@contoh.id',
          currentPassword: user.password,
        })
      ).status,
    ).toBe(200);
    const [undoMail] = await outbox('email-change-undo');
    const [confirmMail] = await outbox('email-change');
    expect((await call(linkIn(undoMail?.body), { redirect: 'manual' })).headers.get('location')).toBe(
      '/account?email=dibatalkan',
    );
    const late = await call(linkIn(confirmMail?.body), { redirect: 'manual' });
    expect(late.headers.get('location')).toBe('/account?email=kedaluwarsa');
    const row = await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(user.id).first('email');
    expect(row).toBe(user.email);
    const signedIn = cookiesFrom(await login(user.email, user.password));
    expect(await sessionUser(signedIn)).toMatchObject({ email: user.email, pendingEmail: null });
  });
});

describe('password change', () => {
  const change = (cookie: string, json: object, headers: HeadersInit = {}) =>
    call('/api/auth/password/change', { method: 'POST', cookie, json, headers });
  const body = (currentPassword: string, password = 'baru12345', confirmPassword = password) => ({
    currentPassword,
    password,
    confirmPassword,
  });

  it("sets the new password and ends the account's other sign-ins, not this one", async () => {
    const user = await createUser();
    const elsewhere = cookiesFrom(await login(user.email, user.password));
    const res = await change(user.cookie, body(user.password));
    expect(res.status).toBe(200);
    expect(await sessionUser(user.cookie)).toMatchObject({ id: user.id });
    // The other device's access and refresh tokens both stop working.
    expect(await sessionUser(elsewhere)).toBeNull();
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: elsewhere })).status).toBe(401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'baru12345')).status).toBe(200);
  });

  it('voids the reset links mailed before the change', async () => {
    const user = await createUser();
    await forgot(user.email);
    const token = mailedToken(
      (await env.DB.prepare('SELECT body FROM email_outbox').first<{ body: string }>())?.body,
    );
    expect((await change(user.cookie, body(user.password))).status).toBe(200);
    const reset = await call('/api/auth/password/reset', {
      method: 'POST',
      json: { token, password: 'penyusup1' },
    });
    expect(reset.status).toBe(400);
    expect((await login(user.email, 'baru12345')).status).toBe(200);
  });

  it('refuses a wrong current password in Indonesian and counts it as a wrong login', async () => {
    const user = await createUser();
    const wrong = await change(user.cookie, body('salah-sekali'));
    expect(wrong.status).toBe(400);
    expect((await wrong.json<ErrorBody>()).error).toEqual({
      code: 'wrong_password',
      message: 'Password saat ini salah',
      fields: { currentPassword: 'Password saat ini salah' },
    });
    // With the login's 4 more, this address has used up its 5 guesses at the account: both refuse.
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'salah-sekali')).status).toBe(401);
    const throttled = await change(user.cookie, body(user.password));
    expect(throttled.status).toBe(429);
    expect((await throttled.json<ErrorBody>()).error.code).toBe('too_many_attempts');
    expect((await login(user.email, user.password)).status).toBe(429);
    // Another address still signs in with the unchanged password.
    expect((await login(user.email, user.password, from('203.0.113.7'))).status).toBe(200);
  });

  it("past the account's guessing cap, the signed-in owner still changes the password with the right one (issue 38)", async () => {
    const user = await createUser();
    for (let i = 0; i < 30; i++) await login(user.email, `salah-${i}`, from(`203.0.113.${i}`));
    expect((await change(user.cookie, body(user.password), from('198.51.100.3'))).status).toBe(200);
    expect((await login(user.email, 'baru12345', from('198.51.100.4'))).status).toBe(401);
  });

  it('a session guessing the current password from many addresses gets 10 tries an hour', async () => {
    const user = await createUser();
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push((await change(user.cookie, body(`tebakan-${i}`), from(`192.0.2.${i}`))).status);
    expect(answers).toEqual([...Array(10).fill(400), 429, 429]);
  });

  it('lets through only 5 of 20 guesses sent at once', async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(user.cookie, body(`tebakan-${i}`))),
    );
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it("holds the new password to the register rules, with each field's message, and changes nothing", async () => {
    const user = await createUser();
    const short = await change(user.cookie, body(user.password, '12345'));
    expect(short.status).toBe(400);
    expect((await short.json<ErrorBody>()).error.fields).toEqual({ password: 'Password minimal 6 karakter' });
    const mismatch = await change(user.cookie, body(user.password, 'baru12345', 'baru54321'));
    expect((await mismatch.json<ErrorBody>()).error.fields).toEqual({
      confirmPassword: 'Password tidak sama',
    });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const res = await call('/api/auth/password/change', { method: 'POST', json: body('rahasia123') });
    expect(res.status).toBe(401);
  });
});

describe('password reset', () => {
  it('works through the emailed link, once, and ends existing sessions', async () => {
    const user = await createUser();
    const unknown = await forgot('tidak-ada@contoh.id');
    const known = await forgot(user.email);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await countRows('email_outbox')).toBe(1);

    const mail = await env.DB.prepare('SELECT body FROM email_outbox').first<{ body: string }>();
    const token = mailedToken(mail?.body);
    const reset = await call('/api/auth/password/reset', {
      method: 'POST',
      json: { token, password: 'baru12345' },
    });
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'baru12345')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    const again = await call('/api/auth/password/reset', {
      method: 'POST',
      json: { token, password: 'lagi12345' },
    });
    expect(again.status).toBe(400);
  });

  it('lets a link set a password once when it is used 10 times at the same moment', async () => {
    const user = await createUser();
    await forgot(user.email);
    const mail = await env.DB.prepare('SELECT body FROM email_outbox').first<{ body: string }>();
    const token = mailedToken(mail?.body);
    const race = racingDb(10, TOKEN_LOOKUP);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWith(race.db, '/api/auth/password/reset', {
          method: 'POST',
          json: { token, password: `baru1234${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
  });

  it('answers before it looks the email up, and makes the link afterwards', async () => {
    const user = await createUser();
    const { res, settled } = await callInBackground('/api/auth/password/forgot', {
      method: 'POST',
      json: { email: user.email },
    });
    expect(res.status).toBe(200);
    // Nothing is written yet: the answer did not wait for the lookup (or the mail).
    expect(await countRows('email_tokens')).toBe(0);
    await settled;
    expect(await countRows('email_tokens')).toBe(1);
    expect(await countRows('email_outbox')).toBe(1);
  });

  it('voids every other link of the account once one is used', async () => {
    const user = await createUser();
    await forgot(user.email);
    await forgot(user.email);
    const mails = await env.DB.prepare('SELECT body FROM email_outbox ORDER BY rowid').all<{
      body: string;
    }>();
    const [first, second] = mails.results.map((m) => mailedToken(m.body));
    const reset = (token: string | undefined, password: string) =>
      call('/api/auth/password/reset', { method: 'POST', json: { token, password } });
    expect((await reset(second, 'baru12345')).status).toBe(200);
    const old = await reset(first, 'penyusup1');
    expect(old.status).toBe(400);
    expect((await old.json<ErrorBody>()).error.code).toBe('invalid_token');
    expect((await login(user.email, 'baru12345')).status).toBe(200);
  });

  it('sends at most 3 links an hour to one address, and 20 from one client', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) expect((await forgot(user.email, from(`203.0.113.${i}`))).status).toBe(200);
    const refused = await forgot(user.email, from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect((await refused.json<ErrorBody>()).error).toEqual({
      code: 'too_many_requests',
      message: 'Terlalu banyak permintaan atur ulang password. Coba lagi dalam 60 menit.',
    });
    expect(await countRows('email_outbox')).toBe(3);

    // An address not in the shop counts the same, so a 429 tells nothing about accounts.
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`acak${i}@contoh.id`, from('203.0.113.99'))).status).toBe(200);
    }
    expect((await forgot('acak20@contoh.id', from('203.0.113.99'))).status).toBe(429);
  });

  it('mails a link on the configured origin whatever Host the request names, and sends it', async () => {
    const user = await createUser();
    // As `curl -H 'Host: evil.example'` arrives: the URL carries the forged host, no Origin header.
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('http://evil.example/api/auth/password/forgot', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example' },
        body: JSON.stringify({ email: user.email }),
      }),
      env,
      ctx,
    );
    expect(res.status).toBe(200);
    await waitOnExecutionContext(ctx);

    const mail = await env.DB.prepare(
      'SELECT to_address, body, html, status, message_id FROM email_outbox',
    ).first<{ to_address: string; body: string; html: string; status: string; message_id: string | null }>();
    expect(mail).toMatchObject({ to_address: user.email, status: 'sent' });
    expect(mail?.message_id).toBeTruthy();
    const links = [...`${mail?.body} ${mail?.html}`.matchAll(/https?:\/\/[^\s"<]+/g)].map(([url]) => url);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link).toMatch(/^https:\/\/shop\.test\/reset-password\?token=[\w-]+$/);
    expect(`${mail?.body} ${mail?.html}`).not.toContain('evil.example');
  });
});
