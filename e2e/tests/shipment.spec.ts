import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, test } from '@playwright/test';
import { d1Execute } from '../../scripts/d1-execute.mjs';
import { ADMIN, ApiClient, demoProducts, firstInStock, JAKARTA_ADDRESS, uniqueEmail } from './support.ts';

// Issue 31: the admin books the parcel in one click through the courier aggregator (the local
// courier simulator that scripts/start.mjs runs on the port + 2000), the customer's email carries
// the resi, and the tester's advancing of the waybill delivers the order with no admin step.

const root = fileURLToPath(new URL('../../', import.meta.url));
const emailDir = join(root, '.wrangler/tmp/email');
const e2eState = join(root, '.wrangler/e2e');

/** Every email text `wrangler dev` kept (see email.spec.ts). */
function sentTexts(): string[] {
  if (!existsSync(emailDir)) return [];
  return readdirSync(emailDir).flatMap((session) => {
    const dir = join(emailDir, session, 'email-text');
    return existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')) : [];
  });
}

interface QuoteAnswer {
  source: string;
  quoteId: string | null;
  options: { id: string; name: string }[];
}

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('the admin books the courier in one click; the waybill advanced by the courier delivers the order', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL as string;
  const courier = `http://127.0.0.1:${Number(new URL(origin).port) + 2000}`;
  // Live rates on, picked up from the shop's warehouse: the admin's courier settings as stored.
  const settings = {
    enabled: true,
    origin: {
      customerName: 'Gudang Global Imperium',
      customerPhone: '+6281211112222',
      provinceCode: '31',
      regencyCode: '31.73',
      districtCode: '31.73.05',
      postalCode: '11530',
      customerAddress: 'Jl. Panjang No. 5, Kebon Jeruk',
    },
    packagingWeightGrams: 100,
    couriers: ['jne', 'sicepat'],
  };
  const saved = d1Execute(
    `INSERT OR REPLACE INTO site_settings (key, value) VALUES ('shipping_courier', '${JSON.stringify(settings)}')`,
    ['--local', '--persist-to', e2eState],
  );
  expect('failed' in saved ? saved.failed : '').toBe('');

  // A shopper orders with JNE's live rate and the admin confirms the payment.
  const email = uniqueEmail('kurir');
  const api = await ApiClient.create(origin);
  await api.call('POST', '/api/auth/register', {
    name: 'Dewi Kurir',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
  });
  await api.signIn(email, 'rahasia123');
  const [product] = await demoProducts(api);
  const items = [{ productId: product.id, variantId: firstInStock(product).id, quantity: 1 }];
  const quote = await api.call<QuoteAnswer>('POST', '/api/shipping/quote', {
    districtCode: JAKARTA_ADDRESS.districtCode,
    postalCode: JAKARTA_ADDRESS.postalCode,
    items,
  });
  expect(quote.source).toBe('courier');
  const jne = quote.options.find((option) => option.id.startsWith('jne:'));
  expect(jne).toBeTruthy();
  const order = await api.call<{ id: string }>(
    'POST',
    '/api/orders',
    {
      items,
      customer: {
        ...JAKARTA_ADDRESS,
        customerName: 'Dewi Kurir',
        customerEmail: email,
        customerAddress: 'Jl. Melati No. 1',
      },
      shippingServiceId: jne?.id,
      shippingQuoteId: quote.quoteId,
    },
    { 'idempotency-key': `e2e-kurir-${Date.now()}` },
  );
  const adminApi = await (await ApiClient.create(origin)).signIn(ADMIN.email, ADMIN.password);
  await adminApi.call('POST', `/api/admin/orders/${order.id}/payment/confirm`);

  // One click: 'Buat Pengiriman', confirmed; the resi and the tracking link follow.
  const admin = await adminPage(browser);
  await admin.goto(`/admin?section=order-detail&id=${order.id}`);
  const card = admin.getByRole('region', { name: 'Pengiriman Kurir' });
  await expect(card).toContainText('JNE');
  await card.getByRole('button', { name: 'Buat Pengiriman' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Buat Pengiriman' }).click();
  await expect(card.getByRole('link', { name: 'Lihat pelacakan' })).toBeVisible();
  const resi = (await card.locator('code').first().textContent()) as string;
  expect(resi).toMatch(/^WYB-\d+$/);
  await admin.context().close();
  await expect
    .poll(() => sentTexts().some((text) => text.includes(`Nomor resi: ${resi}`)), { timeout: 30_000 })
    .toBe(true);

  // The courier moves the parcel (the tester's button on the simulator): each step a webhook.
  const booked = d1Execute(`SELECT provider_order_id FROM shipments WHERE order_id = '${order.id}'`, [
    '--local',
    '--persist-to',
    e2eState,
  ]);
  const providerOrderId = String('results' in booked ? booked.results[0]?.results[0]?.provider_order_id : '');
  expect(providerOrderId).not.toBe('');
  for (let step = 0; step < 10; step += 1) {
    const res = await page.request.post(`${courier}/_simulator/orders/${providerOrderId}/advance`);
    if (res.status() === 409) break;
    expect((await res.json()).webhook).toBe(200);
  }

  // The customer's order page: delivered, with the courier's history, no admin step.
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await shopper.goto('/customer/login');
  await shopper.getByLabel('Email').fill(email);
  await shopper.getByLabel('Password').fill('rahasia123');
  await shopper.getByRole('button', { name: 'Masuk' }).click();
  await expect(shopper).toHaveURL(/\/$/);
  await shopper.goto(`/orders/${order.id}`);
  const tracking = shopper.getByRole('region', { name: 'Lacak Pengiriman' });
  await expect(tracking).toContainText(resi);
  await expect(tracking).toContainText('Terkirim');
  await expect(
    tracking.getByRole('list', { name: 'Riwayat pelacakan' }).getByRole('listitem').first(),
  ).toContainText('Terkirim');
  const timeline = shopper.getByRole('region', { name: 'Riwayat Pesanan' });
  await expect(timeline).toContainText('Kurir menjemput paket');
  await expect(timeline).toContainText('Dalam perjalanan');
  await expect(timeline).toContainText('Pesanan diterima');
  await expect(shopper.getByRole('button', { name: 'Pesanan Diterima' })).toHaveCount(0);
  await customer.close();
  await api.dispose();
  await adminApi.dispose();
});
