import { describe, expect, it } from 'vitest';
import worker, { type RemoteEnv } from './index.ts';

const SHELL = 'https://shop.example';
const files: Record<string, string> = {
  '/mfe/cart/mf-manifest.json': '{"metaData":{}}',
  '/mfe/cart/remoteEntry.js': 'export {}',
  '/mfe/cart/assets/app-abc123.js': 'export {}',
  '/mfe/cart/assets/app-abc123.css': 'a{}',
  '/mfe/cart/ssr/render.js': 'export default {}',
  '/mfe/cart/mf-stats.json': '{}',
};
// The static assets of the build laid out under its path (layout.mjs), as the ASSETS binding serves them.
const assets = {
  fetch: async (request: Request) => {
    const body = files[new URL(request.url).pathname];
    return body === undefined ? new Response('', { status: 404 }) : new Response(body);
  },
} as unknown as Fetcher;

function get(
  path: string,
  { origin = SHELL, method = 'GET', shells = [SHELL] as RemoteEnv['SHELL_ORIGINS'] } = {},
) {
  const env: RemoteEnv = { ASSETS: assets, BASE: '/mfe/cart/', SHELL_ORIGINS: shells };
  return worker.fetch(new Request(`https://cart.example${path}`, { method, headers: { origin } }), env);
}

describe('a remote deployed alone', () => {
  it('serves its entry and manifest to the shell, revalidated on every use', async () => {
    for (const path of ['/mfe/cart/remoteEntry.js', '/mfe/cart/mf-manifest.json']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHELL);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toBe('origin');
    }
  });

  it('serves hashed chunks and styles as immutable, to the shell', async () => {
    for (const path of ['/mfe/cart/assets/app-abc123.js', '/mfe/cart/assets/app-abc123.css']) {
      const res = await get(path);
      expect(await res.text()).toBe(files[path]);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin')).toBe(SHELL);
    }
  });

  it('admits no other origin', async () => {
    const res = await get('/mfe/cart/remoteEntry.js', { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads the shells from a --var string as well', async () => {
    const res = await get('/mfe/cart/mf-manifest.json', { shells: JSON.stringify([SHELL]) });
    expect(res.headers.get('access-control-allow-origin')).toBe(SHELL);
  });

  it('serves the server renderer for the shell Worker, not to browsers of other origins', async () => {
    const res = await get('/mfe/cart/ssr/render.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 404 outside its build and for the build tools’ files', async () => {
    for (const path of [
      '/remoteEntry.js',
      '/mfe/shop/remoteEntry.js',
      '/mfe/cart/mf-stats.json',
      '/mfe/cart/',
    ]) {
      expect((await get(path)).status).toBe(404);
    }
  });

  it('refuses other methods', async () => {
    const res = await get('/mfe/cart/remoteEntry.js', { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
