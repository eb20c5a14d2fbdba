import { apiPath } from '@gi/contracts/api';
import type { RenderRequest } from '@gi/contracts/web';
import { queryClientDefaults } from '@gi/ui';
import { inlineAnswers, renderOnServer, shownMarkup } from '@gi/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { addItem, clearCart } from './features/cart/cart-store.ts';
import CartPage from './pages/cart-page.tsx';
import renderer from './ssr.tsx';
import { cartProduct, productJson as product } from './test/products.ts';
import { mockApi } from './test/render.tsx';

const oud = cartProduct('p1', 'Oud Royale', 250_000);
const citrus = cartProduct('p2', 'Citrus Bloom', 229_000);
const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };

beforeEach(() => {
  localStorage.clear();
  clearCart();
});
afterEach(() => vi.unstubAllGlobals());

/** The server's HTML of /cart, then the page's first browser render with the same inlined answers. */
async function bothRenders(request: Omit<RenderRequest, 'url'>) {
  const res = await renderOnServer(renderer, { url: '/cart', ...request });
  expect(res.status).toBe(200);
  const server = await res.text();
  inlineAnswers(request.data);
  // The page never carries the session (decision 021): the browser asks for it after its first render.
  const fetch = mockApi({ [`GET ${apiPath('GET /auth/session')}`]: () => Response.json({ user: customer }) });
  // The shell's query policy: the inlined answers are fresh, as in the page.
  const { container, unmount } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryClientDefaults })}>
      <MemoryRouter initialEntries={['/cart']}>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const browser = container.innerHTML;
  await new Promise((resolve) => setTimeout(resolve, 10));
  unmount();
  // A signed-in cart with lines prefetches the checkout form: let it finish before the test ends.
  await import('./features/checkout/checkout-form.tsx');
  // The first render needed nothing from the network but the session: every answer it reads is
  // inlined. (The latest orders and the saved cart's merge, decision 050, follow the session.)
  const reads = fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => !url.includes('/orders') && !url.endsWith('/cart/merge'));
  expect(reads).toEqual([apiPath('GET /auth/session')]);
  return { server: shownMarkup(server), browser: shownMarkup(browser) };
}

it('renders an empty cart on the server as the browser first shows it', async () => {
  const { server, browser } = await bothRenders({ data: {}, cart: [] });
  expect(server).toContain('Keranjang Anda Kosong');
  expect(server).toBe(browser);
});

it("renders the cookie's lines with the API's products, as the browser shows its stored cart", async () => {
  addItem(oud);
  addItem(oud);
  addItem(citrus);
  const { server, browser } = await bothRenders({
    data: {
      [apiPath('GET /products/{id}', { params: { id: 'p1' } })]: product(oud),
      [apiPath('GET /products/{id}', { params: { id: 'p2' } })]: product(citrus),
    },
    cart: [
      { id: 'p1', variantId: 'p1-50', quantity: 2 },
      { id: 'p2', variantId: 'p2-50', quantity: 1 },
    ],
  });
  expect(server).toContain('Subtotal (3 item)');
  expect(server).toContain('Rp 729.000');
  // Before the session is known the way on is a link to the checkout, live from the first paint
  // (a guest who follows it is sent to log in): no login prompt for a signed-in shopper.
  expect(server).toMatch(/<a [^>]*href="\/cart\?checkout">Lanjut ke Checkout<\/a>/);
  expect(server).not.toContain('Login untuk Checkout');
  expect(server).toBe(browser);
});

it("shows the size's price from the API, not one the cookie could claim, and leaves out products and sizes that are gone", async () => {
  const res = await renderOnServer(renderer, {
    url: '/cart',
    data: {
      [apiPath('GET /products/{id}', { params: { id: 'p1' } })]: product({ ...oud, price: 300_000 }),
    },
    cart: [
      { id: 'p1', variantId: 'p1-50', quantity: 1 },
      { id: 'p1', variantId: 'p1-100', quantity: 2 },
      { id: 'hilang', variantId: 'hilang-50', quantity: 5 },
    ],
  });
  const html = shownMarkup(await res.text());
  expect(html).toContain('50 ml · Rp 300.000');
  expect(html).toContain('Subtotal (1 item)');
  expect(html).not.toContain('hilang');
});

it('leaves a cart the cookie cannot tell, and pages it does not render, to the browser (204)', async () => {
  const data = {};
  expect((await renderOnServer(renderer, { url: '/cart', data, cart: null })).status).toBe(204);
  expect((await renderOnServer(renderer, { url: '/login', data, cart: [] })).status).toBe(204);
  expect((await renderOnServer(renderer, { url: '/products', data, cart: [] })).status).toBe(204);
});

it("hydrates a filled cart on the server's nodes when the session arrived first (issue 29: React error #418)", async () => {
  // Stored at the price of the day it was added; the server draws the API's price of today.
  addItem(oud);
  const data = {
    [apiPath('GET /products/{id}', { params: { id: 'p1' } })]: product({ ...oud, price: 275_000 }),
  };
  const res = await renderOnServer(renderer, {
    url: '/cart',
    data,
    cart: [{ id: 'p1', variantId: 'p1-50', quantity: 1 }],
  });
  const container = document.createElement('div');
  container.innerHTML = await res.text();
  document.body.append(container);
  inlineAnswers(data);
  mockApi({ [`GET ${apiPath('GET /auth/session')}`]: () => Response.json({ user: customer }) });
  // The layout hydrates first and its navbar's session query may answer before the cart's code arrives.
  const client = new QueryClient({ defaultOptions: queryClientDefaults });
  client.setQueryData(['session'], customer);
  const mismatches = vi.fn();
  const root = await act(async () =>
    hydrateRoot(
      container,
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/cart']}>
          <CartPage />
        </MemoryRouter>
      </QueryClientProvider>,
      { onRecoverableError: mismatches },
    ),
  );
  expect(mismatches).not.toHaveBeenCalled();
  // Hydrated, the page shows the signed-in shopper's checkout button.
  expect(container.textContent).toContain('Lanjut ke Checkout');
  expect(container.textContent).toContain('Rp 275.000');
  await import('./features/checkout/checkout-form.tsx');
  act(() => root.unmount());
  container.remove();
});
