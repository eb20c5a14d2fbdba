import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, shopRequest } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';
import app from '../index.ts';
import { BOOKMARK_COOKIE } from './d1-session.ts';

/** The Worker with a D1 binding that records how each request opens its session. */
async function fetchRecording(path: string, init: Parameters<typeof shopRequest>[1] = {}) {
  const sessions: string[] = [];
  let queriesOutsideSession = 0;
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (constraint: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      }
      if (prop === 'prepare' || prop === 'batch') queriesOutsideSession += 1;
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), { ...env, DB }, ctx);
  await waitOnExecutionContext(ctx);
  const bookmark = res.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(BOOKMARK_COOKIE.length + 1);
  return { res, sessions, queriesOutsideSession, bookmark };
}

describe('D1 sessions (read replication)', () => {
  it('a storefront read starts anywhere, runs every query in the session and sets no cookie', async () => {
    const [product] = await insertProducts([120_000]);
    for (const path of ['/api/products?pageSize=10', `/api/products/${product?.id}`, '/sitemap.xml']) {
      const { res, sessions, queriesOutsideSession, bookmark } = await fetchRecording(path);
      expect(res.status, path).toBe(200);
      expect(sessions, path).toEqual(['first-unconstrained']);
      expect(queriesOutsideSession, path).toBe(0);
      expect(bookmark, path).toBeUndefined();
    }
  });

  it('a write starts on the primary and hands back the bookmark, which the next read starts from', async () => {
    const admin = await createUser('admin');
    const write = await fetchRecording('/api/admin/customer-service', {
      method: 'POST',
      cookie: admin.cookie,
      json: { title: 'Pertanyaan stok', description: 'Kapan stok kembali?' },
    });
    expect(write.res.status).toBe(201);
    expect(write.sessions).toEqual(['first-primary']);
    expect(write.queriesOutsideSession).toBe(0);
    expect(write.bookmark).toMatch(/^[0-9a-f-]+$/i);
    const line = write.res.headers.getSetCookie().find((l) => l.startsWith(BOOKMARK_COOKIE)) ?? '';
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', 'Max-Age=300']) {
      expect(line).toContain(attribute);
    }

    const read = await fetchRecording('/api/products?pageSize=10', {
      cookie: `${BOOKMARK_COOKIE}=${write.bookmark}`,
    });
    expect(read.res.status).toBe(200);
    expect(read.sessions).toEqual([write.bookmark]);
  });

  it('the admin, a customer’s orders and sign-in read from the primary, and a forged bookmark is ignored', async () => {
    const admin = await createUser('admin');
    for (const path of [
      '/api/admin/orders',
      '/api/orders',
      '/api/auth/session',
      '/account/orders',
      '/admin',
    ]) {
      const { res, sessions } = await fetchRecording(path, {
        cookie: `${admin.cookie}; ${BOOKMARK_COOKIE}=x`,
      });
      expect(res.status, path).toBeLessThan(400);
      expect(sessions, path).toEqual(['first-primary']);
    }
    // The primary's newer bookmark replaces the one the browser carried (the pages above read
    // nothing from D1 now that they carry no session: they have no newer one to give).
    for (const path of ['/api/admin/orders', '/api/orders', '/api/auth/session']) {
      const { bookmark } = await fetchRecording(path, { cookie: `${admin.cookie}; ${BOOKMARK_COOKIE}=x` });
      expect(bookmark, path).toMatch(/^[0-9a-f-]+$/i);
    }
    // A guest reading there gets none: every page asks for the session, and the cookie would keep
    // the guest's next pages from the edge cache.
    const [product] = await insertProducts([120_000]);
    const cart = `gi_cart=${product?.id}~${product?.variantId}:1`;
    for (const path of ['/api/auth/session', '/cart']) {
      const guest = await fetchRecording(path, { cookie: cart });
      expect(guest.sessions, path).toEqual(['first-primary']);
      expect(guest.bookmark, path).toBeUndefined();
    }
    const forged = await fetchRecording('/api/products', { cookie: `${BOOKMARK_COOKIE}=zz'; DROP` });
    expect(forged.res.status).toBe(200);
    expect(forged.sessions).toEqual(['first-unconstrained']);
  });

  it('a page and the API answers it inlines share one session', async () => {
    const [product] = await insertProducts([80_000]);
    const { res, sessions, queriesOutsideSession } = await fetchRecording(`/product/${product?.id}`);
    expect(res.status).toBe(200);
    expect(sessions).toEqual(['first-unconstrained']);
    expect(queriesOutsideSession).toBe(0);
  });
});
