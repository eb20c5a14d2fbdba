import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { appStarted, TURNSTILE_TOKEN, uniqueEmail } from './support.ts';

// The server sends the whole page (the shell's layout and the route's page) and the browser
// hydrates it: React adopts the server's nodes instead of drawing the page again
// (docs/how-a-page-is-served.md, decision 022).

// With the shell's own 404 page, which the server renders whole.
const contentPages = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/shipping',
  '/privacy',
  '/terms',
  '/cart',
  '/tidak-ada',
];

/**
 * Opens every storefront page and checks that React adopted the server's nodes, with no
 * error of any kind on the page (React reports a difference between the server's HTML and
 * its render as an uncaught error, 'Minified React error #418', #425..., or a console error).
 */
async function expectEveryPageHydrated(page: Page, request: APIRequestContext) {
  const [product] = (await (await request.get('/api/products?pageSize=10')).json()).items;
  const [collection] = (await (await request.get('/api/collections')).json()).items;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /react|hydrat/i.test(message.text())) errors.push(message.text());
  });
  // The server's nodes, taken before any script runs (the boot loader waits for `load`).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, {
        serverNodes: {
          menu: document.querySelector('button[aria-controls="menu-utama"]'),
          page: document.querySelector('#main > *'),
        },
      });
    });
  });

  const catalogue = ['/products', `/product/${product.id}`, `/collections/${collection.slug}`];
  for (const path of [...contentPages, ...catalogue]) {
    await page.goto(path);
    await appStarted(page);
    // The page is hydrated once React owns the node the server drew; a page drawn
    // again leaves that node out of the document and never owns it.
    await page.waitForFunction(() => {
      const { page: node } = (window as unknown as { serverNodes: { page: Element | null } }).serverNodes;
      return node?.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
    });
    const same = await page.evaluate(() => {
      const { menu, page: node } = (window as unknown as { serverNodes: Record<string, Element | null> })
        .serverNodes;
      return {
        menu: menu === document.querySelector('button[aria-controls="menu-utama"]'),
        page: node === document.querySelector('#main > *'),
      };
    });
    expect(same, path).toEqual({ menu: true, page: true });
    // The session and the checkout block arrive after hydration: let them come before judging.
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
  }
}

/** A line in the cart, added as a shopper does (the cart cookie the server renders /cart from follows). */
async function fillCart(page: Page, request: APIRequestContext) {
  const [product] = (await (await request.get('/api/products?pageSize=10')).json()).items;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
}

test("every storefront page is hydrated on the server's own nodes, with no hydration error", async ({
  page,
  request,
}) => {
  await expectEveryPageHydrated(page, request);

  // The hydrated layout works: its menu opens, its links navigate in the page.
  const menu = page.getByRole('button', { name: 'Buka menu' });
  await menu.click();
  await expect(page.getByRole('button', { name: 'Tutup menu' })).toHaveAttribute('aria-expanded', 'true');
});

// Issue 29: each load of /cart with items threw React error #418.
test('with a filled cart, signed out and signed in, every page hydrates without an error', async ({
  page,
  request,
  baseURL,
}) => {
  await fillCart(page, request);
  await expectEveryPageHydrated(page, request);

  const res = await page.request.post('/api/auth/register', {
    headers: { origin: baseURL as string },
    data: {
      name: 'Hidrasi',
      email: uniqueEmail('hidrasi'),
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
      turnstileToken: TURNSTILE_TOKEN,
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Lanjut ke Checkout' })).toBeVisible();
  await expectEveryPageHydrated(page, request);
});

test('the navbar works without JavaScript: its links are in the HTML', async ({ browser }) => {
  // A wide screen shows the links without the menu button (which needs JavaScript).
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Tentang' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Produk', exact: true }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Semua Produk' })).toBeVisible();
  await context.close();
});
