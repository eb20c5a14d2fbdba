import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  appStarted,
  choosePayment,
  fillAddress,
  ownNetwork,
  type ProductRow,
  rupiah,
  TURNSTILE_TOKEN,
  uniqueEmail,
} from './support.ts';

// Each shopper on a network of their own (support.ts: ownNetwork).
test.beforeEach(({ page }) => ownNetwork(page));

// Sizes and stock (issue 15, decision 016): a shopper filters by size, picks one on the
// product page, buys it, and the order takes its stock; a sold-out size cannot be bought.
// Melati Malam is seeded in 30, 50 and 100 ml (Rp 279.000, 459.000, 779.000), 1 left of the 100 ml.

const JAKARTA = {
  province: 'Daerah Khusus Ibukota Jakarta',
  regency: 'Kota Administrasi Jakarta Pusat',
  district: 'Gambir',
  postalCode: '10110',
  street: 'Jl. Melati No. 9',
};

async function melati(api: ApiClient): Promise<ProductRow> {
  const { items } = await api.call<{ items: ProductRow[] }>('GET', '/api/products?q=melati%20malam');
  const found = items.find((p) => p.name === 'Melati Malam');
  if (!found) throw new Error('Melati Malam is in the demo data');
  return found;
}

const sizeOf = (product: ProductRow, ml: number) => {
  const size = product.variants.find((v) => v.size_ml === ml);
  if (!size) throw new Error(`${product.name} comes in ${ml} ml`);
  return size;
};

test('a shopper filters by size, picks sizes, buys them and the order takes their stock; the sold-out size cannot be bought', async ({
  page,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const before = await melati(api);
  expect(sizeOf(before, 100).stock).toBe(1);
  const email = uniqueEmail('ukuran');
  await api.call('POST', '/api/auth/register', {
    name: 'Rina',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    turnstileToken: TURNSTILE_TOKEN,
  });
  await page.goto('/customer/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rahasia123');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The size filter, in the URL: only perfumes sold in 100 ml; a sold-out one says so on its card.
  await page.goto('/products');
  await appStarted(page);
  await page.getByRole('combobox', { name: 'Ukuran' }).selectOption({ label: '100 ml' });
  await expect(page).toHaveURL(/\/products\?size=100$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Paket Duo Mini' })).toHaveCount(0);
  const kasturi = page.getByRole('article').filter({ hasText: 'Kasturi Emas' });
  await expect(kasturi.getByRole('paragraph').filter({ hasText: 'Stok habis' })).toBeVisible();
  await expect(kasturi.getByRole('button', { name: 'Stok habis' })).toBeDisabled();
  const card = page.getByRole('article').filter({ hasText: 'Melati Malam' });
  await expect(card.getByText('Rp 279.000 – Rp 779.000')).toBeVisible();
  await card.getByRole('link', { name: 'Lihat Detail' }).click();

  // The product page starts with the first size in stock; price, availability and button follow the choice.
  await expect(page.getByRole('heading', { level: 1, name: 'Melati Malam' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '30 ml' })).toBeChecked();
  await page.getByText('50 ml', { exact: true }).click();
  await expect(page.getByText('50 ml · Tersedia')).toBeVisible();
  await expect(page.getByText(rupiah(459_000)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText('Melati Malam 50 ml masuk ke keranjang.')).toBeVisible();
  await page.getByText('100 ml', { exact: true }).click();
  await expect(page.getByText('100 ml · Sisa 1')).toBeVisible();
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  // The cart: one line per size, each with its subtotal; the 100 ml cannot go past its stock.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Tambah jumlah Melati Malam 50 ml' }).click();
  await expect(page.getByRole('button', { name: 'Tambah jumlah Melati Malam 100 ml' })).toBeDisabled();
  const line50 = page.getByRole('listitem').filter({ hasText: '50 ml · Rp 459.000' });
  await expect(line50.getByText(rupiah(2 * 459_000))).toBeVisible();
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await fillAddress(page, JAKARTA);
  await expect(page.getByRole('radio', { name: /Reguler/ })).toBeChecked();
  await choosePayment(page, 'Virtual Account BCA');
  await page.getByRole('button', { name: 'Buat Pesanan' }).click();
  await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);

  // Stock taken: 2 of the 50 ml, the last 100 ml.
  const after = await melati(api);
  expect(sizeOf(after, 50).stock).toBe((sizeOf(before, 50).stock as number) - 2);
  expect(sizeOf(after, 100).stock).toBe(0);
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  const { items: orders } = await admin.call<{
    items: {
      customer_email: string;
      order_items: { size_ml: number; quantity: number; product_price: number }[];
    }[];
  }>('GET', `/api/admin/orders?q=${encodeURIComponent(email)}`);
  expect(orders[0]?.order_items.map((i) => [i.size_ml, i.quantity, i.product_price])).toEqual([
    [50, 2, 459_000],
    [100, 1, 779_000],
  ]);

  // The sold-out size: shown, not buyable, and refused by the server.
  await page.goto(`/product/${after.id}`);
  await page.getByText('100 ml', { exact: true }).click();
  await expect(page.getByText('100 ml · Stok habis')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stok habis' })).toBeDisabled();
  const refused = await page.request.post('/api/orders', {
    headers: { origin: baseURL as string, 'idempotency-key': `e2e-habis-${Date.now()}` },
    data: {
      items: [{ productId: after.id, variantId: sizeOf(after, 100).id, quantity: 1 }],
      customer: {
        customerName: 'Rina',
        customerEmail: email,
        customerAddress: 'Jl. Melati No. 9',
        customerPhone: '0812-3456-7890',
        provinceCode: '31',
        regencyCode: '31.71',
        districtCode: '31.71.01',
        postalCode: '10110',
      },
      shippingServiceId: 'jabodetabek-reguler',
      paymentChannel: 'bank_transfer',
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatchObject({
    code: 'out_of_stock',
    message: 'Stok Melati Malam 100 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.',
  });
  await admin.dispose();
  await api.dispose();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("'Beli Sekarang' takes a signed-in shopper from the chosen size straight to checkout", async ({
    page,
    baseURL,
  }) => {
    const api = await ApiClient.create(baseURL as string);
    const product = await melati(api);
    await api.dispose();
    const registered = await page.request.post('/api/auth/register', {
      headers: { origin: baseURL as string },
      data: {
        name: 'Sari',
        email: uniqueEmail('beli'),
        password: 'rahasia123',
        confirmPassword: 'rahasia123',
        turnstileToken: TURNSTILE_TOKEN,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`/product/${product.id}`);
    await page.getByText('50 ml', { exact: true }).click();
    await page.getByRole('button', { name: 'Beli Sekarang' }).click();
    await expect(page).toHaveURL(/\/cart\?checkout$/);
    await expect(page.getByRole('heading', { name: 'Informasi Pengiriman' })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await expect(page.getByText('Melati Malam').first()).toBeVisible();
    await expect(page.getByText(rupiah(459_000)).first()).toBeVisible();
  });

  test("the product page keeps the price, 'Tambah ke Keranjang' and 'Beli Sekarang' on screen without scrolling, clear of the back-to-top button", async ({
    page,
    baseURL,
  }) => {
    const api = await ApiClient.create(baseURL as string);
    const product = await melati(api);
    await api.dispose();
    await page.goto(`/product/${product.id}`);
    const button = page.getByRole('button', { name: 'Tambah ke Keranjang' });
    const buyNow = page.getByRole('button', { name: 'Beli Sekarang' });
    const price = page.getByText('Rp 279.000 · 30 ml');
    await expect(button).toBeEnabled();
    for (const y of [0, 400]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect(button).toBeInViewport({ ratio: 1 });
      await expect(buyNow).toBeInViewport({ ratio: 1 });
      await expect(price).toBeInViewport();
    }
    // Scrolled, the back-to-top button shows above the bar: on none of its buttons or its price.
    const toTop = page.getByRole('button', { name: 'Kembali ke atas' });
    await expect(toTop).toBeVisible();
    // Polled: the button moves above the bar as the bar sticks (a transition), then stays clear.
    for (const covered of [button, buyNow, price]) {
      await expect
        .poll(async () => {
          const [at, box] = [await toTop.boundingBox(), await covered.boundingBox()];
          if (!at || !box) return 'not both shown';
          return at.x + at.width <= box.x ||
            box.x + box.width <= at.x ||
            at.y + at.height <= box.y ||
            box.y + box.height <= at.y
            ? 'apart'
            : `overlap: ${JSON.stringify({ at, box })}`;
        })
        .toBe('apart');
    }
    await button.click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    // The bar is one row, price and buttons, and leaves the product's name in view when the page opens.
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = await page.getByText('Rp 279.000 · 30 ml').locator('..').boundingBox();
    const name = await page.getByRole('heading', { level: 1, name: product.name }).boundingBox();
    expect(bar && name && name.y + name.height).toBeLessThanOrEqual(bar?.y ?? 0);
    expect(bar?.height).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  });
});
