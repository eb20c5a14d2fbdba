import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';

/**
 * Who may call an endpoint. A webhook is called by a provider's server and proves itself
 * inside its handler (the gateway's signature, decision 026), so it passes this guard.
 */
export type Access = 'public' | 'customer' | 'admin' | 'webhook';

/**
 * Whether an answer may be shared: 'shared' is the same for every guest (GET only), so the
 * edge cache keeps it (middleware/edge-cache.ts); 'private' is one visitor's, `no-store`.
 */
export type CachePolicy = 'private' | 'shared';

/**
 * Where the request's D1 session starts (middleware/d1-session.ts): any replica, or one at
 * least as new as the visitor's bookmark; or the primary. A write always starts there.
 */
export type D1Start = 'replica' | 'primary';

export interface Policy {
  access: Access;
  cache: CachePolicy;
  d1: D1Start;
  /** A shared answer the browser may also keep this long (it changes only with a deploy). */
  browserMaxAge?: number;
  /** The body is a file: its route sets its own size limit instead of the JSON one. */
  upload?: true;
}

const pass: MiddlewareHandler<AppEnv> = (_c, next) => next();
const guards: Record<Access, MiddlewareHandler<AppEnv>> = {
  public: pass,
  webhook: pass,
  customer: requireUser,
  admin: requireAdmin,
};

/** Each endpoint's guard, by its handler: the app's middleware find the policy before it runs. */
const policies = new WeakMap<object, Policy>();

/** The first handler of an endpoint: checks its access, and carries its policy. */
export function policyGuard(policy: Policy): MiddlewareHandler<AppEnv> {
  const guard = guards[policy.access];
  const handler: MiddlewareHandler<AppEnv> = (c, next) => guard(c, next);
  policies.set(handler, policy);
  return handler;
}

/** The policy a route's handler carries (the access test enumerates them through `app.routes`). */
export function handlerPolicy(handler: unknown): Policy | null {
  return (typeof handler === 'function' && policies.get(handler)) || null;
}

/**
 * The policy of the endpoint that will answer this request, or null (a page, a file, no
 * endpoint). The first matched endpoint answers, as Hono's router runs them in order.
 */
export function endpointPolicy(c: Context): Policy | null {
  for (const route of matchedRoutes(c)) {
    const policy = handlerPolicy(route.handler);
    if (policy) return policy;
  }
  return null;
}

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

function cacheControl(policy: Policy, status: number): string | null {
  if (policy.cache === 'private') return 'no-store';
  return policy.browserMaxAge && status === 200 ? `public, max-age=${policy.browserMaxAge}` : null;
}

/** The policies most endpoints have. */
export const SHARED_READ: Policy = { access: 'public', cache: 'shared', d1: 'replica' };
export const CUSTOMER: Policy = { access: 'customer', cache: 'private', d1: 'primary' };
export const ADMIN: Policy = { access: 'admin', cache: 'private', d1: 'primary' };
