import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CallInit, call, createUser, shopRequest } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  PAYMENT_SETTINGS,
  savePaymentSettings,
  withService,
} from '../../test/order-fixtures.ts';
import {
  DUMMY_TOKEN,
  FAIL_SECRET,
  fakeTurnstile,
  PASS_SECRET,
  SITE_KEY,
  SPENT_SECRET,
  turnstileEnv,
} from '../../test/turnstile-fake.ts';
import app from '../index.ts';

// Decision 036: Cloudflare Turnstile on registering, reset links and a checkout from a network
// past its unpaid limit, verified through siteverify (mocked at fetch as the test keys answer).

afterEach(() => vi.restoreAllMocks());

/** A request to the Worker with extra bindings (the Turnstile keys); waits for its background work. */
async function callOn(bindings: Record<string, string | undefined>, path: string, init: CallInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; message: string } }>()).error;
const from = (ip: string) => ({ 'cf-connecting-ip': ip });

let registered = 0;
const registration = (turnstileToken?: string) => {
  registered += 1;
  return {
    name: 'Ani Lestari',
    email: `ani${registered}@contoh.id`,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    ...(turnstileToken === undefined ? {} : { turnstileToken }),
  };
};
const register = (bindings: Record<string, string | undefined>, json: unknown, ip = '203.0.113.7') =>
  callOn(bindings, '/api/auth/register', { method: 'POST', json, headers: from(ip) });
const users = async () => (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())?.n;

describe('registering', () => {
  it('asks for the check while it is on: 403 challenge_required without a token, nothing created, siteverify not asked', async () => {
    const turnstile = fakeTurnstile();
    const res = await register(turnstileEnv(), registration());
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: 'challenge_required',
      message: 'Selesaikan verifikasi keamanan terlebih dahulu.',
    });
    expect(await users()).toBe(0);
    expect(turnstile.spy).not.toHaveBeenCalled();
  });

  it('a token siteverify accepts registers; the Worker sent the secret, the token and the visitor address', async () => {
    const turnstile = fakeTurnstile();
    const res = await register(turnstileEnv(), registration(DUMMY_TOKEN), '2001:db8:1:2::99');
    expect(res.status).toBe(201);
    expect(turnstile.requests).toEqual([
      { secret: PASS_SECRET, response: DUMMY_TOKEN, remoteip: '2001:db8:1:2::99' },
    ]);
    expect(await users()).toBe(1);
  });

  it('a token siteverify refuses (always-fail secret, one already spent, a forged token) is 403 challenge_failed', async () => {
    fakeTurnstile();
    for (const [secret, token] of [
      [FAIL_SECRET, DUMMY_TOKEN],
      [SPENT_SECRET, DUMMY_TOKEN],
      [PASS_SECRET, 'palsu.token'],
    ] as const) {
      const res = await register(turnstileEnv(secret), registration(token));
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('challenge_failed');
    }
    expect(await users()).toBe(0);
  });

  it('siteverify out of reach or refusing the secret: 503, never a registration unchecked; the secret is not logged', async () => {
    const turnstile = fakeTurnstile();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    turnstile.down(true);
    expect((await register(turnstileEnv(), registration(DUMMY_TOKEN))).status).toBe(503);
    turnstile.down(false);
    const wrongSecret = await register(turnstileEnv('0x-bukan-rahasia'), registration(DUMMY_TOKEN));
    expect(wrongSecret.status).toBe(503);
    expect((await errorOf(wrongSecret)).code).toBe('challenge_unavailable');
    expect(await users()).toBe(0);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(PASS_SECRET);
    expect(JSON.stringify(logged.mock.calls)).not.toContain('0x-bukan-rahasia');
  });

  it('off (no keys): no token asked, siteverify never called', async () => {
    const turnstile = fakeTurnstile();
    expect((await register({}, registration())).status).toBe(201);
    expect((await register({ TURNSTILE_SITE_KEY: SITE_KEY }, registration())).status).toBe(201);
    expect(turnstile.spy).not.toHaveBeenCalled();
  });

  it("past the network's 20 an hour the check takes the limit's place: a carrier NAT's 21st customer registers; off, it is refused", async () => {
    fakeTurnstile();
    for (let i = 0; i < 20; i += 1)
      expect((await register({}, registration(), '203.0.113.50')).status).toBe(201);
    expect((await register({}, registration(), '203.0.113.50')).status).toBe(429);
    const checked = await register(turnstileEnv(), registration(DUMMY_TOKEN), '203.0.113.50');
    expect(checked.status).toBe(201);
  });
});

describe('reset links', () => {
  const forgot = (bindings: Record<string, string | undefined>, json: unknown, ip = '203.0.113.8') =>
    callOn(bindings, '/api/auth/password/forgot', { method: 'POST', json, headers: from(ip) });

  it('need the check while it is on; one inbox still gets 3 an hour whatever the tokens', async () => {
    const turnstile = fakeTurnstile();
    const customer = await createUser();
    const missing = await forgot(turnstileEnv(), { email: customer.email });
    expect(missing.status).toBe(403);
    expect((await errorOf(missing)).code).toBe('challenge_required');
    const bad = await forgot(turnstileEnv(FAIL_SECRET), {
      email: customer.email,
      turnstileToken: DUMMY_TOKEN,
    });
    expect((await errorOf(bad)).code).toBe('challenge_failed');
    for (let i = 0; i < 3; i += 1) {
      const res = await forgot(turnstileEnv(), { email: customer.email, turnstileToken: DUMMY_TOKEN });
      expect(res.status).toBe(200);
    }
    const fourth = await forgot(turnstileEnv(), { email: customer.email, turnstileToken: DUMMY_TOKEN });
    expect(fourth.status).toBe(429);
    const mails = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE template = 'password-reset'",
    ).first<{
      n: number;
    }>();
    expect(mails?.n).toBe(3);
    expect(turnstile.requests).toHaveLength(5);
  });

  it("past the network's 20 an hour the check takes the limit's place; off, the 21st is refused", async () => {
    fakeTurnstile();
    for (let i = 0; i < 20; i += 1) {
      expect((await forgot({}, { email: `orang${i}@contoh.id` }, '203.0.113.60')).status).toBe(200);
    }
    expect((await forgot({}, { email: 'orang20@contoh.id' }, '203.0.113.60')).status).toBe(429);
    const checked = await forgot(
      turnstileEnv(),
      { email: 'orang21@contoh.id', turnstileToken: DUMMY_TOKEN },
      '203.0.113.60',
    );
    expect(checked.status).toBe(200);
  });
});

describe('a checkout from a network past its unpaid limit (carrier NAT, issue 38 item 3)', () => {
  async function setup() {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie, {
      ...PAYMENT_SETTINGS,
      unpaidOrdersPerCustomer: 1,
      unpaidOrdersPerClient: 2,
    });
    const products = await insertProducts([40_000]);
    return { products };
  }
  const order = (
    bindings: Record<string, string | undefined>,
    cookie: string,
    products: { id: string; variantId: string }[],
    {
      ip = '198.51.100.1',
      key = crypto.randomUUID(),
      token,
    }: { ip?: string; key?: string; token?: string } = {},
  ) =>
    callOn(bindings, '/api/orders', {
      method: 'POST',
      cookie,
      json: withService({
        items: cart(products as never),
        customer: CUSTOMER,
        ...(token === undefined ? {} : { turnstileToken: token }),
      }),
      headers: { 'idempotency-key': key, ...from(ip) },
    });

  it('asks the next shopper there for the check instead of refusing, and a passed check places the order', async () => {
    const { products } = await setup();
    const turnstile = fakeTurnstile();
    const [a, b, honest] = [await createUser(), await createUser(), await createUser()];
    const on = turnstileEnv();
    expect((await order(on, a.cookie, products)).status).toBe(201);
    expect((await order(on, b.cookie, products)).status).toBe(201);
    expect(turnstile.spy).not.toHaveBeenCalled();

    const key = crypto.randomUUID();
    const asked = await order(on, honest.cookie, products, { key });
    expect(asked.status).toBe(403);
    expect(await errorOf(asked)).toEqual({
      code: 'challenge_required',
      message:
        'Banyak pesanan belum dibayar dari jaringan Anda. Selesaikan verifikasi keamanan, lalu tekan Buat Pesanan lagi.',
    });
    const failed = await order(turnstileEnv(FAIL_SECRET), honest.cookie, products, {
      key,
      token: DUMMY_TOKEN,
    });
    expect(failed.status).toBe(403);
    expect((await errorOf(failed)).code).toBe('challenge_failed');

    const passed = await order(on, honest.cookie, products, { key, token: DUMMY_TOKEN });
    expect(passed.status).toBe(201);
    const placed = await passed.json<OrderDetail>();
    expect(placed.unique_code).toBeGreaterThan(0);
    // The same request again (a lost answer): siteverify is asked with the same idempotency key,
    // and the order is the same.
    const again = await order(on, honest.cookie, products, { key, token: DUMMY_TOKEN });
    expect(again.status).toBe(200);
    expect((await again.json<OrderDetail>()).id).toBe(placed.id);
    const keys = turnstile.requests.map((request) => request.idempotency_key);
    expect(keys[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[2]).toBe(keys[1]);
  });

  it("the account's own limit still refuses, check or not (409)", async () => {
    const { products } = await setup();
    fakeTurnstile();
    const customer = await createUser();
    expect((await order(turnstileEnv(), customer.cookie, products)).status).toBe(201);
    const second = await order(turnstileEnv(), customer.cookie, products, { token: DUMMY_TOKEN });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe('unpaid_limit');
  });

  it('off (no keys): the network limit refuses as before (429 unpaid_limit), a token changes nothing', async () => {
    const { products } = await setup();
    const turnstile = fakeTurnstile();
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    expect((await order({}, a.cookie, products)).status).toBe(201);
    expect((await order({}, b.cookie, products)).status).toBe(201);
    const refused = await order({}, c.cookie, products, { token: DUMMY_TOKEN });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('unpaid_limit');
    expect(turnstile.spy).not.toHaveBeenCalled();
  });
});

describe('pages', () => {
  it("while on, every page carries the site key and script, and its CSP admits Turnstile's origin; off, neither", async () => {
    const on = await callOn(turnstileEnv(), '/register');
    const html = await on.text();
    expect(html).toContain(
      `<script type="application/json" id="gi-challenge">{"siteKey":"${SITE_KEY}","scriptUrl":"https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"}</script>`,
    );
    const csp = on.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com[ ;]/);
    expect(csp).toContain('frame-src https://challenges.cloudflare.com;');

    const off = await call('/register');
    expect(await off.text()).not.toContain('gi-challenge');
    expect(off.headers.get('content-security-policy')).not.toContain('challenges.cloudflare.com');
  });

  it('locally the stand-in origin replaces Cloudflare for the script, the CSP and siteverify', async () => {
    const local = { ...turnstileEnv(), TURNSTILE_API_URL: 'http://127.0.0.1:11787' };
    const page = await callOn(local, '/forgot-password');
    expect(await page.text()).toContain(
      '"scriptUrl":"http://127.0.0.1:11787/turnstile/v0/api.js?render=explicit"',
    );
    expect(page.headers.get('content-security-policy')).toContain('frame-src http://127.0.0.1:11787;');
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ success: true, 'error-codes': [] }));
    expect((await register(local, registration(DUMMY_TOKEN))).status).toBe(201);
    expect(String(fetched.mock.calls[0]?.[0])).toBe('http://127.0.0.1:11787/turnstile/v0/siteverify');
  });
});
