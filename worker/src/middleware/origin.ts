import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another site. Hono's csrf() checks form
 * bodies only, and a cross-origin JSON POST with cookies would pass it.
 */
export function sameOrigin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const self = new URL(c.req.url).origin;
      if ((origin && origin !== self) || (!origin && site && site !== 'same-origin' && site !== 'none')) {
        throw new AppError(403, 'forbidden_origin', 'Permintaan dari situs lain ditolak');
      }
    }
    await next();
  };
}
