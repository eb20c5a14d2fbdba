import { pageRoutes } from '@gi/contracts';
import { escapeHtml } from '@gi/contracts/html';
import { type Context, Hono } from 'hono';
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
  '/orders',
  '/account',
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

/**
 * URLs in one product sitemap file. The protocol allows 50,000, a maximum: 1,000 keeps each file
 * as quick to build as the demo catalogue's (20,000 URLs in one took 280 ms, decision 019), and
 * the index lists as many files as the catalogue needs.
 */
export const SITEMAP_FILE_URLS = 1_000;

const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

interface SitemapUrl {
  path: string;
  lastmod?: string | null;
}

function urlset(origin: string, urls: SitemapUrl[]): string {
  const entries = urls
    .map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`;
}

// The sitemap's queries are plain D1 statements, not Drizzle: they page by SQLite's rowid,
// which schema.ts does not declare, and build each URL in SQL so no row is shaped twice.

/** How many product files there are: product file n holds the rowids ((n-1)·size, n·size]. */
const productFiles = (db: D1Database, size: number) =>
  db
    .prepare('SELECT (coalesce(max(rowid), 0) + ?1 - 1) / ?1 AS files FROM products')
    .bind(size)
    .first<{ files: number }>()
    .then((row) => row?.files ?? 0);

/**
 * /sitemap.xml is a sitemap index: one file of the storefront's fixed pages and collections,
 * then product files of at most `perFile` URLs each. A product file is a range of rowids, read
 * through the table's own key: no count, no offset, and a file never holds more than `perFile`
 * (deleted products leave it shorter). `perFile` is small only in tests.
 */
export function sitemapRoutes(perFile = SITEMAP_FILE_URLS) {
  return (
    new Hono<AppEnv>()
      .get('/sitemap.xml', async (c) => {
        const origin = new URL(c.req.url).origin;
        const files = await productFiles(c.env.DB, perFile);
        const names = [
          'sitemap-pages.xml',
          ...Array.from({ length: files }, (_, i) => `sitemap-products-${i + 1}.xml`),
        ];
        const entries = names
          .map((name) => `<sitemap><loc>${escapeHtml(`${origin}/${name}`)}</loc></sitemap>`)
          .join('');
        return c.body(
          `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`,
          200,
          XML,
        );
      })

      /** The fixed storefront pages (not accounts, cart or admin) and the collections. */
      .get('/sitemap-pages.xml', async (c) => {
        const staticPages = pageRoutes
          .filter((r) => r.remote === 'shop' && !r.path.includes(':'))
          .map((r): SitemapUrl => ({ path: r.path }));
        const collections = await c.env.DB.prepare(
          "SELECT '/collections/' || slug AS path, created_at AS lastmod FROM collections ORDER BY created_at DESC LIMIT ?",
        )
          .bind(perFile - staticPages.length)
          .all<SitemapUrl>();
        return c.body(urlset(new URL(c.req.url).origin, [...staticPages, ...collections.results]), 200, XML);
      })

      .get('/:file{sitemap-products-[0-9]+\\.xml}', async (c) => {
        const n = Number(/[0-9]+/.exec(c.req.param('file'))?.[0]);
        if (n < 1 || n > (await productFiles(c.env.DB, perFile))) return c.notFound();
        const products = await c.env.DB.prepare(
          "SELECT '/product/' || id AS path, updated_at AS lastmod FROM products WHERE rowid > ?1 AND rowid <= ?2 ORDER BY rowid",
        )
          .bind((n - 1) * perFile, n * perFile)
          .all<SitemapUrl>();
        return c.body(urlset(new URL(c.req.url).origin, products.results), 200, XML);
      })
  );
}
