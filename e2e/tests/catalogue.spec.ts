import { expect, type Page, test } from '@playwright/test';
import { ApiClient, appStarted, type ProductRow } from './support.ts';

// /products as a shopper finds a perfume: search by an Indonesian scent word, sort,
// filter, walk back through history, and share a filtered list (issue 15, decision 013).

const cards = (page: Page) => page.getByRole('article').getByRole('heading');

/** The API's answer for a filtered list: other journeys change demo prices, so the order is read, not assumed. */
async function listed(baseURL: string, query: string): Promise<ProductRow[]> {
  const api = await ApiClient.create(baseURL);
  const { items } = await api.call<{ items: ProductRow[] }>('GET', `/api/products?${query}`);
  await api.dispose();
  return items;
}

/** Each card's lowest price: a card shows 'Rp 459.000', or a range 'Rp 279.000 – Rp 779.000'. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('article')
    .getByText(/^Rp [\d.]+( – Rp [\d.]+)?$/)
    .allTextContents();
  return texts.map((text) => Number((text.split(' – ')[0] ?? '').replace(/\D/g, '')));
}

test('a shopper searches by scent, sorts by price, filters a collection, goes back, and shares the list', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/products');
  await appStarted(page);

  // Two cards side by side on a phone.
  const articles = page.getByRole('article');
  await expect(articles.nth(1)).toBeVisible();
  // Polled: the page's layout may still be settling at this point.
  await expect
    .poll(async () => {
      const [a, b] = [await articles.nth(0).boundingBox(), await articles.nth(1).boundingBox()];
      return Boolean(a && b && b.y === a.y && b.x >= a.x + a.width);
    })
    .toBe(true);

  // 'jeruk' is in Citrus Bloom's description, not its name.
  await page.getByRole('searchbox', { name: 'Cari produk' }).fill('jeruk');
  await expect(page).toHaveURL(/\/products\?q=jeruk$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Citrus Bloom' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Oud Royale' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Cari produk' }).fill('');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Oud Royale' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Urutkan' }).selectOption({ label: 'Harga terendah' });
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  const cheapest = await listed(baseURL as string, 'sort=price-asc');
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(cheapest[0]?.name ?? '');
  const ascending = await cardPrices(page);
  expect(ascending.length).toBeGreaterThan(10);
  expect(ascending).toEqual([...ascending].sort((x, y) => x - y));

  await page.getByRole('combobox', { name: 'Koleksi' }).selectOption({ label: 'Edisi Mewah' });
  await expect(page).toHaveURL(/\/products\?sort=price-asc&collection=luxury$/);
  const luxuryRows = await listed(baseURL as string, 'sort=price-asc&collection=luxury');
  const luxury = luxuryRows.map((p) => p.name);
  expect(luxury).toEqual(expect.arrayContaining(['Santal Kraton', 'Oud Royale']));
  await expect(cards(page)).toHaveText(luxury);

  // Back to the previous filter: every product again, still cheapest first.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  await expect(page.getByRole('combobox', { name: 'Koleksi' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Urutkan' })).toHaveValue('price-asc');
  await expect.poll(() => cardPrices(page)).toEqual(ascending);

  // The shared link, opened fresh without JavaScript, shows the same list from the server.
  const fresh = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const shared = await fresh.newPage();
  await shared.goto('/products?sort=price-asc&collection=luxury');
  await expect(cards(shared)).toHaveText(luxury);
  await expect(shared.getByRole('combobox', { name: 'Koleksi' })).toHaveValue('luxury');
  // Its plain form still filters: a price range, applied by the server.
  await shared.getByRole('spinbutton', { name: 'Harga maksimum' }).fill('1000000');
  await shared.getByRole('button', { name: 'Terapkan' }).click();
  await expect(shared).toHaveURL(/collection=luxury&size=&note=&concentration=&gender=&min=&max=1000000$/);
  await expect(cards(shared)).toHaveText(luxuryRows.filter((p) => p.price <= 1_000_000).map((p) => p.name));
  await fresh.close();
});
