import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import type { AppEnv } from '../env.ts';
import { sitemapRoutes } from './seo.ts';

async function insertProduct(id: string, name: string, price: number) {
  await env.DB.prepare(
    "INSERT INTO products (id, name, description, price, image) VALUES (?, ?, 'Aroma oud yang hangat dan mewah.', ?, '/images/oud.webp')",
  )
    .bind(id, name, price)
    .run();
}

describe('product page metadata', () => {
  it('carries title, price, Open Graph tags and Product JSON-LD in IDR before any JavaScript runs', async () => {
    await insertProduct('p-oud', 'Oud Royale <Intense>', 1_599_000);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO product_variants (id, product_id, size_ml, price, stock, sku) VALUES ('v50', 'p-oud', 50, 1599000, 0, 'OUD-50'), ('v100', 'p-oud', 100, 2499000, 4, NULL)",
      ),
    ]);
    const res = await call('/product/p-oud');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Oud Royale &lt;Intense&gt; – Rp 1.599.000 | PT. Global Imperium</title>');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:image" content="https://shop.test/images/oud.webp">');
    expect(html).toContain('<link rel="canonical" href="https://shop.test/product/p-oud">');
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Oud Royale <Intense>',
    });
    // One offer per size, each with its availability.
    expect(jsonLd.offers).toEqual([
      {
        '@type': 'Offer',
        name: '50 ml',
        sku: 'OUD-50',
        url: 'https://shop.test/product/p-oud',
        priceCurrency: 'IDR',
        price: '1599000',
        availability: 'https://schema.org/OutOfStock',
      },
      {
        '@type': 'Offer',
        name: '100 ml',
        url: 'https://shop.test/product/p-oud',
        priceCurrency: 'IDR',
        price: '2499000',
        availability: 'https://schema.org/InStock',
      },
    ]);
    // The JSON-LD cannot close its script element early.
    expect(html).not.toContain('<Intense>');
  });

  it("carries the published reviews' average, count and first reviews, none while there are none", async () => {
    await insertProduct('p-ulas', 'Melati Senja', 450_000);
    const jsonLdOf = async () =>
      JSON.parse(
        /<script type="application\/ld\+json">(.*?)<\/script>/.exec(
          await (await call('/product/p-ulas')).text(),
        )?.[1] ?? 'null',
      );
    const first = await createUser('customer', 'Siti Aminah Putri');
    const second = await createUser('customer', 'Budi');
    const review = (id: string, user: string, rating: number, status: string, publishedAt: string | null) =>
      env.DB.prepare(
        "INSERT INTO reviews (id, product_id, user_id, rating, body, status, published_at) VALUES (?, 'p-ulas', ?, ?, 'Wanginya lembut dan tahan seharian.', ?, ?)",
      ).bind(id, user, rating, status, publishedAt);
    // A review waiting for moderation is no rating yet.
    await review('r-1', first.id, 5, 'pending', null).run();
    expect(await jsonLdOf()).not.toHaveProperty('aggregateRating');
    expect(await jsonLdOf()).not.toHaveProperty('review');
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE reviews SET status = 'published', published_at = '2026-11-20T03:00:00.000Z' WHERE id = 'r-1'",
      ),
      review('r-2', second.id, 4, 'published', '2026-11-21T03:00:00.000Z'),
    ]);
    const jsonLd = await jsonLdOf();
    expect(jsonLd.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    // Newest first, the author as first name and initial.
    expect(jsonLd.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Budi' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        datePublished: '2026-11-21',
        reviewBody: 'Wanginya lembut dan tahan seharian.',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Siti P.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        datePublished: '2026-11-20',
        reviewBody: 'Wanginya lembut dan tahan seharian.',
      },
    ]);
  });

  it('answers an unknown product with 404, noindex and the shell', async () => {
    const res = await call('/product/tidak-ada');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('id="root"');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps crawlers out of the admin, the cart and the API', async () => {
    const text = await (await call('/robots.txt')).text();
    for (const path of ['/admin', '/cart', '/orders', '/account', '/api/'])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain('Sitemap: https://shop.test/sitemap.xml');
  });

  it('is an index of bounded files: the fixed pages with collections, then every product', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await insertProduct('p-1', 'Citrus Bloom', 229_000);
    await env.DB.prepare(
      "INSERT INTO collections (id, slug, name) VALUES ('c1', 'unggulan', 'Unggulan')",
    ).run();
    const res = await call('/sitemap.xml');
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(locs(await res.text())).toEqual([
      'https://shop.test/sitemap-pages.xml',
      'https://shop.test/sitemap-products-1.xml',
    ]);

    const pages = await call('/sitemap-pages.xml');
    expect(pages.headers.get('cache-control')).toBe('public, max-age=3600');
    const pageLocs = locs(await pages.text());
    expect(pageLocs).toContain('https://shop.test/');
    expect(pageLocs).toContain('https://shop.test/collections/unggulan');
    expect(pageLocs.filter((loc) => /\/(admin|cart|product\/)/.test(loc))).toEqual([]);

    const products = await call('/sitemap-products-1.xml');
    expect(products.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(locs(await products.text())).toEqual(['https://shop.test/product/p-1']);
  });

  it('splits the products into files of at most the file size, each product in exactly one', async () => {
    for (const n of [1, 2, 3, 4, 5]) await insertProduct(`p-${n}`, `Parfum ${n}`, 100_000);
    await env.DB.prepare("DELETE FROM products WHERE id = 'p-2'").run();
    const small = new Hono<AppEnv>().route('/', sitemapRoutes(2));
    const get = async (path: string) => {
      const res = await small.request(`https://shop.test${path}`, {}, env);
      return { status: res.status, locs: locs(await res.text()) };
    };
    expect((await get('/sitemap.xml')).locs).toEqual([
      'https://shop.test/sitemap-pages.xml',
      'https://shop.test/sitemap-products-1.xml',
      'https://shop.test/sitemap-products-2.xml',
      'https://shop.test/sitemap-products-3.xml',
    ]);
    const files = [
      await get('/sitemap-products-1.xml'),
      await get('/sitemap-products-2.xml'),
      await get('/sitemap-products-3.xml'),
    ];
    for (const file of files) expect(file.locs.length).toBeLessThanOrEqual(2);
    expect(files.flatMap((file) => file.locs).sort()).toEqual(
      ['p-1', 'p-3', 'p-4', 'p-5'].map((id) => `https://shop.test/product/${id}`),
    );
    for (const missing of ['/sitemap-products-4.xml', '/sitemap-products-0.xml']) {
      expect((await get(missing)).status).toBe(404);
    }
  });
});

const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1] ?? '');
