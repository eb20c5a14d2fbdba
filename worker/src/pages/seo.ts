import { pageRoutes } from '@gi/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

// Areas with nothing for a search engine: personal, administrative or the API.
const PRIVATE_PREFIXES = [
  '/admin',
  '/manage-products',
  '/cart',
  '/login',
  '/register',
  '/customer',
  '/forgot-password',
  '/reset-password',
  '/api/',
];

export function robots(c: Context<AppEnv>): Response {
  const origin = new URL(c.req.url).origin;
  const lines = [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
  ];
  return c.text(`${lines.join('\n')}\n`, 200, { 'cache-control': 'public, max-age=3600' });
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Public pages of the route table plus every product and collection, from one D1 batch. */
export async function sitemap(c: Context<AppEnv>): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const [products, collections] = await c.env.DB.batch<{ path: string; lastmod: string }>([
    c.env.DB.prepare(
      "SELECT '/product/' || id AS path, updated_at AS lastmod FROM products ORDER BY created_at DESC",
    ),
    c.env.DB.prepare(
      "SELECT '/collections/' || slug AS path, created_at AS lastmod FROM collections ORDER BY created_at",
    ),
  ]);
  // Only the storefront's fixed pages: accounts, cart and admin are nothing to index.
  const staticPages = pageRoutes
    .filter((r) => r.remote === 'shop' && !r.path.includes(':'))
    .map((r) => ({ path: r.path, lastmod: undefined as string | undefined }));
  const urls = [...staticPages, ...(products?.results ?? []), ...(collections?.results ?? [])]
    .map(
      ({ path, lastmod }) =>
        `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('');
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    200,
    { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  );
}
