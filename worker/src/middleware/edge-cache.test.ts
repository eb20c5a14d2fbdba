import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { jsonAnswer, SHARED_READ } from '@gi/contracts/endpoints/define';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, callInBackground, countingD1, createUser, shopRequest } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { REFRESH_COOKIE } from '../auth/cookies.ts';
import type { AppEnv } from '../env.ts';
import app from '../index.ts';
import { d1Session } from './d1-session.ts';
import { CACHE_STATUS_HEADER, edgeCache } from './edge-cache.ts';

/** A guest's GET whose cache write (after the answer) is done when it resolves. */
async function guest(path: string, cookie?: string): Promise<Response> {
  const { res, settled } = await callInBackground(path, cookie ? { cookie } : {});
  await settled;
  return res;
}

const status = (res: Response) => res.headers.get(CACHE_STATUS_HEADER);

/** D1 statements a request runs, counted in the D1 session the Worker opens too. */
async function countStatements(path: string): Promise<{ res: Response; statements: number }> {
  const { DB, statements } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, {}), { ...env, DB }, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { res, statements: statements() };
}

describe("a guest's storefront answers come from the edge cache", () => {
  it('serves the second guest from the cache: the same page, one D1 read for the version and no render', async () => {
    const [product] = await insertProducts([250_000]);
    for (const path of [`/product/${product?.id}`, '/', `/api/products/${product?.id}`, '/api/settings']) {
      const first = await countStatements(path);
      expect(status(first.res), path).toBe('miss');
      const second = await countStatements(path);
      expect(status(second.res), path).toBe('hit');
      expect(second.statements, path).toBe(1);
      expect(first.statements, path).toBeGreaterThan(1);
      // The browser asks again each time, so a change shows at once; the request id is this request's.
      expect(second.res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(second.res.headers.get('x-request-id'), path).not.toBe(first.res.headers.get('x-request-id'));
    }
    const page = await guest(`/product/${product?.id}`);
    expect(status(page)).toBe('hit');
    // The CSP written for the stored page's own inline scripts travels with it.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('Parfum Uji 1');
  });

  it("shows an admin's change to the next guest", async () => {
    const admin = await createUser('admin');
    await guest('/');
    await guest('/api/settings');
    expect(status(await guest('/'))).toBe('hit');

    const saved = await call('/api/settings', {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { aboutTitle: 'Cerita Baru Kami' },
    });
    expect(saved.status).toBe(200);
    const page = await guest('/');
    expect(status(page)).toBe('miss');
    expect(await page.text()).toContain('Cerita Baru Kami');
    expect(await (await guest('/api/settings')).json()).toMatchObject({ aboutTitle: 'Cerita Baru Kami' });
  });

  it("shows a product's new price and stock, whoever wrote them", async () => {
    const [product] = await insertProducts([250_000], 5);
    const path = `/api/products/${product?.id}`;
    await guest(path);
    expect(status(await guest(path))).toBe('hit');
    // Checkout taking stock, the Cron giving it back, an admin's edit: every write to a table a
    // guest's answer shows draws a new version (migration 0018).
    await env.DB.prepare('UPDATE product_variants SET price = 199000, stock = 0 WHERE id = ?')
      .bind(product?.variantId)
      .run();
    const fresh = await guest(path);
    expect(status(fresh)).toBe('miss');
    expect(await fresh.json()).toMatchObject({ price: 199_000, variants: [{ price: 199_000, stock: 0 }] });
  });
});

describe('nothing private is cached or shared', () => {
  it("never keeps a page whose renderer broke: the next guest's request renders it again", async () => {
    // The test renderer throws on /about (test/fixtures/assets/mfe/shop/ssr/render.js).
    const first = await guest('/about');
    expect(first.status).toBe(200);
    expect(status(first)).toBe('miss');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(status(await guest('/about'))).toBe('miss');
  });

  it('never answers a signed-in browser from the cache, nor stores its answers', async () => {
    const customer = await createUser('customer');
    // Signed in first: its page is not kept for the guest who follows.
    const signedIn = await guest('/', customer.cookie);
    expect(status(signedIn)).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(status(await guest('/'))).toBe('miss');
    // A warm cache does not answer it either, nor the refresh cookie alone, nor a fresh D1 bookmark.
    expect(status(await guest('/'))).toBe('hit');
    for (const cookie of [customer.cookie, `${REFRESH_COOKIE}=x`, 'gi_d1b=abc-123'])
      expect(status(await guest('/', cookie)), cookie).toBeNull();
    expect(status(await guest('/api/settings', customer.cookie))).toBeNull();
  });

  it('never caches the cart, the account, the admin, a private API answer or a write', async () => {
    const [product] = await insertProducts([250_000]);
    const cart = `gi_cart=${product?.id}~${product?.variantId}:1`;
    for (const [path, cookie] of [
      ['/cart', cart],
      ['/cart', undefined],
      ['/account/orders', undefined],
      ['/admin', undefined],
      ['/orders/abc', undefined],
      ['/api/auth/session', undefined],
      ['/api/orders/mine', undefined],
    ] as const) {
      await guest(path, cookie);
      const again = await guest(path, cookie);
      expect(status(again), path).toBeNull();
    }
    const cartPage = await guest('/cart', cart);
    expect(cartPage.headers.get('cache-control')).toBe('private, no-cache');
    const post = await call('/api/contact', { method: 'POST', json: {} });
    expect(status(post)).toBeNull();
  });

  it('never stores an answer that sets a cookie, nor one that is not a success', async () => {
    let renders = 0;
    const probe = new Hono<AppEnv>()
      .use(d1Session())
      .use(edgeCache())
      .route(
        '/api',
        createRouter().openapi(
          defineEndpoint({
            method: 'get',
            path: '/settings',
            tags: ['Uji'],
            summary: 'Hitungan',
            policy: SHARED_READ,
            responses: { 200: jsonAnswer(z.object({ renders: z.number() }), 'Hitungan') },
          }),
          (c) => {
            renders += 1;
            setCookie(c, 'gi_probe', String(renders));
            return c.json({ renders }, 200);
          },
        ),
      );
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const res = await probe.fetch(shopRequest('/api/settings', {}), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(status(res)).toBe('miss');
    }
    expect(renders).toBe(2);

    expect(status(await guest('/product/tidak-ada'))).toBe('miss');
    expect(status(await guest('/product/tidak-ada'))).toBe('miss');
  });
});
