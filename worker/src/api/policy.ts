import type { Access, EndpointPolicy } from '@gi/contracts/endpoints/define';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env.ts';
import { requireOrderOwner } from '../middleware/order-owner.ts';
import { requirePermission, requireUser } from '../middleware/session.ts';
import { requireTwoFactorSetUp } from '../middleware/two-factor-gate.ts';

const pass: MiddlewareHandler<AppEnv> = (_c, next) => next();
const guards: Record<Exclude<Access, 'admin'>, MiddlewareHandler<AppEnv>> = {
  public: pass,
  webhook: pass,
  customer: requireUser,
  owner: requireOrderOwner({ admins: true }),
  buyer: requireOrderOwner({ admins: false }),
};

/** Each endpoint's guard, by its handler: the app's middleware find the policy before it runs. */
const policies = new WeakMap<object, EndpointPolicy>();

/**
 * The first handler of an endpoint: checks its access (a staff one: its permission; and, past it, that a staff account the
 * environment holds to two-factor has it, unless the endpoint is how it sets it up), and carries its policy.
 */
export function policyGuard(policy: EndpointPolicy): MiddlewareHandler<AppEnv> {
  const guard = policy.access === 'admin' ? requirePermission(policy.permission) : guards[policy.access];
  // A handler of its own per endpoint, even where it only calls the guard: it carries the policy.
  const handler: MiddlewareHandler<AppEnv> = policy.beforeTwoFactor
    ? (c, next) => guard(c, next)
    : (c, next) =>
        guard(c, async () => {
          await requireTwoFactorSetUp(c);
          await next();
        });
  policies.set(handler, policy);
  return handler;
}

/** The policy a route's handler carries (the access test enumerates them through `app.routes`). */
export function handlerPolicy(handler: unknown): EndpointPolicy | null {
  return (typeof handler === 'function' && policies.get(handler)) || null;
}

/**
 * The policy of the endpoint that will answer this request, or null (a page, a file, no
 * endpoint). The first matched endpoint answers, as Hono's router runs them in order.
 */
export function endpointPolicy(c: Context): EndpointPolicy | null {
  let policy = found.get(c);
  if (policy === undefined) {
    policy = null;
    for (const route of matchedRoutes(c)) {
      policy = handlerPolicy(route.handler);
      if (policy) break;
    }
    found.set(c, policy);
  }
  return policy;
}

/** Each request's policy, found once for the middleware that read it (D1 session, body limit, caches). */
const found = new WeakMap<Context, EndpointPolicy | null>();

/**
 * Cache-Control of an endpoint's answer, errors included; the edge cache adds its own to what
 * it shares. Only a success is kept by the browser: a 404 may be a page about to be written.
 * A path no endpoint answers gets `no-store` too.
 */
export function cacheHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const policy = endpointPolicy(c);
    const header = policy ? cacheControl(policy, c.res.status) : 'no-store';
    if (header) c.res.headers.set('Cache-Control', header);
  };
}

function cacheControl(policy: EndpointPolicy, status: number): string | null {
  if (policy.cache === 'private') return 'no-store';
  return policy.browserMaxAge && status === 200 ? `public, max-age=${policy.browserMaxAge}` : null;
}
