import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { EndpointPolicy } from '@gi/contracts/endpoints/define';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, shopRequest } from '../../test/helpers.ts';
import type { AppEnv } from '../env.ts';
import { handleError } from '../lib/errors.ts';
import { d1Session } from '../middleware/d1-session.ts';
import { CACHE_STATUS_HEADER, edgeCache } from '../middleware/edge-cache.ts';
import { session } from '../middleware/session.ts';
import { createRouter, defineEndpoint } from './endpoint.ts';
import { cacheHeaders } from './policy.ts';

const answer = {
  200: { description: 'ok', content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } } },
};
const endpoint = (path: `/${string}`, policy: EndpointPolicy, method: 'get' | 'post' = 'get') =>
  defineEndpoint({ method, path, tags: ['Uji'], summary: path, policy, responses: answer });

const declared = {
  shared: endpoint('/shared', { access: 'public', cache: 'shared', d1: 'replica', browserMaxAge: 60 }),
  guestPrivate: endpoint('/guest-private', { access: 'public', cache: 'private', d1: 'replica' }),
  customer: endpoint('/customer', { access: 'customer', cache: 'private', d1: 'primary' }),
  admin: endpoint('/admin', { access: 'admin', permission: 'orders', cache: 'private', d1: 'primary' }),
  webhook: endpoint('/webhook', { access: 'webhook', cache: 'private', d1: 'primary' }, 'post'),
};

const router = createRouter()
  .openapi(declared.shared, (c) => c.json({ ok: true }, 200))
  .openapi(declared.guestPrivate, (c) => c.json({ ok: true }, 200))
  .openapi(declared.customer, (c) => c.json({ ok: true }, 200))
  .openapi(declared.admin, (c) => c.json({ ok: true }, 200))
  .openapi(declared.webhook, (c) => c.json({ ok: true }, 200))
  // Answers its documentation does not describe: a wrong body, an undocumented status, a bare error.
  .openapi(endpoint('/drifted', { access: 'public', cache: 'private', d1: 'replica' }), (c) =>
    c.json({ ok: 'ya' } as unknown as { ok: boolean }, 200),
  )
  .openapi(endpoint('/undocumented', { access: 'public', cache: 'private', d1: 'replica' }), (c) =>
    c.json({ ok: true }, 201 as 200),
  )
  .openapi(endpoint('/bare-error', { access: 'public', cache: 'private', d1: 'replica' }), (c) =>
    c.json({ message: 'gagal' } as unknown as { ok: boolean }, 409 as 200),
  );
const testApp = new Hono<AppEnv>()
  .use(requestId())
  .use(d1Session())
  .use(edgeCache())
  .use('/api/*', cacheHeaders())
  .use('/api/*', session())
  .route('/api', router);
testApp.onError(handleError);

/** The test app with a D1 binding that records how each request opens its session. */
async function fetchRecording(path: string, init: Parameters<typeof shopRequest>[1] = {}) {
  const sessions: string[] = [];
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession')
        return (constraint: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const ctx = createExecutionContext();
  const res = await testApp.fetch(shopRequest(path, init), { ...env, DB }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, session: sessions[0], cache: res.headers.get(CACHE_STATUS_HEADER) };
}

describe('the policy a definition declares is the one the middleware apply', () => {
  it("shared: a guest's answer from a replica, kept by the edge and the browser for its time", async () => {
    const first = await fetchRecording('/api/shared');
    expect([first.res.status, first.session, first.cache]).toEqual([200, 'first-unconstrained', 'miss']);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=60');
    const second = await fetchRecording('/api/shared');
    expect([second.res.status, second.cache]).toEqual([200, 'hit']);
    expect(await second.res.json()).toEqual({ ok: true });
  });

  it('a public but private answer: from a replica, never kept', async () => {
    for (let i = 0; i < 2; i++) {
      const { res, session, cache } = await fetchRecording('/api/guest-private');
      expect([res.status, session, cache]).toEqual([200, 'first-unconstrained', null]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('customer: a guest gets 401, a customer the answer from the primary, never kept', async () => {
    const guest = await fetchRecording('/api/customer');
    expect([guest.res.status, guest.session]).toEqual([401, 'first-primary']);
    expect(guest.res.headers.get('cache-control')).toBe('no-store');
    const customer = await createUser('customer');
    const { res, session, cache } = await fetchRecording('/api/customer', { cookie: customer.cookie });
    expect([res.status, session, cache]).toEqual([200, 'first-primary', null]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('admin: a customer gets 403, an admin the answer', async () => {
    const customer = await createUser('customer');
    expect((await fetchRecording('/api/admin', { cookie: customer.cookie })).res.status).toBe(403);
    const admin = await createUser('admin');
    const { res, session } = await fetchRecording('/api/admin', { cookie: admin.cookie });
    expect([res.status, session]).toEqual([200, 'first-primary']);
  });

  it('webhook: no session needed (its handler checks the signature), answered from the primary', async () => {
    const { res, session } = await fetchRecording('/api/webhook', { method: 'POST', json: {} });
    expect([res.status, session]).toEqual([200, 'first-primary']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a definition whose policies contradict each other', () => {
    const shared = { access: 'public', cache: 'shared', d1: 'replica' } as const;
    expect(() => endpoint('/x', shared, 'post')).toThrow('only a public read may be shared');
    expect(() => endpoint('/x', { ...shared, access: 'customer' })).toThrow(
      'only a public read may be shared',
    );
    expect(() => endpoint('/x', { ...shared, cache: 'private' }, 'post')).toThrow(
      'a write reads the primary',
    );
  });

  it('in the tests, an answer its documentation does not describe becomes a 500 naming the difference', async () => {
    for (const path of ['/api/drifted', '/api/undocumented', '/api/bare-error']) {
      const { res } = await fetchRecording(path);
      expect(res.status, path).toBe(500);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe(
        'undocumented_answer',
      );
    }
  });
});
