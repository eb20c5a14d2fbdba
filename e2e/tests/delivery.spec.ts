import { expect, type Page, test } from '@playwright/test';
import {
  ApiClient,
  choosePayment,
  demoProducts,
  fillAddress,
  ownNetwork,
  rupiah,
  TURNSTILE_TOKEN,
  uniqueEmail,
} from './support.ts';

// Each shopper on a network of their own (support.ts: ownNetwork).
test.beforeEach(({ page }) => ownNetwork(page));

interface OrderRow {
  id: string;
  subtotal_amount: number;
  shipping_fee: number;
  shipping_service: string;
  /** The manual transfer's unique code: 0 for QRIS (decision 033). */
  unique_code: number;
  total_amount: number;
  customer_phone: string;
  customer_address: string;
}

// Seeded by migrations/0010: Jabodetabek 'Kilat', Rp 25.000 + Rp 3.000 per item after the first, 1 working day.
const KILAT = { base: 25_000, perItem: 3_000 };

async function addToCart(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText('Produk ditambahkan').first()).toBeVisible();
}

test('a signed-in customer saves an address, checks out with Kilat and sees the server-computed shipping fee', async ({
  page,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  const email = uniqueEmail('kirim');
  await api.call('POST', '/api/auth/register', {
    name: 'Dewi Lestari',
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

  // First order: a new address, saved to the address book, shipped 'Kilat'.
  await addToCart(page, product.id);
  await addToCart(page, product.id);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await fillAddress(page, {
    province: 'Daerah Khusus Ibukota Jakarta',
    regency: 'Kota Administrasi Jakarta Pusat',
    district: 'Gambir',
    postalCode: '10110',
    street: 'Jl. Merdeka Barat No. 3',
  });
  await page.getByLabel('Simpan alamat ini ke buku alamat').check();
  const kilat = page.getByRole('radio', { name: /Kilat/ });
  await expect(page.getByText('Kilat').locator('..')).toContainText(rupiah(KILAT.base + KILAT.perItem));
  await kilat.check();
  const fee = KILAT.base + KILAT.perItem;
  await expect(page.getByText('Total Pembayaran').locator('..')).toContainText(
    rupiah(product.price * 2 + fee),
  );
  await choosePayment(page, 'QRIS');
  await page.getByRole('button', { name: 'Buat Pesanan' }).click();
  await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);

  const mine = async () =>
    ((await (await page.request.get('/api/orders/mine')).json()) as { items: OrderRow[] }).items;
  const [first] = await mine();
  // The order page: the service, its fee and the total charged (QRIS: no unique code).
  const costs = page.getByRole('region', { name: 'Produk' });
  await expect(costs.getByText('Ongkos Kirim (Kilat)').locator('..')).toContainText(rupiah(fee));
  await expect(costs.getByText('Total', { exact: true }).locator('..')).toContainText(
    rupiah(product.price * 2 + fee),
  );
  await expect(page.getByRole('region', { name: 'Alamat Pengiriman' })).toContainText(
    'Layanan: Kilat (Jabodetabek), estimasi 1 hari kerja',
  );
  expect(first).toMatchObject({
    subtotal_amount: product.price * 2,
    shipping_service: 'Kilat',
    shipping_fee: fee,
    unique_code: 0,
    total_amount: product.price * 2 + fee,
    customer_phone: '+6281234567890',
  });
  expect(first?.customer_address).toContain('Kec. Gambir, Kota Administrasi Jakarta Pusat');
  await page.goto('/cart');
  const latest = page.locator(`[data-order-id="${first?.id}"]`);
  await expect(latest).toContainText(`Ongkos kirim (Kilat): ${rupiah(fee)}`);

  // Second order: the saved address fills the form by itself.
  await addToCart(page, product.id);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await expect(page.getByLabel('Alamat Tersimpan')).toContainText('Jl. Merdeka Barat No. 3');
  await expect(page.getByLabel('Kecamatan')).toHaveValue('31.71.01');
  // The way this customer paid last time is chosen again.
  await expect(page.getByRole('radio', { name: 'QRIS', exact: true })).toBeChecked();
  await page.getByRole('radio', { name: /Kilat/ }).check();
  await page.getByRole('button', { name: 'Buat Pesanan' }).click();
  await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const [second] = await mine();
  expect(second).toMatchObject({
    shipping_fee: KILAT.base,
    unique_code: 0,
    total_amount: product.price + KILAT.base,
  });
  await api.dispose();
});
