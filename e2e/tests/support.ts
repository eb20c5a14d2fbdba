import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';

export const ADMIN = { email: 'admin@globalimperium.id', password: 'admin12345' };

/** Opens the mobile menu when the viewport hides the links behind it. */
export async function openMenu(page: Page) {
  await appStarted(page);
  const toggle = page.getByRole('button', { name: 'Buka menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/**
 * The page arrives rendered by the server, navbar included, before the app's scripts
 * run: until React owns the navbar (hydrated, or rendered in the browser) links load
 * whole pages and the menu button does nothing.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => {
    const nav = document.querySelector('nav[aria-label="Navigasi utama"]');
    return nav !== null && Object.keys(nav).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Marks the current document; the mark survives client-side navigation only. */
export async function markDocument(page: Page) {
  await appStarted(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

/** A network of its own for one shopper: an address as Cloudflare's CF-Connecting-IP would tell it. */
const randomNetwork = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * The page's browser on a network of its own, as real shoppers are: the suite's many unpaid
 * orders would otherwise all come from 127.0.0.1 and meet the limits one network has (stock
 * held per network, decision 037; unpaid orders per network, decision 023).
 */
export async function ownNetwork(page: Page) {
  await page.context().setExtraHTTPHeaders({ 'cf-connecting-ip': randomNetwork() });
}

/**
 * An API client signed in as someone, outside any browser: it sends the shop's
 * Origin (the API refuses foreign ones) and carries the session cookies itself.
 */
export class ApiClient {
  private cookie = '';
  /**
   * Each client is a shopper on a network of its own, as Cloudflare's CF-Connecting-IP tells the
   * Worker: the suite's many sign-ups then stay under the limit one network has (decision 023).
   */
  private readonly address = randomNetwork();

  private constructor(
    private readonly http: APIRequestContext,
    private readonly origin: string,
  ) {}

  static async create(baseURL: string): Promise<ApiClient> {
    return new ApiClient(await request.newContext({ baseURL }), baseURL);
  }

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await this.http.fetch(path, {
      method,
      headers: { origin: this.origin, cookie: this.cookie, 'cf-connecting-ip': this.address, ...headers },
      ...(body === undefined ? {} : { data: body }),
    });
    const setCookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value.split(';')[0] ?? '');
    if (setCookies.length > 0) {
      const jar = new Map(
        this.cookie
          .split('; ')
          .filter(Boolean)
          .map((p) => p.split('=', 2) as [string, string]),
      );
      for (const pair of setCookies) {
        const [name, value] = pair.split('=', 2) as [string, string];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (!res.ok()) throw new Error(`${method} ${path}: HTTP ${res.status()} ${await res.text()}`);
    return (res.status() === 204 ? null : await res.json()) as T;
  }

  async signIn(email: string, password: string): Promise<this> {
    await this.call('POST', '/api/auth/login', { email, password });
    return this;
  }

  async dispose() {
    await this.http.dispose();
  }
}

export interface SizeRow {
  id: string;
  size_ml: number | null;
  price: number;
  stock: number | null;
  sku: string | null;
  /** A live timed sale's price and end (decision 046): read only, the admin's form never sends them. */
  sale_price?: number | null;
  sale_ends_at?: string | null;
  /** A discovery set's samples (decision 061): read only, composed at its own endpoint. */
  contents?: unknown;
}

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  /** The lowest of its sizes' prices. */
  price: number;
  image: string;
  /** The widths of the photo's stored copies (decision 017). */
  image_widths: number[];
  variants: SizeRow[];
}

/** The size a product page and a card's quick add start with: the first one in stock. */
export function firstInStock(product: ProductRow): SizeRow {
  const size = product.variants.find((v) => v.stock === null || v.stock > 0);
  if (!size) throw new Error(`${product.name} has a size in stock`);
  return size;
}

/** A cart line's name as its buttons say it: the product and its size. */
export const lineName = (product: ProductRow, size = firstInStock(product)) =>
  `${product.name} ${size.size_ml} ml`;

export async function products(api: ApiClient): Promise<ProductRow[]> {
  return (await api.call<{ items: ProductRow[] }>('GET', '/api/products?pageSize=50')).items;
}

/** The newest two products of the demo data, which every seeded shop has. */
export async function demoProducts(api: ApiClient): Promise<[ProductRow, ProductRow]> {
  const [first, second] = await products(api);
  if (!first || !second) throw new Error('the demo data has products');
  return [first, second];
}

/** A price as the shop shows it, formatted independently of the app's own code. */
export const rupiah = (n: number) => `Rp ${new Intl.NumberFormat('id-ID').format(n)}`;

let sequence = 0;
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@contoh.id`;
}

/** A delivery address in Kec. Gambir, Jakarta Pusat (seeded zone Jabodetabek), as the API takes it. */
export const JAKARTA_ADDRESS = {
  customerPhone: '0812-3456-7890',
  provinceCode: '31',
  regencyCode: '31.71',
  districtCode: '31.71.01',
  postalCode: '10110',
};

/**
 * Fills a delivery address (checkout's, or the account's address book within `page`):
 * phone, province › regency/city › district, postal code, street.
 */
export async function fillAddress(
  page: Page | Locator,
  address: { province: string; regency: string; district: string; postalCode: string; street: string },
) {
  await page.getByLabel('Nomor Telepon').fill('0812-3456-7890');
  await page.getByLabel('Provinsi').selectOption({ label: address.province });
  await page.getByLabel('Kabupaten/Kota').selectOption({ label: address.regency });
  await page.getByLabel('Kecamatan').selectOption({ label: address.district });
  await page.getByLabel('Kode Pos').fill(address.postalCode);
  await page.getByLabel('Alamat Lengkap').fill(address.street);
}

// Where `wrangler dev` keeps each sent message (see email.spec.ts).
const emailDir = fileURLToPath(new URL('../../.wrangler/tmp/email', import.meta.url));

/** Every email sent so far: its file and its text. */
export function sentTexts(): Map<string, string> {
  if (!existsSync(emailDir)) return new Map();
  return new Map(
    readdirSync(emailDir).flatMap((session) => {
      const dir = join(emailDir, session, 'email-text');
      return existsSync(dir)
        ? readdirSync(dir).map((name) => [join(dir, name), readFileSync(join(dir, name), 'utf8')] as const)
        : [];
    }),
  );
}

/** The texts of the emails sent since `before` that mention the order. */
export const newMailsAbout = (before: Set<string>, ref: string) =>
  [...sentTexts()].filter(([path, text]) => !before.has(path) && text.includes(ref)).map(([, text]) => text);

/** A new customer, signed in through the API. */
export async function registerCustomer(baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  const api = await ApiClient.create(baseURL);
  await api.call('POST', '/api/auth/register', {
    name: 'Rina Transfer',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    turnstileToken: TURNSTILE_TOKEN,
  });
  await api.signIn(email, 'rahasia123');
  return { api, email };
}

export async function signIn(page: Page, email: string, password: string, loginPath = '/customer/login') {
  await ownNetwork(page);
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: loginPath === '/admin/login' ? 'Login' : 'Masuk' }).click();
}

/** The admin signed in on a desktop-sized page of its own. */
export async function adminPage(browser: Browser): Promise<Page> {
  // The dashboard is for tablets and desktops (as in admin.spec.ts).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/login');
  await expect(page.getByText('Selamat datang')).toBeVisible();
  return page;
}

// Two-factor sign-in of staff (decision 053), as an authenticator app would do it: the codes are
// computed here from the key the profile shows, independently of the Worker's own TOTP code.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const stepNow = () => Math.floor(Date.now() / 30_000);

/** RFC 6238 with SHA-1, 6 digits, 30 s: what the app shows for `secret` at `step`. */
export function totp(secret: string, step: number): string {
  const bits = [...secret].map((char) => BASE32.indexOf(char).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac[19] as number) & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The app's code once a step later than `used` has come: a code is good once (replay). */
export async function nextCode(secret: string, used: number): Promise<{ code: string; step: number }> {
  while (stepNow() <= used) await new Promise((resolve) => setTimeout(resolve, 1000));
  const step = stepNow();
  return { code: totp(secret, step), step };
}

/**
 * Turns two-factor on from the open 'Profil Admin': the key shown, a code of it, the ten recovery
 * codes shown once. The key, the step of the code spent, and the recovery codes.
 */
export async function turnOnTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Pasang Verifikasi Dua Langkah' }).click();
  await expect(page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const step = stepNow();
  await page.getByLabel('Kode Verifikasi').fill(totp(secret, step));
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  const list = page.getByRole('list', { name: 'Kode pemulihan' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'Saya Sudah Menyimpannya' }).click();
  await expect(page.getByText('Aktif. Sisa kode pemulihan: 10.')).toBeVisible();
  return { secret, step, recoveryCodes };
}

/** Signs the staff member out from the admin's header. */
export async function adminLogout(page: Page) {
  await page
    .locator('header')
    .filter({ hasText: 'Selamat datang' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/login/);
}

/** The admin login's password step for an account with two-factor: the code step must follow. */
export async function passwordStep(page: Page, email: string, password: string) {
  await signIn(page, email, password, '/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Verifikasi Dua Langkah' })).toBeVisible();
}

/** The code step of the admin login: an app's code or a recovery code. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Kode Verifikasi').fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
}

/** The local gateway (scripts/gateway-simulator.mjs), which scripts/start.mjs runs on the shop's port + 1000. */
export const gatewayUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788) + 1000}`;
/** The local courier service (scripts/courier-simulator.mjs), on the shop's port + 2000. */
export const courierUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788) + 2000}`;

/** Checkout's fields of an address in Kebayoran Baru, Jakarta Selatan, which the courier service prices. */
export const JAKARTA_SELATAN = {
  province: 'Daerah Khusus Ibukota Jakarta',
  regency: 'Kota Administrasi Jakarta Selatan',
  district: 'Kebayoran Baru',
  postalCode: '12110',
  street: 'Jl. Senopati No. 12',
};

/** Checkout's way to pay, by the name its radio says ('QRIS', 'Virtual Account BCA', 'Transfer Bank (manual)'). */
export async function choosePayment(page: Page, method: string) {
  await page
    .getByRole('group', { name: 'Cara Pembayaran' })
    .getByRole('radio', { name: method, exact: true })
    .check();
}

/** The local gateway's buttons a journey presses (its ACTIONS), the last as if the shop's cancel never arrived. */
type GatewayButton =
  | 'Bayar'
  | 'Buat kedaluwarsa'
  | 'Bayar walau sudah dibatalkan (uji: pembatalan tidak sampai)';

/**
 * Presses one of the local gateway's buttons on a payment attempt (its id is Midtrans's order_id),
 * from the simulator's list in another tab of the shopper's browser, as a tester would.
 */
export async function onGateway(
  from: Page,
  attemptId: string,
  { button = 'Bayar', amount }: { button?: GatewayButton; amount?: number } = {},
) {
  const tab = await from.context().newPage();
  await tab.goto(gatewayUrl);
  const transaction = tab.getByRole('region', { name: `Transaksi ${attemptId}` });
  // What the gateway charges: the order's one total.
  if (amount !== undefined) await expect(transaction).toContainText(`Total: ${rupiah(amount)}`);
  await transaction.getByRole('button', { name: button, exact: true }).click();
  await expect(tab.getByRole('region', { name: `Transaksi ${attemptId}` })).not.toContainText('pending');
  await tab.close();
}

/**
 * The token Turnstile's always-pass test keys accept (decision 036), which the local stand-in
 * (scripts/turnstile-simulator.mjs) verifies: what an API registration sends as a browser would.
 */
export const TURNSTILE_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** The street of the default address `returningShopper` saves, which checkout then shows. */
export const SAVED_STREET = 'Jl. Kebon Sirih No. 10';

/** A new customer with a default address in Jakarta (`SAVED_STREET`), signed in on `page`. */
export async function returningShopper(page: Page, baseURL: string, prefix: string, name = 'Rina Transfer') {
  const { api, email } = await registerCustomer(baseURL, prefix);
  await api.call('POST', '/api/addresses', {
    customerName: name,
    ...JAKARTA_ADDRESS,
    customerAddress: SAVED_STREET,
    isDefault: true,
  });
  await signIn(page, email, 'rahasia123');
  await expect(page).toHaveURL(/\/$/);
  return { api, email };
}

/** A returning shopper's way from the product page through the cart to checkout: the saved address and 'Reguler' chosen. */
export async function toCheckout(page: Page, product: ProductRow) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText('Produk ditambahkan').first()).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await expect(page.getByLabel('Alamat Tersimpan')).toContainText(SAVED_STREET);
  await expect(page.getByRole('radio', { name: /Reguler/ })).toBeChecked();
}

/** An order as its customer reads it (`T`: the fields the journey reads). */
export const orderOf = async <T>(page: Page, id: string) =>
  (await (await page.request.get(`/api/orders/${id}`)).json()) as T;

/** Checkout's 'Buat Pesanan' pressed: the order's own page opens; answers the order. */
export async function placeOrder<T>(page: Page): Promise<T> {
  await page.getByRole('button', { name: 'Buat Pesanan' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  return orderOf<T>(page, page.url().split('/').at(-1) as string);
}

/**
 * An order placed through the API by a signed-in customer: one unit of the product's first size in
 * stock, to Jakarta by 'Reguler', paid by manual transfer unless `extra` says otherwise.
 */
export function apiOrder<T = { id: string }>(
  customer: { api: ApiClient; email: string },
  name: string,
  product: ProductRow,
  extra: Record<string, unknown> = {},
): Promise<T> {
  return customer.api.call<T>(
    'POST',
    '/api/orders',
    {
      items: [{ productId: product.id, variantId: firstInStock(product).id, quantity: 1 }],
      customer: {
        customerName: name,
        customerEmail: customer.email,
        customerAddress: SAVED_STREET,
        ...JAKARTA_ADDRESS,
      },
      shippingServiceId: 'jabodetabek-reguler',
      paymentChannel: 'bank_transfer',
      ...extra,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

/** An order placed through the API and taken to 'Diterima' by the admin: the fastest way to a buyer who may review. */
export async function deliveredOrder(
  admin: ApiClient,
  buyer: { api: ApiClient; email: string },
  name: string,
  product: ProductRow,
) {
  const order = await apiOrder(buyer, name, product);
  for (const body of [
    { status: 'processing' },
    { status: 'shipped', courier: 'JNE', trackingNumber: `JNE-${order.id.slice(0, 8)}` },
    { status: 'delivered' },
  ]) {
    await admin.call('PATCH', `/api/admin/orders/${order.id}/status`, body);
  }
  return order;
}

/** A size as the admin reads it: with its shipping weight and box. */
interface AdminSizeRow extends SizeRow {
  weight_grams: number;
  weight_estimated: boolean;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}

/**
 * The admin's product form saved as the admin reads it, each size changed by `change`. A PUT
 * replaces the whole product: what other journeys read (descriptions, photos and their widths,
 * notes, weights) goes back as it was; each size's stock as read goes along, which the save
 * compares (decision 025).
 */
export async function saveProduct(
  admin: ApiClient,
  id: string,
  change: (size: AdminSizeRow) => Record<string, unknown>,
) {
  const product = await admin.call<{
    name: string;
    description: string;
    images: unknown[];
    notes: unknown;
    concentration: string | null;
    gender: string | null;
    variants: AdminSizeRow[];
  }>('GET', `/api/admin/products/${id}`);
  await admin.call('PUT', `/api/products/${id}`, {
    name: product.name,
    description: product.description,
    images: product.images,
    notes: product.notes,
    concentration: product.concentration,
    gender: product.gender,
    // Each size as the admin's form sends it back: without its live sale or a set's samples (read only).
    variants: product.variants.map((size) => {
      const {
        weight_estimated: _estimated,
        sale_price: _price,
        sale_ends_at: _ends,
        contents: _contents,
        ...form
      } = size;
      return { ...form, expected_stock: size.stock, ...change(size) };
    }),
  });
}

/** The Cron Trigger, run now: `wrangler dev --test-scheduled` runs it on GET /__scheduled (production: every minute). */
export async function runCron(page: Page) {
  expect((await page.request.get('/__scheduled')).ok()).toBe(true);
}

/** Mobile first: the page scrolls no wider than the phone's `width`. */
export async function noSidewaysScroll(page: Page, width = 360) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * An admin section on a 360 px phone, once loaded: the page no wider than the screen and nothing
 * reaching past its right edge outside a region that scrolls on purpose (a table's head and caption).
 */
export async function adminFitsPhone(page: Page, view: string) {
  await page.waitForLoadState('networkidle');
  const wide = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    parts: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => !el.closest('thead, caption'))
      .map((el) => `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`)
      .slice(0, 3),
  }));
  expect(wide, view).toEqual({ page: 360, parts: [] });
}
