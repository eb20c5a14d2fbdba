import { apiPaths, INITIAL_DATA_ELEMENT_ID, type RenderRequest } from '@gi/contracts/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import { CartButtonProvider, PendingCartButton } from './features/cart-button/cart-button.tsx';
import CollectionPage from './pages/collection-page.tsx';
import HomePage from './pages/home-page.tsx';
import ProductDetailPage from './pages/product-detail-page.tsx';
import ProductsPage from './pages/products-page.tsx';
import renderer from './ssr.tsx';
import { citrus, collection, collectionDetail, oud, page, settings } from './test/fixtures.ts';

const signature = collectionDetail(collection('signature', 'Koleksi Unggulan'), [oud, citrus]);
const data: RenderRequest['data'] = {
  [apiPaths.session]: { user: null },
  [apiPaths.settings]: settings,
  [apiPaths.featuredProducts]: page([oud, citrus]),
  [apiPaths.products('', 1)]: page([oud, citrus]),
  [apiPaths.product(oud.id)]: oud,
  [apiPaths.collection('signature')]: signature,
};

async function serverHtml(url: string): Promise<Response> {
  const body: RenderRequest = { url, data };
  return renderer.fetch(
    new Request('https://render.invalid/', { method: 'POST', body: JSON.stringify(body) }),
  );
}

// The browser reads the same answers from the page (one use each), as the Worker inlines them.
beforeAll(() => {
  // A browser far from the home page's contact section: it shows the placeholder, as the server does.
  globalThis.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INITIAL_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify(data);
  document.head.append(block);
});

// React's generated ids (useId) differ between a server render and a browser one.
const generatedId = /_[rR]_[0-9a-z]+_/g;

/**
 * Markup as a browser shows it: elements with their attributes (in any order), and
 * text. Comments the server adds between text parts, and the preload links React
 * hoists (the Worker adds its own), show nothing.
 */
function shown(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const link of root.querySelectorAll('link')) link.remove();
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .map(({ name, value }) => {
        // Inline styles as the browser reads them (spacing differs between the two renders).
        const shownValue = name === 'style' ? (node as HTMLElement).style.cssText : value;
        return `${name.toLowerCase()}="${shownValue.replace(generatedId, 'id')}"`;
      })
      .sort()
      .join(' ');
    return `<${node.localName} ${attributes}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
  };
  root.normalize();
  return [...root.childNodes].map(walk).join('');
}

/** The page's first render in the browser, with the answers inlined and mfe-cart still loading. */
function browserHtml(path: string, url: string, Page: ComponentType): string {
  const client = new QueryClient();
  const router = createMemoryRouter([{ path, element: <Page /> }], { initialEntries: [url] });
  const { container, unmount } = render(
    <QueryClientProvider client={client}>
      <CartButtonProvider value={PendingCartButton}>
        <RouterProvider router={router} />
      </CartButtonProvider>
    </QueryClientProvider>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

it.each([
  ['/', '/', HomePage, 'Produk Unggulan'],
  ['/products', '/products', ProductsPage, oud.name],
  ['/product/:id', `/product/${oud.id}`, ProductDetailPage, oud.description],
  ['/collections/:slug', '/collections/signature', CollectionPage, signature.name],
])('renders %s on the server exactly as its first render in the browser', async (path, url, Page, text) => {
  const res = await serverHtml(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(text);
  expect(shown(html)).toBe(shown(browserHtml(path, url, Page)));
});

it('shows the buy button as it looks while mfe-cart loads, disabled', async () => {
  const html = await (await serverHtml(`/product/${oud.id}`)).text();
  expect(html).toMatch(/<button[^>]*disabled[^>]*>Tambah ke Keranjang<\/button>/);
});

it("leaves other remotes' routes and unknown paths to the browser (204)", async () => {
  expect((await serverHtml('/cart')).status).toBe(204);
  expect((await serverHtml('/tidak-ada')).status).toBe(204);
});
