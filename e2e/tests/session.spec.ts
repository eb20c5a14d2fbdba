import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, ApiClient, demoProducts, openMenu, TURNSTILE_TOKEN, uniqueEmail } from './support.ts';

// The access cookie lives 15 minutes; the browser then drops it. Removing it is the
// same state, without the wait (Playwright's clock moves the page's timers, not the
// cookie store's).
const ACCESS_COOKIE = '__Host-gi_at';
const forgetAccessToken = (context: BrowserContext) => context.clearCookies({ name: ACCESS_COOKIE });

/**
 * Loads a page and returns the session the browser then asks for: the page itself never carries it,
 * so a guest's page can come from the edge cache (decision 021).
 */
async function sessionAfter(
  page: Page,
  load: () => Promise<unknown>,
): Promise<{ user: { email: string } | null }> {
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/auth/session' && res.request().method() === 'GET',
  );
  const [res] = await Promise.all([answer, load()]);
  return res.json();
}

async function newCustomer(baseURL: string): Promise<{ email: string; password: string; name: string }> {
  const customer = { email: uniqueEmail('sesi'), password: 'rahasia123', name: 'Sari Lestari' };
  const api = await ApiClient.create(baseURL);
  await api.call('POST', '/api/auth/register', {
    ...customer,
    confirmPassword: customer.password,
    turnstileToken: TURNSTILE_TOKEN,
  });
  await api.dispose();
  return customer;
}

async function signInAsCustomer(page: Page, email: string, password: string) {
  await page.goto('/customer/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function expectSignedInNavbar(page: Page, name: string) {
  await openMenu(page);
  const menu = page.getByRole('navigation', { name: 'Navigasi utama' });
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByText(name)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
}

test.describe('the admin', () => {
  test.use({
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  test('stays in the dashboard after the access cookie is gone', async ({ page, context }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Selamat datang')).toBeVisible();

    await forgetAccessToken(context);
    // The session call renews it: no detour through /login.
    expect((await sessionAfter(page, () => page.reload())).user?.email).toBe(ADMIN.email);
    await expect(page.getByText('Selamat datang')).toBeVisible();
    await expect(page.getByText('Total Penjualan')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);

    // The cookie goes again while the dashboard is open: its next API call renews and retries.
    await forgetAccessToken(context);
    const orders = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/admin/orders' && res.status() === 200,
    );
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Lihat Pesanan', exact: true })
      .or(page.getByRole('navigation').getByRole('button', { name: 'Lihat Pesanan', exact: true }))
      .first()
      .click();
    await orders;
    await expect(page.getByLabel('Cari pesanan')).toBeVisible();
    await expect(page).toHaveURL(/\/admin/);
  });
});

test("a customer's navbar and the cart's server-rendered first screen stay signed in", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const customer = await newCustomer(baseURL as string);
  await signInAsCustomer(page, customer.email, customer.password);
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  await api.dispose();
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText('Produk ditambahkan').first()).toBeVisible();

  await forgetAccessToken(context);
  expect((await sessionAfter(page, () => page.goto('/'))).user?.email).toBe(customer.email);
  // The page holds nobody's session.
  expect(await page.locator('#gi-data').textContent()).not.toContain('/api/auth/session');
  await expectSignedInNavbar(page, customer.name);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Lanjut ke Checkout' })).toBeVisible();

  // What the Worker rendered, before any script: the cart's lines, and no login prompt for a
  // signed-in shopper while the browser has not yet asked for the session.
  await forgetAccessToken(context);
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const cart = await noScript.newPage();
  await cart.goto(`${baseURL}/cart`);
  await expect(cart.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeVisible();
  await expect(cart.getByText(product.name).first()).toBeVisible();
  await expect(cart.getByText('Login untuk Checkout')).toHaveCount(0);
  await noScript.close();
});

test('two tabs that refresh at the same moment both stay signed in', async ({ page, context, baseURL }) => {
  const customer = await newCustomer(baseURL as string);
  await signInAsCustomer(page, customer.email, customer.password);
  const other = await context.newPage();
  await other.goto('/about');

  const refresh = (tab: Page) =>
    tab.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status);
  expect(await Promise.all([refresh(page), refresh(other)])).toEqual([200, 200]);

  // The family lives on: whichever token the browser kept, both tabs are signed in.
  await forgetAccessToken(context);
  for (const tab of [page, other]) {
    expect((await sessionAfter(tab, () => tab.reload())).user?.email).toBe(customer.email);
    await expectSignedInNavbar(tab, customer.name);
  }
});

test('after logout the old access cookie gets 401 at once', async ({ page, context, baseURL }) => {
  const customer = await newCustomer(baseURL as string);
  await signInAsCustomer(page, customer.email, customer.password);
  const access = (await context.cookies()).find((cookie) => cookie.name === ACCESS_COOKIE);
  expect(access).toBeDefined();
  expect((await page.request.get('/api/orders/mine')).status()).toBe(200);

  await openMenu(page);
  const loggedOut = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(200);

  // Someone kept a copy of the access cookie: it is refused now, not 15 minutes later.
  if (access) await context.addCookies([access]);
  const res = await page.request.get('/api/orders/mine');
  expect(res.status()).toBe(401);
  expect((await sessionAfter(page, () => page.reload())).user).toBeNull();
});
