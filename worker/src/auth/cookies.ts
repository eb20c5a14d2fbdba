import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from './tokens.ts';

export const ACCESS_COOKIE = 'gi_at';
export const REFRESH_COOKIE = 'gi_rt';
// The refresh token travels only to the auth endpoints.
const REFRESH_PATH = '/api/auth';

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
    sameSite: 'Strict',
    path: REFRESH_PATH,
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure: true });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure: true });
}
