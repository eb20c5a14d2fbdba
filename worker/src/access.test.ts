import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../test/helpers.ts';
import app from './index.ts';

// Every API route is admin-only unless listed here, so a new route that forgets
// its guard fails this file instead of shipping open.
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/auth/session',
  'GET /api/auth/email/confirm',
  'GET /api/auth/login/link',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'GET /api/products',
  'GET /api/products/sizes',
  'GET /api/products/:id',
  'GET /api/products/notes',
  'GET /api/products/:id/related',
  'GET /api/collections',
  'GET /api/collections/:slug',
  'POST /api/contact',
  'GET /api/content/faq',
  'GET /api/content/policies/:kind',
  'GET /api/settings',
  'GET /api/settings/payment',
  'GET /api/areas/provinces',
  'GET /api/areas/provinces/:code/regencies',
  'GET /api/areas/regencies/:code/districts',
  'GET /api/shipping',
  'POST /api/shipping/quote',
  // Server to server: the gateway's signature is its credential (decision 026).
  'POST /api/payments/midtrans/notification',
]);
// Signed-in customers, not only admins.
const CUSTOMER = new Set([
  'PATCH /api/auth/profile',
  'POST /api/auth/password/change',
  'POST /api/orders',
  'GET /api/orders/mine',
  'GET /api/orders',
  'GET /api/orders/:id',
  'POST /api/orders/:id/cancel',
  'POST /api/orders/:id/receipt',
  'GET /api/orders/:id/receipt',
  'POST /api/orders/:id/payment-method',
  'GET /api/addresses',
  'POST /api/addresses',
  'PUT /api/addresses/:id',
  'DELETE /api/addresses/:id',
]);

const apiRoutes = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

function request(route: string) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'kind' ? 'privacy-policy' : 'tidak-ada',
  );
  return { method, url, json: method === 'GET' || method === 'DELETE' ? undefined : {} };
}

describe('route guards', () => {
  it('the route table is what this file expects to guard', () => {
    expect(apiRoutes).toContain('GET /api/health');
    expect(apiRoutes.length).toBeGreaterThan(PUBLIC.size / 2);
  });

  it('a guest gets 401 on every route that is not public', async () => {
    for (const route of apiRoutes.filter((r) => !PUBLIC.has(r))) {
      const { method, url, json } = request(route);
      const res = await call(url, { method, json });
      expect(res.status, route).toBe(401);
    }
  });

  it('a customer gets 403 on every admin route', async () => {
    const customer = await createUser('customer');
    for (const route of apiRoutes.filter((r) => !PUBLIC.has(r) && !CUSTOMER.has(r))) {
      const { method, url, json } = request(route);
      const res = await call(url, { method, json, cookie: customer.cookie });
      expect(res.status, route).toBe(403);
    }
  });

  it('a customer passes the guard of customer routes', async () => {
    const customer = await createUser('customer');
    for (const route of apiRoutes.filter((r) => CUSTOMER.has(r))) {
      const { method, url, json } = request(route);
      const res = await call(url, { method, json, cookie: customer.cookie });
      expect([401, 403], route).not.toContain(res.status);
    }
  });

  it('a demoted admin loses admin access at the next request', async () => {
    const admin = await createUser('admin');
    const adminRoute = apiRoutes.find((r) => r.startsWith('GET ') && !PUBLIC.has(r) && !CUSTOMER.has(r));
    expect(adminRoute, 'an admin GET route exists').toBeDefined();
    const { url } = request(adminRoute as string);
    expect((await call(url, { cookie: admin.cookie })).status).not.toBe(403);
    await env.DB.prepare("UPDATE profiles SET role = 'customer' WHERE id = ?").bind(admin.id).run();
    expect((await call(url, { cookie: admin.cookie })).status).toBe(403);
  });
});
