import { env } from 'cloudflare:test';
import type { Access } from '@gi/contracts/endpoints/define';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../test/helpers.ts';
import { handlerPolicy } from './api/policy.ts';
import app from './index.ts';

const apiRoutes = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

/** The access each declared endpoint's guard carries. */
const declared = new Map<string, Access>(
  app.routes.flatMap((r) => {
    const policy = handlerPolicy(r.handler);
    return policy ? [[`${r.method} ${r.path}`, policy.access] as const] : [];
  }),
);

// An undeclared route is taken for an admin's: its test below fails unless it is guarded as one.
const access = (route: string): Access => declared.get(route) ?? 'admin';
// A webhook proves itself inside its handler (the provider's signature): no session to check.
const PUBLIC = new Set(apiRoutes.filter((r) => ['public', 'webhook'].includes(access(r))));
const CUSTOMER = new Set(apiRoutes.filter((r) => access(r) === 'customer'));

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
    expect(declared.get('GET /api/areas/provinces')).toBe('public');
    // Every endpoint is declared (api/endpoint.ts): its access, caching and D1 session with it.
    expect(apiRoutes.filter((route) => !declared.has(route))).toEqual([]);
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
