import { can, NOT_SIGNED_IN, type Permission, TOKEN_EXPIRED } from '@gi/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';
import { liveSessionRole } from '../auth/sessions.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { getDb } from '../db/client.ts';
import type { AppEnv, AuthState } from '../env.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Reads the access cookie's verified claims into `c.var.claims` (null for guests and
 * bad tokens). Whether its session is still live costs a D1 read, so only the routes
 * that need a user pay it, through `currentUser`.
 */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await readClaims(c);
    await next();
  };
}

/** What `session()` does before the API's routes. Pages never call it: they hold nothing of the session. */
export async function readClaims(c: Context<AppEnv>): Promise<void> {
  c.set('auth', null);
  const token = getCookie(c, ACCESS_COOKIE);
  c.set('claims', token ? await verifyAccessToken(token, c.env.JWT_SECRET) : null);
}

/**
 * The signed-in user: a genuine access token whose session was not ended (logout,
 * password reset), with the role D1 holds right now. Sets `c.var.auth`.
 */
export async function currentUser(c: Context<AppEnv>): Promise<AuthState | null> {
  const claims = c.get('claims');
  if (!claims) return null;
  const role = await liveSessionRole(getDb(c.env.DB), claims);
  const auth = role ? { userId: claims.sub, role } : null;
  c.set('auth', auth);
  return auth;
}

// Its home is @gi/contracts (the browser says it too); the orders' code still imports it from here.

/**
 * 401 for a call without a live access token. With a refresh cookie it is
 * `token_expired`: the browser renews the session and retries.
 */
function notSignedIn(c: Context<AppEnv>): AppError {
  const renewable = getCookie(c, REFRESH_COOKIE) !== undefined;
  return new AppError(401, renewable ? TOKEN_EXPIRED : 'unauthorized', NOT_SIGNED_IN);
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentUser(c))) throw notSignedIn(c);
  await next();
};

export const NO_ACCESS = 'Anda tidak memiliki akses ke halaman ini';

/**
 * A staff endpoint's guard (decision 052): 403 unless the user's role in D1 right now holds
 * `permission`. A role changed by the owner counts from the next request; a disabled account's
 * sessions are ended, so it is signed out at once.
 */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await currentUser(c);
    if (!auth) throw notSignedIn(c);
    if (!can(auth.role, permission)) throw new AppError(403, 'forbidden', NO_ACCESS);
    await next();
  };
}
