import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ACCESS_COOKIE } from '../auth/cookies.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { getDb } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';

/** Reads the access cookie into `c.var.auth` (null for guests and bad tokens). */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', null);
    c.set('authProblem', null);
    const token = getCookie(c, ACCESS_COOKIE);
    if (token) {
      const result = await verifyAccessToken(token, c.env.JWT_SECRET);
      if (result.ok) c.set('auth', { userId: result.claims.sub, role: result.claims.role });
      else c.set('authProblem', result.expired ? 'expired' : 'invalid');
    }
    await next();
  };
}

export const NOT_SIGNED_IN = 'Anda harus login terlebih dahulu';

/** 401 unless signed in; `token_expired` tells the browser to refresh and retry. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('auth')) {
    const expired = c.get('authProblem') === 'expired';
    throw new AppError(401, expired ? 'token_expired' : 'unauthorized', NOT_SIGNED_IN);
  }
  await next();
};

/**
 * 403 unless the user's role in D1 is admin right now: the token's claim is not
 * trusted, so a demoted admin loses access on the next request.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth) {
    const expired = c.get('authProblem') === 'expired';
    throw new AppError(401, expired ? 'token_expired' : 'unauthorized', NOT_SIGNED_IN);
  }
  const row = await getDb(c.env.DB)
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, auth.userId))
    .get();
  if (row?.role !== 'admin') throw new AppError(403, 'forbidden', 'Anda tidak memiliki akses ke halaman ini');
  await next();
};
