import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  firstInStock,
  ownNetwork,
  type ProductRow,
  products,
  runCron,
  rupiah,
} from './support.ts';

// Timed sales (issue 40, decision 046): the admin makes a sale that starts in under a minute and
// lasts one; a guest's product page and card show the regular price before its start, the
// 'Promo' badge with the struck regular price and the sale price from its start (server-rendered:
// with scripts off too), and the regular price again after its end. The guest's pages come from
// the edge cache: what moves them at each boundary is the Cron's run, which `wrangler dev
// --test-scheduled` runs on GET /__scheduled (production: every minute).

test.beforeEach(({ page }) => ownNetwork(page));

const PERCENT = 20;
/** The server's rule: the discount rounded down to whole rupiah. */
const onSale = (price: number) => price - Math.floor((price * PERCENT) / 100);
const range = (prices: number[]) => {
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? rupiah(low) : `${rupiah(low)} – ${rupiah(high)}`;
};

const detail = (page: Page) => page.locator('article[aria-labelledby="product-name"]');
const card = (page: Page, product: ProductRow) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });

/** Waits until `moment`, then runs the Cron as it runs every minute. */
async function cronAfter(page: Page, moment: number) {
  const wait = moment - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 1_000);
  await runCron(page);
}

/** The product page's first HTML, as a browser without scripts gets it. */
async function withoutScripts(browser: Browser, baseURL: string, product: ProductRow) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  const text = (await detail(page).locator('p').first().textContent()) ?? '';
  await context.close();
  return text;
}

test('a timed sale shows its struck-through price and Promo from its start, and not after its end', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  // The newest product: the first card of the catalogue's first page.
  const [product] = await products(admin);
  if (!product) throw new Error('the demo data has products');
  const size = firstInStock(product);
  const prices = product.variants.map((v) => v.price);

  const start = Date.now() + 45_000;
  const end = start + 60_000;
  const sale = await admin.call<{ id: string }>('POST', '/api/admin/sales', {
    name: 'Promo Kilat Uji',
    kind: 'percent',
    value: PERCENT,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
    productIds: [product.id],
  });

  // Before the start: the regular price, no badge. These answers are now in the edge cache.
  await page.goto(`/product/${product.id}`);
  await expect(detail(page).getByRole('heading', { name: product.name })).toBeVisible();
  await expect(detail(page).locator('p').first()).toHaveText(rupiah(size.price));
  await expect(detail(page).getByText('Promo', { exact: true })).toHaveCount(0);
  await page.goto('/products');
  await expect(card(page, product).getByText(range(prices), { exact: true })).toBeVisible();
  await expect(card(page, product).locator('s')).toHaveCount(0);

  // From the start (the Cron's run after it): the badge, the struck regular price, the sale price.
  await cronAfter(page, start);
  await page.goto(`/product/${product.id}`);
  await expect(detail(page).getByText('Promo', { exact: true })).toBeVisible();
  await expect(detail(page).locator('s')).toContainText(rupiah(size.price));
  await expect(detail(page).locator('p').first()).toContainText(`Harga promo ${rupiah(onSale(size.price))}`);
  await page.goto('/products');
  await expect(card(page, product).getByText('Promo', { exact: true })).toBeVisible();
  await expect(card(page, product).locator('s')).toContainText(range(prices));
  await expect(card(page, product)).toContainText(range(prices.map(onSale)));
  // Rendered by the server: a browser without scripts sees the same.
  const plain = await withoutScripts(browser, baseURL as string, product);
  expect(plain).toContain('Promo');
  expect(plain).toContain(rupiah(onSale(size.price)));

  // After the end: the regular price again, nothing struck.
  await cronAfter(page, end);
  await page.goto(`/product/${product.id}`);
  await expect(detail(page).locator('p').first()).toHaveText(rupiah(size.price));
  await expect(detail(page).locator('s')).toHaveCount(0);
  await page.goto('/products');
  await expect(card(page, product).getByText(range(prices), { exact: true })).toBeVisible();
  await expect(card(page, product).locator('s')).toHaveCount(0);

  await admin.call('DELETE', `/api/admin/sales/${sale.id}`);
  await admin.dispose();
});
