import { matchPageRoute } from '@gi/contracts';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { endpointPolicy } from '../api/policy.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';
import type { AppEnv } from '../env.ts';

/**
 * D1 read replication through the Sessions API (docs/decisions/019-scale.md): every request
 * runs its queries in one D1 session, so what it reads is sequentially consistent.
 * - Writes, sign-in, checkout, a customer's orders and addresses, and the admin start on the
 *   primary ('first-primary') and hand the session's bookmark back in a cookie, to a writer or a
 *   signed-in user (a guest's reads there need no bookmark).
 * - Storefront reads may start on any replica ('first-unconstrained'), or on one at least as
 *   new as the bookmark the browser carries, so a shopper sees their own writes (an order's
 *   stock taken, an admin's product change). They set no cookie: a guest's answer stays shareable.
 * Locally (one database) the same calls run and wrangler's D1 returns bookmarks too.
 */
export const BOOKMARK_COOKIE = 'gi_d1b';

/**
 * A page's session: the storefront's pages are the same for every guest (any replica); the
 * cart's and the admin's show one visitor's own state (the primary). The route table says which.
 */
function pageReadsPrimary(path: string): boolean {
  const route = matchPageRoute(path)?.route;
  return route !== undefined && route.remote !== 'shop';
}

/** D1 bookmarks are short tokens of hex digits and dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i;

/** The session as a D1Database for drizzle and the queries, which use only prepare and batch. */
function sessionBinding(db: D1Database, session: D1DatabaseSession): D1Database {
  return Object.assign(Object.create(db), {
    prepare: session.prepare.bind(session),
    batch: session.batch.bind(session),
  });
}

export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const write = !['GET', 'HEAD'].includes(c.req.method);
    const policy = endpointPolicy(c);
    // An endpoint declares its own (api/endpoint.ts); anything else is a page or a file.
    const primary = write || (policy ? policy.d1 === 'primary' : pageReadsPrimary(c.req.path));
    const carried = getCookie(c, BOOKMARK_COOKIE);
    const session = c.env.DB.withSession(
      primary ? 'first-primary' : carried && BOOKMARK.test(carried) ? carried : 'first-unconstrained',
    );
    c.env = { ...c.env, DB: sessionBinding(c.env.DB, session) };
    await next();
    const bookmark = session.getBookmark();
    // A guest who only read (the session call every page makes, the cart) gets none: the
    // cookie would keep their storefront from the edge cache (middleware/edge-cache.ts).
    const signedIn = getCookie(c, ACCESS_COOKIE) !== undefined || getCookie(c, REFRESH_COOKIE) !== undefined;
    if (primary && (write || signedIn) && bookmark && bookmark !== carried) {
      // Short-lived: replicas catch up within seconds; after that any replica is new enough.
      setCookie(c, BOOKMARK_COOKIE, bookmark, {
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 300,
      });
    }
  };
}
