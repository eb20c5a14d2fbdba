import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, cookiesFrom, countRows, createUser, sessionUser } from '../../test/helpers.ts';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../auth/password.ts';
import worker from '../index.ts';

const register = (json: unknown) => call('/api/auth/register', { method: 'POST', json });
const login = (email: string, password: string, headers: HeadersInit = {}) =>
  call('/api/auth/login', { method: 'POST', json: { email, password }, headers });

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
  it('creates a customer profile and never signs in by itself', async () => {
    const res = await register({
      name: 'Siti',
      email: 'Siti@Contoh.id',
      password: 'rahasia1',
      confirmPassword: 'rahasia1',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { email: string; role: string; name: string } };
    expect(body.user).toMatchObject({ email: 'siti@contoh.id', role: 'customer', name: 'Siti' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers every spec §5 message and writes nothing for bad input', async () => {
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
  it('sets HttpOnly, Secure, SameSite cookies and reports the user', async () => {
    const user = await createUser('admin', 'Admin Toko');
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=(Lax|Strict)/);
    }
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

  it('throttles one client trying many accounts', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.9' };
    for (let i = 0; i < 20; i++) await login(`acak${i}@contoh.id`, 'salah-sekali', headers);
    const user = await createUser();
    expect((await login(user.email, user.password, headers)).status).toBe(429);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on use, and reuse of a rotated token revokes the whole family', async () => {
    const user = await createUser();
    const first = await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(first.status).toBe(200);
    const rotated = cookiesFrom(first, user.cookie);
    expect(rotated).not.toBe(user.cookie);

    // The old refresh token is replayed (stolen copy): refused and the family dies.
    const replay = await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('session_revoked');
    const afterReplay = await call('/api/auth/refresh', { method: 'POST', cookie: rotated });
    expect(afterReplay.status).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const user = await createUser();
    const res = await call('/api/auth/logout', { method: 'POST', cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(cookiesFrom(res, user.cookie)).toBe('');
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
  });

  it('the session endpoint renews a missing access token from the refresh cookie', async () => {
    const user = await createUser();
    const refreshOnly = user.cookie
      .split('; ')
      .filter((p) => p.startsWith('gi_rt='))
      .join('; ');
    const res = await call('/api/auth/session', { cookie: refreshOnly });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(user.id);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('gi_at='))).toBe(true);
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
      const access = /gi_at=([^;]+)/.exec(user.cookie)?.[1] ?? '';
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
        cookie: `gi_at=${token}`,
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
      json: { name: 'Nama Baru', email: 'baru@contoh.id' },
    });
    expect(res.status).toBe(200);
    const { user: updated } = (await res.json()) as {
      user: { name: string; email: string; pendingEmail: string };
    };
    expect(updated).toMatchObject({ name: 'Nama Baru', email: user.email, pendingEmail: 'baru@contoh.id' });

    const mail = await env.DB.prepare('SELECT to_address, body FROM email_outbox').first<{
      to_address: string;
      body: string;
    }>();
    expect(mail?.to_address).toBe('baru@contoh.id');
    const link = /https:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    const confirm = await call(new URL(link).pathname + new URL(link).search, { redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(await sessionUser(user.cookie)).toMatchObject({ email: 'baru@contoh.id', pendingEmail: null });

    // A link works once.
    expect((await call(new URL(link).pathname + new URL(link).search, { redirect: 'manual' })).status).toBe(
      400,
    );
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

describe('password reset', () => {
  it('works through the emailed link, once, and ends existing sessions', async () => {
    const user = await createUser();
    const unknown = await call('/api/auth/password/forgot', {
      method: 'POST',
      json: { email: 'tidak-ada@contoh.id' },
    });
    const known = await call('/api/auth/password/forgot', { method: 'POST', json: { email: user.email } });
    expect(await unknown.json()).toEqual(await known.json());
    expect(await countRows('email_outbox')).toBe(1);

    const mail = await env.DB.prepare('SELECT body FROM email_outbox').first<{ body: string }>();
    const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
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
