import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../test/helpers.ts';

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
      offers: { priceCurrency: 'IDR', price: '1599000' },
    });
    // The JSON-LD cannot close its script element early.
    expect(html).not.toContain('<Intense>');
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
    for (const path of ['/admin', '/cart', '/api/']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain('Sitemap: https://shop.test/sitemap.xml');
  });

  it('lists public pages and every product', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await insertProduct('p-1', 'Citrus Bloom', 229_000);
    const res = await call('/sitemap.xml');
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<loc>https://shop.test/</loc>');
    expect(xml).toContain('<loc>https://shop.test/product/p-1</loc>');
    expect(xml).not.toContain('/admin');
    expect(xml).not.toContain('/cart');
  });
});
