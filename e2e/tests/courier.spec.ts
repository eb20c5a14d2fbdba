import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminPage,
  choosePayment,
  courierUrl,
  demoProducts,
  fillAddress,
  JAKARTA_SELATAN,
  newMailsAbout,
  onGateway,
  registerCustomer,
  sentTexts,
  signIn,
} from './support.ts';

// Live courier rates, one-click shipping and tracking (issue 31, decision 032), priced and shipped
// by the local courier service `scripts/start.mjs` runs on the shop's port + 2000.
const JAYAPURA = {
  province: 'Papua',
  regency: 'Kota Jayapura',
  district: 'Jayapura Utara',
  postalCode: '99111',
  street: 'Jl. Ahmad Yani No. 5',
};

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ mode: 'serial' });

// The journeys' seed keeps live rates off (the other journeys check out with the zones); this file
// turns them on as the admin would and puts the setting back after.
let admin: ApiClient;
let saved: Record<string, unknown>;
test.beforeAll(async ({ baseURL }) => {
  admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  const answer = await admin.call<{ settings: Record<string, unknown> }>(
    'GET',
    '/api/admin/shipping/courier',
  );
  saved = answer.settings;
  await admin.call('PUT', '/api/admin/shipping/courier', { ...saved, enabled: true });
});
test.afterAll(async () => {
  await admin.call('PUT', '/api/admin/shipping/courier', saved);
  await admin.dispose();
});

async function addToCart(page: Page, productId: string, times = 1) {
  for (let n = 0; n < times; n += 1) {
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
    await expect(page.getByText('Produk ditambahkan').first()).toBeVisible();
  }
}

/** Checkout's courier services for an address, as the shopper reads them: name → price in rupiah. */
async function courierPrices(page: Page, address: typeof JAKARTA_SELATAN): Promise<Map<string, number>> {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await fillAddress(page, address);
  const services = page.getByRole('radio', { name: /^JNE / });
  await expect(services.first()).toBeVisible();
  const labels = await page
    .getByRole('group', { name: 'Layanan Pengiriman' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent ?? ''));
  return new Map(
    labels.map((label) => {
      const name = label.replace(/(Termurah|Tercepat|\d).*$/s, '').trim();
      const price = Number(/Rp\s?([\d.]+)\s*$/.exec(label)?.[1]?.replaceAll('.', '') ?? Number.NaN);
      return [name, price] as const;
    }),
  );
}

test('the same cart costs more to Jayapura than to Jakarta Selatan with every courier, and more when heavier; the shipment is booked in one click and tracked to delivered', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two shoppers, two couriers' pages, the admin and the gateway: more than a minute on a busy machine.
  test.slow();
  const api = await ApiClient.create(baseURL as string);
  const [product, other] = await demoProducts(api);
  await api.dispose();

  // Two shoppers, the same cart: one in Jakarta Selatan (near the Jakarta Barat warehouse), one in Jayapura.
  const near = await registerCustomer(baseURL as string, 'kurir-jaksel');
  const far = await registerCustomer(baseURL as string, 'kurir-jayapura');
  await signIn(page, near.email, 'rahasia123');
  await expect(page).toHaveURL(/\/$/);
  await addToCart(page, product.id);
  const jakarta = await courierPrices(page, JAKARTA_SELATAN);
  await expect(page.getByText(/Berat paket: [\d,]+ kg/)).toBeVisible();
  await expect(page.getByText('Termurah')).toBeVisible();

  const farContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const farPage = await farContext.newPage();
  await signIn(farPage, far.email, 'rahasia123');
  await expect(farPage).toHaveURL(/\/$/);
  await addToCart(farPage, product.id);
  const jayapura = await courierPrices(farPage, JAYAPURA);
  await farContext.close();

  expect(jakarta.get('JNE Reguler')).toBeGreaterThan(0);
  for (const [service, price] of jakarta) {
    // Next-day services do not reach Papua; every service that does costs more there.
    if (jayapura.has(service)) expect(jayapura.get(service), service).toBeGreaterThan(price);
  }
  expect([...jayapura.keys()].filter((service) => jakarta.has(service)).length).toBeGreaterThanOrEqual(3);

  // A heavier cart to the same address costs more (the courier charges by the kilogram started).
  await addToCart(page, product.id, 4);
  await addToCart(page, other.id, 4);
  const heavier = await courierPrices(page, JAKARTA_SELATAN);
  expect(heavier.get('JNE Reguler')).toBeGreaterThan(jakarta.get('JNE Reguler') as number);

  // The shopper orders with JNE Reguler and pays through the local gateway (no admin step).
  const fee = heavier.get('JNE Reguler') as number;
  await page.getByRole('radio', { name: /^JNE Reguler/ }).check();
  await choosePayment(page, 'QRIS');
  await page.getByRole('button', { name: 'Buat Pesanan' }).click();
  await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) as string;
  const short = id.slice(0, 8);
  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as {
    shipping_fee: number;
    shipping_service: string;
    total_amount: number;
    payments: { id: string; amount: number }[];
  };
  expect(order).toMatchObject({ shipping_fee: fee, shipping_service: 'JNE Reguler' });
  const payment = page.getByRole('region', { name: 'Pembayaran' });
  await expect(payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toBeVisible();
  await onGateway(page, order.payments[0]?.id as string, { amount: order.total_amount });
  await expect(payment).toContainText('Pembayaran Diterima');
  const before = new Set(sentTexts().keys());

  // The admin's one step: 'Buat Pengiriman'.
  const dashboard = await adminPage(browser);
  await dashboard.goto(`/admin?section=order-detail&id=${id}`);
  const courierCard = dashboard.getByRole('region', { name: 'Pengiriman Kurir' });
  await expect(courierCard).toContainText('JNE');
  await courierCard.getByRole('button', { name: 'Buat Pengiriman' }).click();
  await dashboard.getByRole('dialog').getByRole('button', { name: 'Buat Pengiriman' }).click();
  await expect(courierCard.getByRole('link', { name: 'Lihat pelacakan' })).toBeVisible();
  const waybill = (await courierCard.locator('code').first().textContent()) ?? '';
  expect(waybill).toMatch(/^WYB-\d+$/);
  await dashboard.context().close();

  // The customer's email carries the resi and a way to follow it.
  await expect
    .poll(() => newMailsAbout(before, `#${short}`).filter((text) => text.includes(waybill)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [shippedMail] = newMailsAbout(before, `#${short}`).filter((text) => text.includes(waybill));
  expect(shippedMail).toContain(`Nomor resi: ${waybill}`);
  expect(shippedMail).toMatch(/https?:\/\/\S+/);

  // A tester moves the parcel on the courier service's page; each step reaches the shop by itself.
  // The courier service's page is a tester's tool, read on a desktop.
  const tester = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await tester.goto(courierUrl);
  // The parcel's status is the row's fifth cell.
  const status = tester.locator(`tr[data-waybill="${waybill}"] td`).nth(4);
  await expect(status).toHaveText('Pesanan dikonfirmasi');
  for (const step of [
    'Kurir menjemput paket',
    'Dalam perjalanan',
    'Sedang diantar ke penerima',
    'Terkirim',
  ]) {
    await tester
      .locator(`tr[data-waybill="${waybill}"]`)
      .getByRole('button', { name: 'Majukan status' })
      .click();
    await expect(status).toHaveText(step);
  }
  await tester.context().close();

  // Delivered with no admin step: the order page shows the courier's steps and the history.
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/orders/${id}`)).json()) as { status: string }).status,
    )
    .toBe('delivered');
  await page.reload();
  await expect(page.locator('main [data-status]').first()).toHaveText('Diterima');
  const timeline = page.getByRole('region', { name: 'Riwayat Pesanan' });
  for (const step of ['Pesanan dikirim', 'Kurir menjemput paket', 'Dalam perjalanan', 'Pesanan diterima']) {
    await expect(timeline).toContainText(step);
  }
  const tracking = page.getByRole('region', { name: 'Lacak Pengiriman' });
  await expect(tracking).toContainText(waybill);
  await expect(
    tracking.getByRole('list', { name: 'Riwayat pelacakan' }).getByRole('listitem').first(),
  ).toContainText('Terkirim');
  await expect(page.getByRole('button', { name: 'Pesanan Diterima' })).toHaveCount(0);
});
