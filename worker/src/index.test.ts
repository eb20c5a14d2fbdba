import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { remotesConfigSchema } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../test/helpers.ts';

const origin = 'https://shop.test';
const get = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`${origin}${path}`, init));

describe('/api/health', () => {
  it('answers 200 after reading D1', async () => {
    await env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('hero', '{}')").run();
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', settings: 1 });
  });

  it('answers 503 with the error shape when D1 fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.DB.exec('DROP TABLE site_settings');
    const res = await get('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: { code: 'database_unavailable', message: 'Database tidak dapat dihubungi' },
    });
  });
});

describe('pages', () => {
  it('serves the shell for a page route with the runtime remotes configuration', async () => {
    const res = await get('/cart');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const config = html.match(/<script type="application\/json" id="gi-remotes">(.*?)<\/script>/)?.[1];
    // Remotes whose manifest the Worker read are given by their entry module (one round trip less).
    expect(JSON.parse(config ?? 'null')).toEqual({
      ...remotesConfigSchema.parse(env.REMOTES),
      shop: '/mfe/shop/remoteEntry.js',
      cart: '/mfe/cart/remoteEntry.js',
    });
    expect(html).toContain('<title>Keranjang Belanja | PT. Global Imperium</title>');
  });

  it('answers an unknown path with 404, the shell, and a log line naming the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await get('/tidak-ada');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('id="root"');
    expect(html).toContain('<title>Halaman Tidak Ditemukan | PT. Global Imperium</title>');
    expect(warn).toHaveBeenCalledWith(JSON.stringify({ event: 'page_not_found', path: '/tidak-ada' }));
  });

  it('answers a page URL with malformed percent-encoding as a missing page, not a server error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const path of ['/product/%', '/collections/%ZZ', '/product/%E0%A4%A']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>Halaman Tidak Ditemukan | PT. Global Imperium</title>');
      expect(warn).toHaveBeenCalledWith(JSON.stringify({ event: 'page_not_found', path }));
    }
    for (const path of ['/api/products/%', '/api/collections/%ZZ', '/api/content/policies/%E0%A4%A']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const res = await get('/api/tidak-ada');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Endpoint tidak ditemukan' } });
  });

  it('caches hashed chunks for a year and revalidates remote manifests', async () => {
    const chunk = await get('/mfe/shop/assets/home-page-abc123.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await get('/mfe/shop/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('private API answers', () => {
  it('carry Cache-Control: no-store, errors included; public ones do not', async () => {
    const admin = await createUser('admin');
    const answers = [
      await call('/api/auth/session'),
      await call('/api/auth/session', { cookie: admin.cookie }),
      await call('/api/auth/login', { method: 'POST', json: { email: 'a@b.id', password: 'salah' } }),
      await call('/api/auth/login', { method: 'POST', json: { email: 'x'.repeat(70_000), password: 'x' } }),
      await call('/api/orders/mine'),
      await call('/api/orders/mine', { cookie: admin.cookie }),
      await call('/api/admin/stats', { cookie: admin.cookie }),
      await call('/api/admin/orders?pageSize=7', { cookie: admin.cookie }),
      await call('/api/admin/tidak-ada', { cookie: admin.cookie }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 413, 401, 200, 200, 400, 404]);
    for (const res of answers) expect(res.headers.get('cache-control'), res.url).toBe('no-store');
    expect((await get('/api/products')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('security headers', () => {
  it('are set on pages, API answers and images alike', async () => {
    for (const path of ['/', '/api/health', '/tidak-ada', '/images/tidak-ada.webp', '/favicon.svg']) {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const res = await get(path);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('are only the ones that matter on scripts, styles and manifests of the builds', async () => {
    for (const path of [
      '/assets/index-abc123.js',
      '/mfe/shop/assets/home-page-abc123.js',
      '/mfe/shop/mf-manifest.json',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy'), path).toBeNull();
    }
    // A path that merely looks like one, but is not a file, answers as a page with every header.
    const missing = await get('/assets/tidak-ada.js');
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
