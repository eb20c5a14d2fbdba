import { expect, test } from '@playwright/test';
import { expectSameDocument, markDocument, openMenu } from './support.ts';

test('home shows the hero from mfe-shop with its styles', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const title = page.getByRole('heading', { level: 1, name: 'Temukan Aroma Khas Anda' });
  await expect(title).toBeVisible();
  await expect(page).toHaveTitle(/PT\. Global Imperium/);
  // The remote's CSS arrived with it: the hero has its dark gradient.
  const background = await page.locator('section[aria-labelledby="hero-title"]').evaluate((el) => {
    return getComputedStyle(el).backgroundImage;
  });
  expect(background).toContain('linear-gradient');
  await expect(page.getByRole('link', { name: 'Jelajahi Koleksi' })).toHaveAttribute('href', '/collections');
});

test('navigates between remotes without reloading the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Temukan Aroma Khas Anda' })).toBeVisible();
  await markDocument(page);

  await openMenu(page);
  await page.getByRole('link', { name: 'Keranjang' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeVisible();
  await expectSameDocument(page);

  await openMenu(page);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Masuk' })).toBeVisible();
  // The navbar's Login brings the shopper back here afterwards.
  await expect(page).toHaveURL(/\/customer\/login\?next=%2Fcart$/);
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
  await expect(page.getByRole('heading', { name: 'Temukan Aroma Khas Anda' })).toBeVisible();
  await expectSameDocument(page);

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeVisible();
  await expectSameDocument(page);
});

test('an unknown path answers 404 with the not-found page and a link home', async ({ page }) => {
  const response = await page.goto('/tidak-ada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Halaman Tidak Ditemukan' })).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke Beranda' }).click();
  await expect(page.getByRole('heading', { name: 'Temukan Aroma Khas Anda' })).toBeVisible();
});

test('a remote that cannot load shows an error with retry while the navbar keeps working', async ({
  page,
}) => {
  await page.route('**/mfe/cart/**', (route) => route.abort('failed'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Temukan Aroma Khas Anda' })).toBeVisible();

  await openMenu(page);
  await page.getByRole('link', { name: 'Keranjang' }).click();
  await expect(page.getByRole('heading', { name: 'Bagian ini gagal dimuat' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Coba Lagi' });
  await expect(retry).toBeVisible();

  // The rest of the shop still works.
  await openMenu(page);
  await page.getByRole('link', { name: 'Beranda' }).click();
  await expect(page.getByRole('heading', { name: 'Temukan Aroma Khas Anda' })).toBeVisible();

  // Once the network is back, retry loads the remote in place.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Bagian ini gagal dimuat' })).toBeVisible();
  await page.unroute('**/mfe/cart/**');
  await page.getByRole('button', { name: 'Coba Lagi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeVisible();
});
