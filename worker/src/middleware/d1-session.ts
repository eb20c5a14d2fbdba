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

/** Pages, and the endpoints not yet declared with a policy (api/endpoint.ts). */
const PRIMARY_PATHS =
  /^\/(?:api\/(?:auth|orders|addresses|admin)|account|orders|admin|manage-|cart)(?:[/-]|$)/;

/** D1 bookmarks are short tokens of hex digits and dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i;

/**
 * Bindings already bound to a session, used as they are by a request that re-enters the app
 * with its env. Pages did for their reads; since reads.ts calls the API's functions none does.
 */
const sessionBindings = new WeakSet<D1Database>();

/** The session as a D1Database for drizzle and the queries, which use only prepare and batch. */
function sessionBinding(db: D1Database, session: D1DatabaseSession): D1Database {
  const binding: D1Database = Object.assign(Object.create(db), {
    prepare: session.prepare.bind(session),
    batch: session.batch.bind(session),
  });
  sessionBindings.add(binding);
  return binding;
}

export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (sessionBindings.has(c.env.DB)) return next();
    const write = !['GET', 'HEAD'].includes(c.req.method);
    const policy = endpointPolicy(c);
    const primary = write || (policy ? policy.d1 === 'primary' : PRIMARY_PATHS.test(c.req.path));
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
