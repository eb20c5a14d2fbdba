import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { d1Execute } from '../../scripts/d1-execute.mjs';
import {
  adminPage,
  apiOrder,
  choosePayment,
  demoProducts,
  firstInStock,
  JAKARTA_ADDRESS,
  newMailsAbout,
  noSidewaysScroll,
  onGateway,
  orderOf,
  placeOrder,
  registerCustomer,
  returningShopper,
  runCron,
  rupiah,
  sentTexts,
  signIn,
  toCheckout,
} from './support.ts';

interface OrderRow {
  id: string;
  payments: { id: string; amount: number }[];
  subtotal_amount: number;
  shipping_fee: number;
  unique_code: number;
  total_amount: number;
  status: string;
  order_items: { product_name: string; size_ml: number | null; quantity: number; product_price: number }[];
}

// The journeys' local D1 and a receipt photo.
const root = fileURLToPath(new URL('../../', import.meta.url));
const e2eState = join(root, '.wrangler/e2e');
const receipt = join(root, 'scripts/seed-images/amber-imperium.webp');

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSeriousAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a customer pays by transfer with the unique code; the admin confirms and ships; the order page and emails show each step', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api } = await returningShopper(page, baseURL as string, 'bayar');
  const [product] = await demoProducts(api);
  const before = new Set(sentTexts().keys());

  // Checkout with the saved address and the 'Reguler' service.
  await toCheckout(page, product);
  await expect(page.getByLabel('Kecamatan')).toHaveValue(JAKARTA_ADDRESS.districtCode);
  await choosePayment(page, 'Transfer Bank (manual)');

  // Straight to the order page, which shows the exact amount with the unique code.
  const order = await placeOrder<OrderRow>(page);
  await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
  const { id } = order;
  const short = id.slice(0, 8);
  expect(order.unique_code).toBeGreaterThanOrEqual(1);
  expect(order.unique_code).toBeLessThanOrEqual(999);
  expect(order.total_amount).toBe(firstInStock(product).price + order.shipping_fee + order.unique_code);
  const payment = page.getByRole('region', { name: 'Pembayaran' });
  await expect(payment).toContainText('Menunggu Pembayaran');
  await expect(payment).toContainText(`Transfer tepat sebesar${rupiah(order.total_amount)}`);
  await expect(payment).toContainText(/Bayar sebelum \d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB/);
  // Exact: the method list names 'Virtual Account BCA' too (decision 026).
  await expect(payment.getByText('BCA', { exact: true })).toBeVisible();
  await expect(page.getByText('Kode Unik', { exact: true }).locator('..')).toContainText(
    rupiah(order.unique_code),
  );

  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);

  // The receipt: a real photo, downsized in the browser, stored by the server.
  await payment.getByLabel('Unggah bukti transfer').setInputFiles(receipt);
  await payment.getByRole('button', { name: 'Kirim Bukti Transfer' }).click();
  await expect(payment).toContainText('Menunggu Verifikasi');
  const proof = await page.request.get(`/api/orders/${id}/receipt`);
  expect(proof.status()).toBe(200);
  expect(proof.headers()['content-type']).toMatch(/^image\//);

  // The admin opens the receipt, confirms the payment, then ships with a resi.
  const admin = await adminPage(browser);
  await admin.goto('/admin?section=payment-reviews');
  const row = admin.getByRole('row').filter({ hasText: `${short}...` });
  await expect(row).toContainText(rupiah(order.total_amount));
  const opened = await admin.request.get(
    (await row.getByRole('link', { name: `Buka bukti transfer ${short}` }).getAttribute('href')) as string,
  );
  expect(opened.status()).toBe(200);
  await row.getByRole('button', { name: `Konfirmasi pembayaran ${short}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Ya, Konfirmasi' }).click();
  await expect(admin.getByText('Pembayaran dikonfirmasi')).toBeVisible();

  await admin.goto(`/admin?section=order-detail&id=${id}`);
  await admin.getByLabel(`Ubah status pesanan ${short}`).selectOption('shipped');
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Kurir').fill('JNE');
  await dialog.getByLabel('Nomor Resi').fill('JNE0012345678');
  await dialog.getByRole('button', { name: 'Ya, Ubah Status' }).click();
  await expect(admin.getByText('Status berhasil diperbarui')).toBeVisible();
  await admin.context().close();

  // The customer's order page shows every step.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pembayaran' })).toContainText('Pembayaran Diterima');
  const shipment = page.getByRole('region', { name: 'Pengiriman', exact: true });
  await expect(shipment).toContainText('JNE');
  await expect(shipment).toContainText('JNE0012345678');
  const timeline = page.getByRole('region', { name: 'Riwayat Pesanan' }).getByRole('listitem');
  await expect(timeline).toHaveCount(4);
  for (const [index, step] of [
    'Pesanan dibuat',
    'Bukti transfer diunggah',
    'Pembayaran dikonfirmasi',
    'Pesanan dikirim',
  ].entries()) {
    await expect(timeline.nth(index)).toContainText(step);
    await expect(timeline.nth(index)).toContainText(/WIB/);
  }
  // The shop's own WhatsApp (the demo seed's mobile), not its office line, about this order.
  const whatsapp = new URL(
    (await page.getByRole('link', { name: 'Tanya via WhatsApp' }).getAttribute('href')) ?? '',
  );
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/6281288007250');
  expect(whatsapp.searchParams.get('text')).toContain(`pesanan #${short}`);

  // The parcel arrived: the customer says so, after a question (issue 29).
  await page.getByRole('button', { name: 'Pesanan Diterima' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Sudah menerima paket');
  await page.getByRole('button', { name: 'Ya, Sudah Diterima' }).click();
  await expect(page.getByText('Terima kasih! Pesanan telah diterima')).toBeVisible();
  await expect(page.locator('main [data-status]').first()).toHaveText('Diterima');
  await expect(page.getByRole('button', { name: 'Pesanan Diterima' })).toHaveCount(0);
  await expect(timeline).toHaveCount(5);
  await expect(timeline.nth(4)).toContainText('Pesanan diterima');
  await expect(timeline.nth(4)).toContainText('Pelanggan');

  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);
  await page.getByRole('link', { name: '← Pesanan Saya' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^#${short}`) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The emails: to the customer at each step, to the shop on the order and on the receipt.
  const ref = `#${short}`;
  await expect.poll(() => newMailsAbout(before, ref).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
  const mails = newMailsAbout(before, ref);
  const one = (phrase: string) =>
    expect(
      mails.filter((text) => text.includes(phrase)),
      phrase,
    ).toHaveLength(1);
  one(`Silakan transfer tepat ${rupiah(order.total_amount)}`);
  one(`Pesanan baru ${ref} menunggu pembayaran.`);
  one(`mengunggah bukti transfer ${rupiah(order.total_amount)} untuk pesanan ${ref}`);
  one(`Pembayaran ${rupiah(order.total_amount)} untuk pesanan ${ref} sudah kami terima`);
  one('Nomor resi: JNE0012345678');
  one(`Bukti transfer ${rupiah(order.total_amount)} untuk pesanan ${ref} sudah kami terima`);
  // The order mail says what was bought and where it goes; the shop's mails open the order in the admin.
  const [line] = order.order_items;
  one(
    `- ${line?.product_name} (${line?.size_ml} ml): 1 x ${rupiah(line?.product_price ?? 0)} = ${rupiah(line?.product_price ?? 0)}`,
  );
  one('Alamat: Jl. Kebon Sirih No. 10, Kec. ');
  expect(mails.filter((text) => text.includes(`/admin?section=order-detail&id=${id}\n`))).toHaveLength(2);
  await api.dispose();
});

test('an order left unpaid past its deadline is cancelled by the Cron and the customer is told', async ({
  page,
  baseURL,
}) => {
  const customer = await registerCustomer(baseURL as string, 'kedaluwarsa');
  const { api, email } = customer;
  const [product] = await demoProducts(api);
  const order = await apiOrder<OrderRow>(customer, 'Rina Transfer', product);
  const before = new Set(sentTexts().keys());

  // Before its deadline the Cron leaves the order alone.
  await runCron(page);
  expect((await api.call<OrderRow>('GET', `/api/orders/${order.id}`)).status).toBe('pending');

  // A day passes for this order: its deadline moves into the past in the shop's local D1, the
  // way the repository's scripts change it from outside (scripts/d1-execute.mjs); nothing in the
  // Worker changes for the test.
  const moved = d1Execute(
    `UPDATE orders SET payment_due_at = '2020-01-01T00:00:00.000Z' WHERE id = '${order.id}'`,
    ['--local', '--persist-to', e2eState],
  );
  expect('failed' in moved ? moved.failed : '').toBe('');
  await runCron(page);

  await signIn(page, email, 'rahasia123');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText('Dibatalkan', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Riwayat Pesanan' })).toContainText(
    'Dibatalkan otomatis: batas waktu pembayaran habis',
  );
  await expect(page.getByRole('button', { name: 'Batalkan Pesanan' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pembayaran' })).toHaveCount(0);
  await expect
    .poll(() => newMailsAbout(before, `#${order.id.slice(0, 8)}`).join('\n'), { timeout: 30_000 })
    .toContain('kami batalkan otomatis karena pembayaran belum kami terima');
  await api.dispose();
});

/**
 * A new customer with a saved address, signed in on `page`, who orders a demo product through
 * the cart and pays by QRIS: the order's page with its QR drawn.
 */
async function qrisOrder(page: Page, baseURL: string, prefix: string) {
  const { api } = await returningShopper(page, baseURL, prefix);
  const [product] = await demoProducts(api);
  await toCheckout(page, product);
  await choosePayment(page, 'QRIS');
  const placed = await placeOrder<OrderRow>(page);
  const { id } = placed;
  const payment = page.getByRole('region', { name: 'Pembayaran' });
  await expect(payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toBeVisible();
  return { api, id, placed, payment };
}

test('a shopper whose QRIS payment expired on the gateway pays the order by a BCA virtual account', async ({
  page,
  baseURL,
}) => {
  const { api, id, placed, payment } = await qrisOrder(page, baseURL as string, 'va');

  // The QR's time runs out at the gateway: the page says so by itself and offers the methods again.
  await onGateway(page, placed.payments[0]?.id as string, { button: 'Buat kedaluwarsa' });
  await expect(payment).toContainText(
    'Pembayaran via QRIS tidak berhasil: Waktu pembayaran di gateway habis.',
  );
  await payment.getByRole('radio', { name: 'Virtual Account BCA' }).check();
  await payment.getByRole('button', { name: 'Bayar dengan Virtual Account BCA' }).click();
  await expect(payment.getByText('Nomor Virtual Account BCA')).toBeVisible();
  const switched = await orderOf<OrderRow>(page, id);
  expect(switched.payments[0]?.id).not.toBe(placed.payments[0]?.id);
  expect(switched.unique_code).toBe(0);
  expect(switched.payments[0]?.amount).toBe(switched.total_amount);
  await onGateway(page, switched.payments[0]?.id as string, { amount: switched.total_amount });
  await expect(payment).toContainText('Pembayaran Diterima');
  await api.dispose();
});

test('a shopper who pays twice (GoPay, then the QRIS the shop had cancelled) sees the order paid; the admin sees the refund to make', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, id, placed, payment } = await qrisOrder(page, baseURL as string, 'twice');
  const short = id.slice(0, 8);
  const qris = placed.payments[0];

  // The shopper changes their mind: GoPay. The shop cancels the QRIS at the gateway and opens GoPay.
  await payment.getByRole('button', { name: 'Ganti cara pembayaran' }).click();
  await payment.getByRole('radio', { name: 'GoPay' }).check();
  await payment.getByRole('button', { name: 'Bayar dengan GoPay' }).click();
  await expect(payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toHaveCount(0);
  const gopay = (await orderOf<OrderRow>(page, id)).payments[0];
  expect(gopay?.id).not.toBe(qris?.id);
  await onGateway(page, gopay?.id as string, { amount: gopay?.amount });
  await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });

  // The old QR had been scanned before the switch: its money arrives although the shop cancelled it.
  const before = new Set(sentTexts().keys());
  await onGateway(page, qris?.id as string, {
    button: 'Bayar walau sudah dibatalkan (uji: pembatalan tidak sampai)',
    amount: qris?.amount,
  });
  await expect
    .poll(() => newMailsAbout(before, `#${short}`).join('\n'), { timeout: 30_000 })
    .toContain('Pesanan ini sudah lunas lewat pembayaran lain, jadi pembayaran ini kelebihan.');

  // The shopper's order stays paid and in progress: one order, nothing to do twice.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pembayaran' })).toContainText('Pembayaran Diterima');
  const order = await orderOf<OrderRow>(page, id);
  expect(order.status).toBe('processing');

  // The admin's 'Perlu Refund' lists it; its page says why.
  const admin = await adminPage(browser);
  await admin.goto('/admin?section=refunds');
  const row = admin
    .getByRole('region', { name: 'Tabel pesanan perlu refund' })
    .getByRole('row')
    .filter({ has: admin.getByRole('link', { name: `Detail pesanan ${short}` }) });
  await expect(row).toContainText(rupiah(order.total_amount));
  await row.getByRole('link', { name: `Detail pesanan ${short}` }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'Dibayar lebih dari sekali' })).toBeVisible();
  await admin.context().close();
  await api.dispose();
});
