import { expect, type Page, test } from '@playwright/test';
import {
  ApiClient,
  demoProducts,
  lineName,
  newMailsAbout,
  ownNetwork,
  type ProductRow,
  runCron,
  sentTexts,
  signIn,
  uniqueEmail,
} from './support.ts';

// Saved carts (decision 050). The journeys' shop sends a cart's reminder 5 seconds after its last
// change and at most one per 15 seconds (playwright.config.ts: --cart-reminder-delay/-pause).

const PASSWORD = 'rahasia123';
// The mail's text (the saved files hold the body, not the subject).
const REMINDER = 'Produk pilihan Anda masih menunggu di keranjang';
const CONSENT = 'Kirimi saya pengingat keranjang dan promo';

/** The saved cart's PUT that follows a change (sent a second after it). */
const cartSaved = (page: Page) =>
  page.waitForResponse(
    (res) => res.url().endsWith('/api/cart') && res.request().method() === 'PUT' && res.ok(),
    { timeout: 30_000 },
  );

async function addFromProductPage(page: Page, product: ProductRow) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const saved = cartSaved(page);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText('Produk ditambahkan').first()).toBeVisible();
  await saved;
}

test("a consenting customer's cart follows them to another device; its one reminder stops at the unsubscribe", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const shop = await ApiClient.create(baseURL as string);
  const [perfume] = await demoProducts(shop);
  const email = uniqueEmail('keranjang');
  await ownNetwork(page);

  // Sign-up asks for the consent, unticked until the customer ticks it.
  await page.goto('/customer/register');
  await page.getByLabel('Nama').fill('Rina Keranjang');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Konfirmasi Password').fill(PASSWORD);
  const consent = page.getByLabel(CONSENT);
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expect(page.getByLabel('Saya bukan robot')).toBeChecked();
  const registered = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
  const merged = page.waitForResponse((res) => res.url().endsWith('/api/cart/merge'));
  await page.getByRole('button', { name: 'Daftar' }).click();
  expect((await registered).postDataJSON().marketingConsent).toBe(true);
  await expect(page.getByText('Registrasi berhasil')).toBeVisible();
  expect((await merged).ok()).toBe(true);

  const before = new Set(sentTexts().keys());
  await addFromProductPage(page, perfume);

  // Another device: signing in brings the cart.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, email, PASSWORD);
  await expect(phone.getByText('Login berhasil')).toBeVisible();
  await phone.goto('/cart');
  await expect(phone.getByRole('button', { name: `Tambah jumlah ${lineName(perfume)}` })).toBeVisible();

  // Left alone: one reminder, however often the Cron runs.
  await expect
    .poll(
      async () => {
        await runCron(page);
        return newMailsAbout(before, REMINDER).length;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(1);
  for (let run = 0; run < 3; run += 1) await runCron(page);
  await page.waitForTimeout(2_000);
  const [mail] = newMailsAbout(before, REMINDER);
  expect(newMailsAbout(before, REMINDER)).toHaveLength(1);
  expect(mail).toContain(perfume.name);
  expect(mail).toContain(`${new URL(baseURL as string).port}/cart`);

  // The unsubscribe link works without signing in: its page asks first (decision 048), and its
  // button lands on the home page, which says so.
  const unsubscribe = new URL(
    /https?:\/\/\S+\/api\/marketing\/unsubscribe\?token=\S+/.exec(mail ?? '')?.[0] ?? '',
  );
  const stranger = await browser.newPage();
  await stranger.goto(unsubscribe.pathname + unsubscribe.search);
  await stranger.getByRole('button', { name: 'Ya, berhenti berlangganan' }).click();
  await expect(stranger).toHaveURL(/\/\?langganan=berhenti$/);
  await stranger.close();

  // A change after the pause would earn a new reminder; after the unsubscribe none comes.
  const saved = cartSaved(phone);
  await phone.getByRole('button', { name: `Tambah jumlah ${lineName(perfume)}` }).click();
  await saved;
  await phone.waitForTimeout(20_000);
  for (let run = 0; run < 3; run += 1) {
    await runCron(page);
    await page.waitForTimeout(2_000);
  }
  expect(newMailsAbout(before, REMINDER)).toHaveLength(1);
  await other.close();
  await shop.dispose();
});
