import { expect, type Page, test } from '@playwright/test';
import {
  ApiClient,
  appStarted,
  demoProducts,
  fillAddress,
  ownNetwork,
  TURNSTILE_TOKEN,
  uniqueEmail,
} from './support.ts';

// Each shopper on a network of their own (support.ts: ownNetwork).
test.beforeEach(({ page }) => ownNetwork(page));

// Issue 29: how the shop moves between pages, on a phone (the journeys' default device).

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls down to the footer the way a shopper's thumb would. */
async function scrollToFooter(page: Page) {
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
}

test('a new page opens at its top and Back returns to where the shopper was', async ({ page }) => {
  await page.goto('/products');
  await appStarted(page);
  const details = page.getByRole('link', { name: /Lihat Detail/ });
  await expect(details.nth(5)).toBeVisible();
  await details.nth(5).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 100);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  // Where the shopper was is what they saw: the card's place on the screen. Its scrollY may differ
  // by what loads above it later (the browser's scroll anchoring keeps the card in place).
  const cardTop = async () => Math.round((await details.nth(5).boundingBox())?.y ?? Number.NaN);
  const listPlace = await cardTop();
  await details.nth(5).click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  await expect.poll(cardTop).toBe(listPlace);

  // The footer's links too.
  await scrollToFooter(page);
  await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('from the cart, signing in (or registering) returns to the cart, which opens at its top', async ({
  page,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.goto('/cart');
  await appStarted(page);
  await scrollToFooter(page);
  await page.getByRole('link', { name: 'Login untuk Checkout' }).click();
  // Signing in is on the way to checkout (issue 37): the login leads there.
  await expect(page).toHaveURL(/\/login\?next=%2Fcart%3Fcheckout$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.getByRole('link', { name: 'Daftar di sini' }).click();
  await page.getByLabel('Nama').fill('Rina Kembali');
  await page.getByLabel('Email').fill(uniqueEmail('kembali'));
  await page.getByLabel('Password', { exact: true }).fill('rahasia123');
  await page.getByLabel('Konfirmasi Password').fill('rahasia123');
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page).toHaveURL(/\/cart\?checkout$/);
  await expect(page.getByRole('heading', { name: 'Informasi Pengiriman' })).toBeVisible();
  await api.dispose();
});

test('checkout is a place of its own: Back leaves it for the cart, Forward and a reload keep what was typed', async ({
  page,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  const res = await page.request.post('/api/auth/register', {
    headers: { origin: baseURL as string },
    data: {
      name: 'Sari Balik',
      email: uniqueEmail('balik'),
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
      turnstileToken: TURNSTILE_TOKEN,
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/products');
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await expect(page).toHaveURL(/\/cart\?checkout$/);
  const address = {
    province: 'Jawa Barat',
    regency: 'Kota Bandung',
    district: 'Coblong',
    postalCode: '40132',
    street: 'Jl. Melati No. 7',
  };
  await fillAddress(page, address);
  await page.getByRole('radio', { name: /Kilat/ }).check();

  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: 'Lanjut ke Checkout' })).toBeVisible();

  const typed = async () => {
    await expect(page.getByLabel('Nomor Telepon')).toHaveValue('0812-3456-7890');
    await expect(page.getByLabel('Kecamatan').locator('option:checked')).toHaveText('Coblong');
    await expect(page.getByLabel('Kode Pos')).toHaveValue('40132');
    await expect(page.getByLabel('Alamat Lengkap')).toHaveValue('Jl. Melati No. 7');
    await expect(page.getByRole('radio', { name: /Kilat/ })).toBeChecked();
  };
  await page.goForward();
  await expect(page).toHaveURL(/\/cart\?checkout$/);
  await typed();
  await page.reload();
  await typed();
  // Kept in the tab, never sent: no cookie carries it.
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => decodeURIComponent(c.value)).join(' ')).not.toContain('Melati');

  // The form's own button leads back to the lines too.
  await page.getByRole('button', { name: '← Kembali' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await api.dispose();
});
