import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { browse, CookieJar, call, cookiesFrom, createUser, type TestUser } from '../../test/helpers.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies.ts';
import { ROTATION_GRACE_MS } from './sessions.ts';
import { randomToken, sha256 } from './tokens.ts';

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const refresh = (cookie: string) => call('/api/auth/refresh', { method: 'POST', cookie });
/** The one cookie of a `name=value; ...` header. */
const only = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .filter((pair) => pair.startsWith(`${name}=`))
    .join('; ');

/** A browser that signed in through the login form's API call. */
async function signedInBrowser(user: TestUser): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await browse(jar, '/api/auth/login', {
    method: 'POST',
    json: { email: user.email, password: user.password },
  });
  expect(res.status).toBe(200);
  return jar;
}

describe('a session outlives its 15-minute access token', () => {
  it('keeps the refresh cookie HttpOnly, Secure and SameSite, sent with every request of the shop', async () => {
    const user = await createUser();
    const res = await call('/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/(;|$)/);
  });

  it('answers token_expired to a call whose access cookie is gone, and the refresh and retry succeed', async () => {
    const jar = await signedInBrowser(await createUser());
    jar.drop(ACCESS_COOKIE);
    const expired = await browse(jar, '/api/orders/mine');
    expect(expired.status).toBe(401);
    expect(await errorCode(expired)).toBe('token_expired');

    expect((await browse(jar, '/api/auth/refresh', { method: 'POST' })).status).toBe(200);
    expect((await browse(jar, '/api/orders/mine')).status).toBe(200);
  });

  it('answers token_expired on admin routes too, so the dashboard renews instead of signing out', async () => {
    const jar = await signedInBrowser(await createUser('admin'));
    jar.drop(ACCESS_COOKIE);
    const expired = await browse(jar, '/api/admin/stats');
    expect(expired.status).toBe(401);
    expect(await errorCode(expired)).toBe('token_expired');
  });

  it('answers unauthorized when no refresh cookie came along: there is nothing to renew', async () => {
    const res = await call('/api/orders/mine');
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('unauthorized');
  });
});

describe('refreshes at the same moment (two tabs, a page and its API call)', () => {
  it('both succeed, and both new sessions of the family keep working', async () => {
    const user = await createUser();
    const both = await Promise.all([refresh(user.cookie), refresh(user.cookie)]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    for (const res of both) {
      const cookie = cookiesFrom(res, user.cookie);
      expect((await call('/api/orders/mine', { cookie })).status).toBe(200);
      expect((await refresh(cookie)).status).toBe(200);
    }
  });

  it('a just-rotated token renews within the grace window; presented after it, the family is revoked', async () => {
    const user = await createUser();
    const first = await refresh(user.cookie);
    const rotated = cookiesFrom(first, user.cookie);
    // The twin arrives a moment later (the other tab): still the same sign-in.
    const twin = await refresh(user.cookie);
    expect(twin.status).toBe(200);
    const twinCookie = cookiesFrom(twin, user.cookie);

    // The same token, once the window is over: a stolen copy. Everything of the family dies.
    const old = new Date(Date.now() - ROTATION_GRACE_MS - 1000).toISOString();
    const hash = await sha256(only(user.cookie, REFRESH_COOKIE).slice(REFRESH_COOKIE.length + 1));
    await env.DB.prepare('UPDATE sessions SET rotated_at = ? WHERE token_hash = ?').bind(old, hash).run();
    const replay = await refresh(user.cookie);
    expect(replay.status).toBe(401);
    expect(await errorCode(replay)).toBe('session_revoked');
    for (const cookie of [rotated, twinCookie]) {
      expect((await refresh(cookie)).status).toBe(401);
      expect((await call('/api/orders/mine', { cookie: only(cookie, ACCESS_COOKIE) })).status).toBe(401);
    }
  });

  it('a refresh racing a logout gets no live token: the new one would outlive the logout', async () => {
    const user = await createUser();
    const rotated = cookiesFrom(await refresh(user.cookie), user.cookie);
    await call('/api/auth/logout', { method: 'POST', cookie: rotated });
    // The twin refresh read its token before the logout revoked the family: replay that moment.
    const hash = await sha256(only(user.cookie, REFRESH_COOKIE).slice(REFRESH_COOKIE.length + 1));
    await env.DB.prepare('UPDATE sessions SET revoked_at = NULL WHERE token_hash = ?').bind(hash).run();
    expect((await refresh(user.cookie)).status).toBe(401);
  });
});

describe('ending a session ends its access token at once', () => {
  it('logout: the old access cookie gets 401 on the next call', async () => {
    const user = await createUser();
    const access = only(user.cookie, ACCESS_COOKIE);
    expect((await call('/api/orders/mine', { cookie: access })).status).toBe(200);

    expect((await call('/api/auth/logout', { method: 'POST', cookie: user.cookie })).status).toBe(200);
    const after = await call('/api/orders/mine', { cookie: access });
    expect(after.status).toBe(401);
    expect(await errorCode(after)).toBe('unauthorized');
    expect(
      ((await (await call('/api/auth/session', { cookie: access })).json()) as { user: unknown }).user,
    ).toBe(null);
  });

  it('logout sent with the access cookie alone ends that sign-in too', async () => {
    const user = await createUser();
    const access = only(user.cookie, ACCESS_COOKIE);
    expect((await call('/api/auth/logout', { method: 'POST', cookie: access })).status).toBe(200);
    expect((await call('/api/orders/mine', { cookie: access })).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);
  });

  it("logout ends one sign-in: the user's other devices stay signed in", async () => {
    const user = await createUser();
    const phone = cookiesFrom(
      await call('/api/auth/login', { method: 'POST', json: { email: user.email, password: user.password } }),
    );
    await call('/api/auth/logout', { method: 'POST', cookie: user.cookie });
    expect((await call('/api/orders/mine', { cookie: phone })).status).toBe(200);
  });

  it("a password reset: every access token of the user gets 401, the admin's dashboard included", async () => {
    const admin = await createUser('admin');
    const access = only(admin.cookie, ACCESS_COOKIE);
    expect((await call('/api/admin/stats', { cookie: access })).status).toBe(200);

    const token = randomToken();
    await env.DB.prepare(
      "INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'password_reset', ?)",
    )
      .bind(await sha256(token), admin.id, new Date(Date.now() + 3_600_000).toISOString())
      .run();
    const reset = await call('/api/auth/password/reset', {
      method: 'POST',
      json: { token, password: 'baru12345' },
    });
    expect(reset.status).toBe(200);
    expect((await call('/api/admin/stats', { cookie: access })).status).toBe(401);
    expect((await call('/api/orders/mine', { cookie: access })).status).toBe(401);
  });
});
