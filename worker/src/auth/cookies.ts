import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS, TWO_FACTOR_PENDING_TTL_SECONDS } from './tokens.ts';

/**
 * `__Host-`: the browser keeps a cookie of that name only if it is Secure, Path=/ and
 * has no Domain, so no subdomain or plain-http page can set or shadow it (decision 024).
 * Local http://localhost and 127.0.0.1 count as secure, so local sign-in keeps working.
 */
export const ACCESS_COOKIE = '__Host-gi_at';
/**
 * The refresh token goes with every request of the shop (Path=/, as `__Host-` requires).
 * Pages never read it: the browser renews an expired access token through
 * GET /api/auth/session or, when an API call answers `token_expired` (which it does
 * only when this cookie came along), POST /api/auth/refresh (decision 004). Lax was
 * chosen while pages carried the session, so a shopper arriving from another site
 * got a signed-in first screen; cross-site state changes stay refused by the Origin check.
 * Named anew when its path widened (the old `gi_rt`, Path=/api/auth) and when both got
 * the `__Host-` prefix (`gi_at`, `gi_rs`): the old names are ignored and expire.
 */
export const REFRESH_COOKIE = '__Host-gi_rs';

export function setSessionCookies(c: Context<AppEnv>, access: string, refresh: string): void {
  setCookie(c, ACCESS_COOKIE, access, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: ACCESS_TTL_SECONDS,
  });
  setCookie(c, REFRESH_COOKIE, refresh, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure: true });
  deleteCookie(c, REFRESH_COOKIE, { path: '/', secure: true });
}

/** The sign-in waiting for its second factor (decision 053): set by a right password, spent by a right code. */
export const TWO_FACTOR_COOKIE = '__Host-gi_2fa';

export function setTwoFactorCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, TWO_FACTOR_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: TWO_FACTOR_PENDING_TTL_SECONDS,
  });
}

export function clearTwoFactorCookie(c: Context<AppEnv>): void {
  deleteCookie(c, TWO_FACTOR_COOKIE, { path: '/', secure: true });
}
