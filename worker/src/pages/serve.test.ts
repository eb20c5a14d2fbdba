import { createExecutionContext, env } from 'cloudflare:test';
import { MAX_ORDER_LINES, remotesConfigSchema } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { browse, CookieJar, call, countingD1, createUser } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';
import { ACCESS_COOKIE } from '../auth/cookies.ts';
import app from '../index.ts';
import { cspHash } from './csp.ts';

/** The JSON of the page's initial data block. */
function initialData(html: string): Record<string, unknown> {
  const block = html.match(/<script type="application\/json" id="gi-data">(.*?)<\/script>/)?.[1];
  return JSON.parse(block ?? 'null');
}

const hints = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('pages carry what their first paint needs', () => {
  it('inlines the API answers of the home page, exactly as the API gives them', async () => {
    const [newest] = await insertProducts([250_000]);
    const res = await call('/');
    const data = initialData(await res.text());

    expect(Object.keys(data).sort()).toEqual(['/api/products?limit=3', '/api/reviews/best', '/api/settings']);
    expect(data['/api/products?limit=3']).toEqual(await (await call('/api/products?limit=3')).json());
    expect(data['/api/products?limit=3']).toMatchObject({ items: [{ id: newest?.id, price: 250_000 }] });
    expect(data['/api/settings']).toEqual(await (await call('/api/settings')).json());
    expect(data['/api/reviews/best']).toEqual(await (await call('/api/reviews/best')).json());
    // A guest's page: the edge cache shares it, and the browser asks again each time.
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('vary')).toContain('cookie');
  });

  it("preloads the route's remote entry, chunks and styles, as the remote's build listed them", async () => {
    const html = await (await call('/')).text();
    // The navbar's cart badge (mfe-cart) loads after the page: it is not preloaded.
    expect(hints(html, 'modulepreload')).toEqual([
      // The shell's own, as its build wrote them into index.html, then the remote's.
      '/assets/react-abc123.js',
      '/mfe/shop/remoteEntry.js',
      '/mfe/shop/assets/helpers-abc123.js',
      '/mfe/shop/assets/home-page-abc123.js',
      '/mfe/shop/assets/app-abc123.js',
    ]);
    expect(hints(html, 'preload')).toEqual(['/mfe/shop/assets/app-abc123.css']);
    // Chunks only some later interaction needs (the lazy contact form) are not preloaded.
    expect(html).not.toContain('contact-section');
  });

  it('preloads the product photo, its LCP, at high priority and inlines the product', async () => {
    const [product, stored] = await insertProducts([180_000, 200_000]);
    const html = await (await call(`/product/${product?.id}`)).text();
    expect(html).toContain('<link rel="preload" as="image" href="/images/uji.webp" fetchpriority="high">');
    // A photo stored in several widths is preloaded in the width the page's layout picks.
    await env.DB.prepare("UPDATE products SET image_widths = '320,720,1200' WHERE id = ?")
      .bind(stored?.id)
      .run();
    expect(await (await call(`/product/${stored?.id}`)).text()).toContain(
      '<link rel="preload" as="image" href="/images/uji.webp" imagesrcset="/images/uji-320w.webp 320w, /images/uji-720w.webp 720w, /images/uji.webp 1200w" imagesizes="(min-width: 768px) 36rem, calc(100vw - 2rem)" fetchpriority="high">',
    );
    expect(initialData(html)[`/api/products/${product?.id}`]).toMatchObject({
      id: product?.id,
      price: 180_000,
    });
  });

  it('preloads the first photos of a grid page, not of pages where the grid is further down', async () => {
    const [older, newer] = await insertProducts([120_000, 150_000]);
    await env.DB.prepare(
      "UPDATE products SET image = '/images/lama.webp', created_at = '2026-01-01' WHERE id = ?",
    )
      .bind(older?.id)
      .run();
    // /products also inlines the collections of its filter, whose banners are not on its first screen.
    await env.DB.prepare(
      "INSERT INTO collections (id, slug, name, image) VALUES ('k1', 'segar', 'Segar', '/images/banner.webp')",
    ).run();
    const products = await (await call('/products')).text();
    expect(hints(products, 'preload')).toEqual(['/images/uji.webp', '/images/lama.webp']);
    expect(products).toContain(
      '<link rel="preload" as="image" href="/images/uji.webp" fetchpriority="high">',
    );
    // The cards' photos in the width a card is: a phone preloads the 320 px copy, as its <img> picks.
    await env.DB.prepare("UPDATE products SET image_widths = '320,720,1200' WHERE id = ?")
      .bind(newer?.id)
      .run();
    expect(await (await call('/products')).text()).toContain(
      '<link rel="preload" as="image" href="/images/uji.webp" imagesrcset="/images/uji-320w.webp 320w, /images/uji-720w.webp 720w, /images/uji.webp 1200w" imagesizes="(min-width: 40rem) 22rem, 50vw" fetchpriority="high">',
    );
    expect(initialData(products)['/api/products?page=1&pageSize=25']).toMatchObject({
      items: [{ id: newer?.id }, { id: older?.id }],
    });

    // On the home page the featured products sit below the hero: their photos must not compete with it.
    expect(hints(await (await call('/')).text(), 'preload')).not.toContain('/images/uji.webp');
  });

  it('inlines only what the API answered with success', async () => {
    const html = await (await call('/product/tidak-ada')).text();
    expect(initialData(html)).toEqual({});
  });

  it('never carries the session, not even a signed-in one: the browser asks the API, which renews it', async () => {
    const user = await createUser('customer', 'Budi Santoso');
    const jar = new CookieJar();
    await browse(jar, '/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const signedIn = await browse(jar, '/contact');
    expect(initialData(await signedIn.text())).toEqual({ '/api/settings': expect.any(Object) });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');

    // 15 minutes later the browser has dropped the access cookie: the page renews nothing,
    // the session call the browser makes does, and the next calls work with it.
    jar.drop(ACCESS_COOKIE);
    const page = await browse(jar, '/contact');
    expect(page.headers.getSetCookie()).toEqual([]);
    const session = await browse(jar, '/api/auth/session');
    expect(await session.json()).toMatchObject({ user: { id: user.id, name: 'Budi Santoso' } });
    expect(session.headers.getSetCookie().some((line) => line.startsWith(`${ACCESS_COOKIE}=`))).toBe(true);
    expect((await browse(jar, '/api/orders/mine')).status).toBe(200);
  });

  it('still serves a working page when a remote has no manifest to read', async () => {
    const res = await call('/admin');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(hints(html, 'modulepreload')).toEqual(['/assets/react-abc123.js']);
    // Its manifest stays in the configuration: the browser reads it itself.
    expect(html).toContain(`"admin":"${remotesConfigSchema.parse(env.REMOTES).admin}"`);
  });
});

/** #root's attributes and the route's page, in the layout's Suspense boundary ('' for an empty one). */
const pageInSlot = (html: string) =>
  html
    .match(/<div id="root"([^>]*)><header>.*?<\/header><main id="main"><!--\$-->(.*?)<!--\/\$--><\/main>/)
    ?.slice(1) ?? [];

describe("the page, rendered by the shell (layout) and the route's remote (page)", () => {
  it("puts the remote's HTML into the shell's layout, to be hydrated, and links its styles for the first paint", async () => {
    const [product] = await insertProducts([180_000]);
    const res = await call(`/product/${product?.id}`);
    const html = await res.text();
    // The whole page, navbar and footer included: no placeholder bar.
    expect(html).toMatch(
      /<div id="root" data-hydrate=""><header><nav><a href="\/">Global Imperium<\/a>.*<\/main><footer>PT. Global Imperium<\/footer><\/div>/,
    );
    expect(html).not.toContain('gi-prepaint');
    const [attributes, content] = pageInSlot(html);
    expect(attributes).toBe(' data-hydrate=""');
    expect(content).toBe(
      '<h1>Parfum Uji 1</h1><p>Rp 180.000</p><p>no env</p>' +
        // Controls wait for the page's code (the shell enables them right before it hydrates the page);
        // a button stays pressable: its press is held until then.
        '<form><input disabled data-inert name="jumlah"><button data-inert>Beli</button></form>' +
        // A plain GET form whose choices live in the URL works before, and without, JavaScript.
        '<form method="get"><input data-url-state="" name="q"><button data-url-state="">Cari</button></form>',
    );
    // Rendered content needs its styles before it paints: they come inside the page,
    // admitted by the CSP one by one.
    const css = '.produk {\n  color: #2b211a;\n}\n';
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('/mfe/shop/assets/app-abc123.css');
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' ${await cspHash(css)};`);
  });

  it('starts the app of a rendered page after its load, with the CSP admitting exactly that loader', async () => {
    const [product] = await insertProducts([180_000]);
    const res = await call(`/product/${product?.id}`);
    const html = await res.text();
    // No script competes with the page's photo and styles: the boot list holds them all.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(hints(html, 'modulepreload')).toEqual([]);
    const boot = html.match(/<script type="application\/json" id="gi-boot">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(boot ?? 'null')).toEqual({
      entries: ['/assets/index-abc123.js'],
      preloads: [
        '/assets/react-abc123.js',
        '/mfe/shop/remoteEntry.js',
        '/mfe/shop/assets/helpers-abc123.js',
        '/mfe/shop/assets/product-detail-page-abc123.js',
        '/mfe/shop/assets/app-abc123.js',
      ],
      // The buy button's action (mfe-cart), fetched at once on the first intent, not before.
      onIntent: {
        'cart/./addToCart': {
          scripts: [
            '/mfe/cart/remoteEntry.js',
            '/mfe/cart/assets/glue-def456.js',
            '/mfe/cart/assets/add-to-cart-def456.js',
            '/mfe/cart/assets/app-def456.js',
          ],
          styles: ['/mfe/cart/assets/app-def456.css'],
        },
      },
    });
    const loaders = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    // The loader exactly as the shell's build wrote it (its behaviour: shell/src/boot/boot.test.ts).
    const loader = await (await env.ASSETS.fetch('https://shop.test/boot-loader.js')).text();
    expect(loaders).toEqual([loader]);
    // The hash of the script as the page carries it: the browser runs nothing else inline.
    expect(res.headers.get('content-security-policy')).toContain(
      `script-src 'self' ${await cspHash(loader)};`,
    );
    // Pages that the browser renders itself carry no inline script, and their CSP admits none.
    const plain = await call('/about');
    expect(plain.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it("lists of the buy button's action only the files the page does not load already", async () => {
    const html = await (await call('/cart')).text();
    const boot = html.match(/<script type="application\/json" id="gi-boot">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(boot ?? 'null').onIntent).toEqual({
      'cart/./addToCart': {
        scripts: ['/mfe/cart/assets/add-to-cart-def456.js'],
        styles: ['/mfe/cart/assets/app-def456.css'],
      },
    });
  });

  it("renders /cart from the cart cookie's lines with the sizes' current prices", async () => {
    const [oud, citrus] = await insertProducts([250_000, 229_000]);
    const cookie = `gi_cart=${oud?.id}~${oud?.variantId}:2.${citrus?.id}~${citrus?.variantId}:1.hilang~hilang:3`;
    const html = await (await call('/cart', { cookie })).text();
    // A stylesheet with a relative url() would break inside the page: it stays linked.
    expect(hints(html, 'stylesheet')).toEqual(['/mfe/cart/assets/cart-page-def456.css']);
    expect(html).not.toContain('<style>');
    expect(Object.keys(initialData(html)).sort()).toEqual(
      [`/api/products/${citrus?.id}`, `/api/products/${oud?.id}`].sort(),
    );
    expect(pageInSlot(html)[1]).toBe(
      '<h1>Keranjang Belanja</h1><ul><li>Parfum Uji 1 50 ml × 2 = 500000</li><li>Parfum Uji 2 50 ml × 1 = 229000</li></ul>',
    );

    // No cart cookie: an empty cart. One that is not a cart: the browser renders from its storage.
    expect(pageInSlot(await (await call('/cart')).text())[1]).toBe('<h1>Keranjang Belanja</h1><ul></ul>');
    const unknown = await (await call('/cart', { cookie: 'gi_cart=*' })).text();
    expect(pageInSlot(unknown)).toEqual(['', '']);
    expect(initialData(unknown)).toEqual({});
  });

  it("answers a full cart's reads with the API's own functions, not 31 requests through the app", async () => {
    const products = await insertProducts(Array.from({ length: MAX_ORDER_LINES }, (_, i) => 100_000 + i));
    const cookie = `gi_cart=${products.map((product) => `${product.id}~${product.variantId}:1`).join('.')}`;
    const requests = vi.spyOn(app, 'fetch');
    // Counted in the D1 session the Worker opens too (middleware/d1-session.ts).
    const { DB, statements } = countingD1(env.DB);
    const res = await app.request('/cart', { headers: { cookie } }, { ...env, DB }, createExecutionContext());
    const html = await res.text();
    expect(Object.keys(initialData(html))).toHaveLength(MAX_ORDER_LINES);
    expect(pageInSlot(html)[1]).toContain(`Parfum Uji ${MAX_ORDER_LINES} 50 ml × 1`);
    // The page's own request only; one D1 batch per line: the product, its photos, its notes and
    // its trust marks (BPOM, halal; decision 043).
    expect(requests).toHaveBeenCalledTimes(1);
    expect(statements()).toBe(MAX_ORDER_LINES * 4);
  });

  it('leaves the page to the browser when the remote renders nothing, fails or reaches for the network', async () => {
    for (const path of ['/', '/about', '/faq', '/product/tidak-ada']) {
      const res = await call(path);
      expect(res.status, path).toBe(path === '/product/tidak-ada' ? 404 : 200);
      const html = await res.text();
      // The layout with an empty slot, which the browser renders anew (not hydrated) around the page it loads.
      expect(pageInSlot(html), path).toEqual(['', '']);
      expect(hints(html, 'stylesheet'), path).toEqual([]);
      expect(html, path).not.toContain('<style>');
      // The app starts as the shell's build wrote it.
      expect(html, path).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      );
      expect(html, path).not.toContain('gi-boot');
    }
  });
});

describe("the shell's layout", () => {
  it("answers a path of no route with the shell's 404 page in its layout, whole, to be hydrated", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await call('/tidak-ada-halaman');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(
      '<div id="root" data-hydrate=""><header><nav><a href="/">Global Imperium</a><a href="/products">Produk</a></nav></header><main id="main"><h1>Halaman Tidak Ditemukan</h1></main>',
    );
    // Nothing of a remote to wait for: the scripts start as the shell's build wrote them.
    expect(html).not.toContain('gi-boot');
  });

  it("leaves the page to the browser, the remote's HTML unused and no cache keeping it, when the layout fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [product] = await insertProducts([180_000]);
    const res = await call(`/product/${product?.id}?layout=rusak`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // index.html's placeholder bar, rendered over by the browser (no hydrate mark), and no page.
    expect(html).toContain(
      '<div id="root"><div class="gi-prepaint" aria-hidden="true">Global Imperium</div></div>',
    );
    expect(html).not.toContain('Parfum Uji 1</h1>');
    expect(html).not.toContain('gi-boot');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"render_failed","part":"shell"'));
  });
});
