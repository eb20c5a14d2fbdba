import { apiPath } from '@gi/contracts/api';
import {
  COLLECTIONS_PAGE_SIZE,
  FEATURED_COUNT,
  PRODUCTS_PAGE_SIZE,
  parseProductBrowse,
  productListQuery,
  type RenderRequest,
  URL_STATE_ATTRIBUTE,
} from '@gi/contracts/web';
import { inlineAnswers, renderOnServer, shownMarkup } from '@gi/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import CollectionPage from './pages/collection-page.tsx';
import HomePage from './pages/home-page.tsx';
import ProductDetailPage from './pages/product-detail-page.tsx';
import ProductsPage from './pages/products-page.tsx';
import renderer from './ssr.tsx';
import { citrus, collection, collectionDetail, oud, page, productDetail, settings } from './test/fixtures.ts';

// Oud's published reviews, which its cards show; Citrus has none yet.
const ratedOud = { ...oud, rating: { average: 4.6, count: 12 } };
const signature = collectionDetail(collection('signature', 'Koleksi Unggulan'), [ratedOud, citrus]);
const FILTERED = '/products?sort=price-asc&collection=signature&min=100000';
const filtered = parseProductBrowse(new URL(FILTERED, 'https://x').searchParams);
const data: RenderRequest['data'] = {
  [apiPath('GET /settings')]: settings,
  [apiPath('GET /products', { query: { limit: FEATURED_COUNT } })]: page([ratedOud, citrus]),
  [apiPath('GET /products', { query: productListQuery({ q: '', page: 1 }) })]: page([ratedOud, citrus]),
  [apiPath('GET /products', { query: productListQuery(filtered) })]: page([citrus, ratedOud]),
  [apiPath('GET /collections', { query: { page: 1, pageSize: COLLECTIONS_PAGE_SIZE } })]: page([signature]),
  [apiPath('GET /products/{id}', { params: { id: oud.id } })]: productDetail(oud, {
    images: [
      { url: oud.image, widths: oud.image_widths },
      { url: '/images/p-oud-2.webp', widths: [320, 720, 1200] },
    ],
  }),
  [apiPath('GET /products/notes')]: { items: [{ key: 'oud', name: 'Oud' }] },
  [apiPath('GET /reviews/best')]: {
    items: ['Budi', 'Siti', 'Eka'].map((author, i) => ({
      id: `r${i}`,
      productId: oud.id,
      productName: oud.name,
      author,
      rating: 5 - i,
      body: `Kata ${author}: wanginya lembut dan tahan seharian di kantor.`,
    })),
  },
  [apiPath('GET /collections/{slug}', {
    params: { slug: 'signature' },
    query: { page: 1, pageSize: PRODUCTS_PAGE_SIZE },
  })]: signature,
};

const serverHtml = (url: string) => renderOnServer(renderer, { url, data, cart: [] });

beforeAll(() => {
  // A browser far from the home page's contact section: it shows the placeholder, as the server does.
  globalThis.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

/**
 * The page's first render in the browser, with the answers inlined as the Worker
 * inlines them (each is read once, so every page load gets them anew), before any of mfe-cart's code.
 */
function browserHtml(path: string, url: string, Page: ComponentType): string {
  inlineAnswers(data);
  const client = new QueryClient();
  const router = createMemoryRouter([{ path, element: <Page /> }], { initialEntries: [url] });
  const { container, unmount } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

it.each([
  ['/', '/', HomePage, 'Produk Unggulan'],
  ['/products', '/products', ProductsPage, oud.name],
  ['/products', FILTERED, ProductsPage, citrus.name],
  ['/product/:id', `/product/${oud.id}`, ProductDetailPage, oud.description],
  ['/collections/:slug', '/collections/signature', CollectionPage, signature.name],
])('renders %s on the server exactly as its first render in the browser', async (path, url, Page, text) => {
  const res = await serverHtml(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(text);
  expect(shownMarkup(html)).toBe(shownMarkup(browserHtml(path, url, Page)));
});

it("renders the home's testimonials from the best published reviews the page is served with", async () => {
  const html = await (await serverHtml('/')).text();
  expect(html).toContain('Kata Siti: wanginya lembut dan tahan seharian di kantor.');
  expect(html).toContain('Pembeli Terverifikasi');
  expect(html).toContain(`href="/product/${oud.id}"`);
  expect(html).not.toContain('Sari Wulandari');
});

it.each(['/', '/products', `/product/${oud.id}`, '/collections/signature'])(
  'puts no style attribute into the HTML of %s: the CSP refuses them',
  async (url) => {
    const html = await (await serverHtml(url)).text();
    expect(html).not.toMatch(/\sstyle="/);
  },
);

it('renders a filtered list with the form showing its choices, which a plain GET submits', async () => {
  const html = await (await serverHtml(FILTERED)).text();
  expect(html.indexOf(citrus.name)).toBeLessThan(html.indexOf(oud.name));
  const shown = new DOMParser().parseFromString(html, 'text/html');
  const form = shown.querySelector('form:has(select[name="sort"])');
  expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['get', '/products']);
  expect(shown.querySelector('option[selected][value="price-asc"]')?.textContent).toBe('Harga terendah');
  expect(shown.querySelector('option[selected][value="signature"]')?.textContent).toBe('Koleksi Unggulan');
  expect(shown.querySelector('input[name="min"]')?.getAttribute('value')).toBe('100000');
  // Every control of the search and the filters stays live in the Worker's page (inertControls).
  const controls = [...shown.querySelectorAll('form :is(input, select, button)')];
  expect(controls.length).toBeGreaterThan(5);
  expect(controls.filter((control) => !control.hasAttribute(URL_STATE_ATTRIBUTE))).toEqual([]);
});

it("draws the buy buttons with the page, as they work once mfe-cart's code is loaded on a press", async () => {
  const shown = async (url: string) =>
    new DOMParser().parseFromString(await (await serverHtml(url)).text(), 'text/html');
  const buttons = async (url: string) =>
    [...(await shown(url)).querySelectorAll('button')].map((button) => [
      button.textContent,
      button.getAttribute('aria-label'),
      button.disabled,
    ]);
  expect(await buttons(`/product/${oud.id}`)).toEqual(
    expect.arrayContaining([
      ['Tambah ke Keranjang', null, false],
      ['Beli Sekarang', null, false],
    ]),
  );
  expect(await buttons('/products')).toContainEqual([
    'Tambah 50 ml',
    `Tambah 50 ml ${oud.name} ke keranjang`,
    false,
  ]);
});

it.each(['/', '/products', FILTERED, '/collections/signature'])(
  "draws the stars of a product's published reviews on its card in the HTML of %s",
  async (url) => {
    const shown = new DOMParser().parseFromString(await (await serverHtml(url)).text(), 'text/html');
    const stars = [...shown.querySelectorAll('article [role="img"][aria-label^="Rating"]')];
    expect(stars.map((star) => [star.getAttribute('aria-label'), star.textContent])).toEqual([
      ['Rating 4,6 dari 5, 12 ulasan', '★ 4,6 (12)'],
    ]);
    expect(stars[0]?.closest('article')?.textContent).toContain(oud.name);
  },
);

it("leaves other remotes' routes and unknown paths to the browser (204)", async () => {
  expect((await serverHtml('/cart')).status).toBe(204);
  expect((await serverHtml('/tidak-ada')).status).toBe(204);
});
