/**
 * A microfrontend deployed alone: the Worker in front of its build's static assets
 * (each remote's wrangler.toml points here). It serves the build at the same path
 * as the shop's Worker does (`BASE`, the remote's vite `base`), so moving a remote
 * only changes the origin in the shell's `REMOTES`. The assets lie under that path
 * (../layout.mjs); the hashed ones the static-asset server answers without this Worker.
 */
import { cacheControl, corsHeaders } from './headers.ts';

export interface RemoteEnv {
  ASSETS: Fetcher;
  /** The build's public path, e.g. `/mfe/cart/`. */
  BASE: string;
  /** Origins of the shells that load this remote: a JSON array (a `--var` gives a string). */
  SHELL_ORIGINS: string[] | string;
}

function shellOrigins(value: RemoteEnv['SHELL_ORIGINS']): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
    throw new Error('SHELL_ORIGINS must be a list of origins');
  return list;
}

// The remote's standalone dev page and the build tools' files are not part of the shop.
const SERVED = /^(?:assets\/[^/]+|remoteEntry\.js|mf-(?:manifest|preload)\.json|ssr\/render\.js)$/;

export default {
  async fetch(request: Request, env: RemoteEnv): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const url = new URL(request.url);
    const file = url.pathname.startsWith(env.BASE) ? url.pathname.slice(env.BASE.length) : '';
    const cors = corsHeaders(url.pathname, request.headers.get('origin'), shellOrigins(env.SHELL_ORIGINS));
    const asset = SERVED.test(file)
      ? await env.ASSETS.fetch(new Request(new URL(url.pathname, url), request))
      : null;
    if (!asset || asset.status === 404) return new Response('Not found', { status: 404, headers: cors });
    const res = new Response(asset.body, asset);
    res.headers.set('cache-control', cacheControl(url.pathname));
    res.headers.set('x-content-type-options', 'nosniff');
    for (const [name, value] of cors) res.headers.set(name, value);
    return res;
  },
} satisfies ExportedHandler<RemoteEnv>;
