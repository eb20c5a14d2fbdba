import { env } from 'cloudflare:test';
import { can, ORDER_NOT_FOUND, type Permission, type Role, staffRoles } from '@gi/contracts';
import type { Access, EndpointPolicy } from '@gi/contracts/endpoints/define';
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

/** The policy each declared endpoint's guard carries. */
const policies = new Map<string, EndpointPolicy>(
  app.routes.flatMap((r) => {
    const policy = handlerPolicy(r.handler);
    return policy ? [[`${r.method} ${r.path}`, policy] as const] : [];
  }),
);
const declared = new Map<string, Access>([...policies].map(([route, policy]) => [route, policy.access]));

// An undeclared route is taken for an admin's: its test below fails unless it is guarded as one.
const access = (route: string): Access => declared.get(route) ?? 'admin';
/** A staff route's permission (decision 052); the type makes every one declare it. */
const permission = (route: string): Permission => {
  const policy = policies.get(route);
  if (policy?.access !== 'admin') throw new Error(`${route} is not a staff route`);
  return policy.permission;
};
// A webhook proves itself inside its handler (the provider's signature): no session to check.
const PUBLIC = new Set(apiRoutes.filter((r) => ['public', 'webhook'].includes(access(r))));
const CUSTOMER = new Set(apiRoutes.filter((r) => access(r) === 'customer'));
// An order's routes (`/orders/:id…`): its buyer's, and for 'owner' an admin's too.
const OWNED = new Set(apiRoutes.filter((r) => ['owner', 'buyer'].includes(access(r))));
const ADMIN = new Set(apiRoutes.filter((r) => access(r) === 'admin'));

function request(route: string, id = 'tidak-ada') {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/:(\w+)/g, (_, name: string) => (name === 'kind' ? 'privacy-policy' : id));
  return { method, url, json: method === 'GET' || method === 'DELETE' ? undefined : {} };
}

describe('route guards', () => {
  it('the route table is what this file expects to guard', () => {
    expect(apiRoutes).toContain('GET /api/health');
    expect(apiRoutes.length).toBeGreaterThan(PUBLIC.size / 2);
    expect(declared.get('GET /api/areas/provinces')).toBe('public');
    expect(declared.get('GET /api/orders/:id')).toBe('owner');
    expect(declared.get('POST /api/orders/:id/received')).toBe('buyer');
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

  it("every staff route × every role: allowed by the role's permissions, else 403", async () => {
    const roles: Role[] = ['customer', ...staffRoles];
    const users = await Promise.all(roles.map((role) => createUser(role)));
    const outcomes: string[] = [];
    for (const route of [...ADMIN].sort()) {
      const { method, url, json } = request(route);
      for (const [index, role] of roles.entries()) {
        const res = await call(url, { method, json, cookie: users[index]?.cookie });
        const allowed = ![401, 403].includes(res.status);
        expect(allowed, `${role} ${route} (${permission(route)}): ${res.status}`).toBe(
          can(role, permission(route)),
        );
        if (allowed) outcomes.push(`${role} ${route}`);
      }
    }
    // The table, each clause by name: the matrix above follows rolePermissions, this
    // holds rolePermissions to the issue (owner everything; admin all but staff and payment
    // settings; order handler orders and shipping, no settings, prices or staff; content editor
    // pages and products without prices or stock).
    expect(outcomes).toContain('owner GET /api/admin/settings/payment');
    expect(outcomes).toContain('owner GET /api/admin/staff');
    expect(outcomes).toContain('admin PUT /api/admin/shipping');
    expect(outcomes).toContain('admin POST /api/admin/vouchers');
    expect(outcomes).not.toContain('admin GET /api/admin/settings/payment');
    expect(outcomes).not.toContain('admin GET /api/admin/staff');
    expect(outcomes).toContain('order_handler GET /api/admin/orders');
    expect(outcomes).toContain('order_handler POST /api/admin/orders/:id/shipment');
    expect(outcomes).not.toContain('order_handler GET /api/admin/settings/payment');
    expect(outcomes).not.toContain('order_handler PUT /api/admin/shipping');
    expect(outcomes).not.toContain('order_handler PUT /api/products/:id');
    expect(outcomes).not.toContain('order_handler POST /api/admin/vouchers');
    expect(outcomes).not.toContain('order_handler GET /api/admin/staff');
    expect(outcomes).toContain('content_editor PUT /api/products/:id');
    expect(outcomes).toContain('content_editor PUT /api/content/policies/:kind');
    expect(outcomes).not.toContain('content_editor GET /api/admin/orders');
    expect(outcomes).not.toContain('content_editor POST /api/admin/vouchers');
    expect(outcomes).not.toContain('content_editor GET /api/admin/stock');
    expect(outcomes).not.toContain('content_editor PUT /api/admin/shipping');
    expect(outcomes).not.toContain('content_editor GET /api/admin/staff');
  }, 180_000);

  // Public routes have no guard to pass (a logout among them would end the session being tested).
  it('every staff role passes the guard of customer routes', async () => {
    for (const role of staffRoles) {
      const member = await createUser(role);
      for (const route of apiRoutes.filter((r) => CUSTOMER.has(r))) {
        const { method, url, json } = request(route);
        const res = await call(url, { method, json, cookie: member.cookie });
        expect([401, 403], `${role} ${route}`).not.toContain(res.status);
      }
    }
  }, 120_000);

  it('a customer passes the guard of customer routes', async () => {
    const customer = await createUser('customer');
    for (const route of apiRoutes.filter((r) => CUSTOMER.has(r))) {
      const { method, url, json } = request(route);
      const res = await call(url, { method, json, cookie: customer.cookie });
      expect([401, 403], route).not.toContain(res.status);
    }
  });

  it("an order's routes answer anyone but its owner as if it did not exist; admins pass 'owner'", async () => {
    const [owner, stranger, admin] = [
      await createUser('customer'),
      await createUser('customer'),
      await createUser('admin'),
    ];
    const orderId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount) VALUES (?, ?, 'Siti', 'siti@contoh.id', 'Jl. Melati', 250000)",
    )
      .bind(orderId, owner.id)
      .run();
    const missing = { error: { code: 'not_found', message: ORDER_NOT_FOUND } };
    const answer = async (route: string, cookie: string, id = orderId) => {
      const { method, url, json } = request(route, id);
      const res = await call(url, { method, json, cookie });
      const body = res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : null;
      return { status: res.status, body };
    };
    for (const route of OWNED) {
      expect(await answer(route, stranger.cookie), route).toEqual({ status: 404, body: missing });
      expect(await answer(route, owner.cookie, 'tidak-ada'), route).toEqual({ status: 404, body: missing });
      const theirs = await answer(route, owner.cookie);
      expect(theirs.body, route).not.toEqual(missing);
      expect([401, 403], route).not.toContain(theirs.status);
      const staff = await answer(route, admin.cookie);
      if (access(route) === 'buyer') expect(staff, route).toEqual({ status: 404, body: missing });
      else expect(staff.body, route).not.toEqual(missing);
    }
    expect([...OWNED].sort()).toEqual([
      'GET /api/orders/:id',
      'GET /api/orders/:id/invoice.pdf',
      'GET /api/orders/:id/receipt',
      'POST /api/orders/:id/cancel',
      'POST /api/orders/:id/payment-method',
      'POST /api/orders/:id/receipt',
      'POST /api/orders/:id/received',
    ]);
  });

  it('a demoted admin loses admin access at the next request', async () => {
    const admin = await createUser('owner');
    const adminRoute = apiRoutes.find((r) => r.startsWith('GET ') && ADMIN.has(r));
    expect(adminRoute, 'an admin GET route exists').toBeDefined();
    const { url } = request(adminRoute as string);
    expect((await call(url, { cookie: admin.cookie })).status).not.toBe(403);
    await env.DB.prepare("UPDATE profiles SET role = 'customer' WHERE id = ?").bind(admin.id).run();
    expect((await call(url, { cookie: admin.cookie })).status).toBe(403);
  });
});
