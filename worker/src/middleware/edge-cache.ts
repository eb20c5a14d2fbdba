import { matchPageRoute } from '@gi/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { endpointPolicy } from '../api/policy.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';
import { getDb } from '../db/client.ts';
import { cacheVersion } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { BOOKMARK_COOKIE } from './d1-session.ts';

/**
 * The edge cache (docs/decisions/021-edge-cache.md): what a guest gets from the storefront
 * (its pages and public GET API) is the same for every guest, so the Workers Cache API of
 * the data centre keeps it and the next guest gets it without a render or the page's reads.
 * - Shared: a GET for a storefront page, an endpoint declared `cache: 'shared'` (api/policy.ts)
 *   or the sitemap, from a browser
 *   without a session (access or refresh cookie) and without a D1 bookmark (it just wrote
 *   something and must read it back). Everything else passes by, never read nor stored.
 * - Stored: only a 200 without Set-Cookie.
 * - Fresh: the key holds the deployment's version and `cache_version.token`, which triggers
 *   redraw in the statement of every write a guest could see (migration 0018). Each shared
 *   request reads that token (one row, any replica) in its own D1 session, so a miss renders
 *   from data at least as new as the key it is stored under.
 */
const SHARED_FILE = /^\/(?:robots\.txt|sitemap(?:-[a-z]+-?\d*)?\.xml)$/;

/** How long the cache keeps an answer: its key changes with any write, so only a remote's deploy ages a page. */
const PAGE_TTL_SECONDS = 300;
const API_TTL_SECONDS = 86_400;

/** What the browser gets: it may keep the answer but asks again each time, so a change shows at once. */
const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export const CACHE_STATUS_HEADER = 'x-cache';

function shared(c: Context<AppEnv>): 'page' | 'api' | null {
  if (c.req.method !== 'GET') return null;
  if ([ACCESS_COOKIE, REFRESH_COOKIE, BOOKMARK_COOKIE].some((name) => getCookie(c, name) !== undefined))
    return null;
  // An endpoint says so in its definition (api/endpoint.ts); an API path without one is not shared.
  const policy = endpointPolicy(c);
  if (policy) return policy.cache === 'shared' ? 'api' : null;
  const path = c.req.path;
  if (SHARED_FILE.test(path)) return 'api';
  // The storefront's pages; the cart's and the admin's show one visitor's own state.
  return matchPageRoute(path)?.route.remote === 'shop' ? 'page' : null;
}

async function cacheKey(c: Context<AppEnv>): Promise<Request> {
  const row = await getDb(c.env.DB).select({ token: cacheVersion.token }).from(cacheVersion).get();
  const url = new URL(c.req.url);
  return new Request(
    `${url.origin}/__edge/${c.env.CF_VERSION_METADATA.id}.${row?.token ?? ''}${url.pathname}${url.search}`,
  );
}

// The stored copy's Cache-Control sets the cache's time; the browser's own waits under this name.
const BROWSER_CACHE_CONTROL_HEADER = 'x-browser-cache-control';

export function edgeCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const kind = shared(c);
    if (!kind) return next();
    const cache = caches.default;
    const key = await cacheKey(c);
    const hit = await cache.match(key);
    if (hit) {
      const res = new Response(hit.body, hit);
      res.headers.set(
        'cache-control',
        res.headers.get(BROWSER_CACHE_CONTROL_HEADER) ?? BROWSER_CACHE_CONTROL,
      );
      res.headers.delete(BROWSER_CACHE_CONTROL_HEADER);
      res.headers.set('x-request-id', c.get('requestId'));
      res.headers.set(CACHE_STATUS_HEADER, 'hit');
      return res;
    }
    await next();
    const res = new Response(c.res.body, c.res);
    res.headers.set(CACHE_STATUS_HEADER, 'miss');
    const noStore = /\bno-store\b/.test(res.headers.get('cache-control') ?? '');
    if (res.status === 200 && !res.headers.has('set-cookie') && !noStore) {
      // The sitemap keeps its own hour for crawlers; a page's `private` is for the signed-in only.
      if (!/\bpublic\b/.test(res.headers.get('cache-control') ?? ''))
        res.headers.set('cache-control', BROWSER_CACHE_CONTROL);
      const stored = res.clone();
      stored.headers.delete('x-request-id');
      stored.headers.set(BROWSER_CACHE_CONTROL_HEADER, res.headers.get('cache-control') ?? '');
      stored.headers.set(
        'cache-control',
        `public, max-age=${kind === 'page' ? PAGE_TTL_SECONDS : API_TTL_SECONDS}`,
      );
      c.executionCtx.waitUntil(cache.put(key, stored));
    }
    // Replaced, not merged: Hono's setter would copy the old headers (its Cache-Control) back over.
    c.res = undefined;
    c.res = res;
  };
}
