import { expect, type Page, test } from '@playwright/test';
import { readPdf } from '../../worker/test/pdf-text.ts';
import {
  ADMIN,
  ApiClient,
  adminPage,
  apiOrder,
  choosePayment,
  demoProducts,
  firstInStock,
  noSidewaysScroll,
  onGateway,
  placeOrder,
  registerCustomer,
  returningShopper,
  rupiah,
  toCheckout,
} from './support.ts';

// Issue 40 (decisions 041, 045): a voucher code at checkout, priced by the server and paid by
// QRIS on the local gateway at the discounted total; refused codes said under 'Kode Voucher';
// a gift's message on the admin's packing slip, without prices. At 360 px, a phone.

test.use({ viewport: { width: 360, height: 740 } });

interface OrderDetail {
  id: string;
  subtotal_amount: number;
  shipping_fee: number;
  discount_amount: number;
  voucher_code: string | null;
  gift_message: string | null;
  gift_wrap_fee: number;
  total_amount: number;
  payments: { id: string; amount: number }[];
}

const DAY = 86_400_000;
/** A code no earlier run made: the journeys may run again on the same shop. */
const codeOf = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

async function asAdmin(baseURL: string) {
  const admin = await ApiClient.create(baseURL);
  return admin.signIn(ADMIN.email, ADMIN.password);
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Kode Voucher').fill(code);
  await page.getByRole('button', { name: 'Pakai' }).click();
}

test("a voucher and gift wrap at checkout, paid by QRIS on the gateway at the discounted total; the gift's message on the packing slip, without prices", async ({
  page,
  browser,
  baseURL,
}) => {
  // Checkout, the gateway's tab and the admin's dashboard in one journey.
  test.slow();
  const admin = await asAdmin(baseURL as string);
  const code = codeOf('HEMAT');
  await admin.call('POST', '/api/admin/vouchers', { code, kind: 'fixed', value: 20_000, usageLimit: 10 });
  await admin.call('PUT', '/api/admin/settings/gift-wrap', { enabled: true, fee: 10_000 });

  const { api } = await returningShopper(page, baseURL as string, 'voucher-qris', 'Rina Voucher');
  const [product] = await demoProducts(api);
  const price = firstInStock(product).price;
  await toCheckout(page, product);

  await applyCode(page, code.toLowerCase());
  await expect(page.getByRole('status').filter({ hasText: `${code} dipakai` })).toContainText(rupiah(20_000));
  const summary = page.getByRole('region', { name: 'Ringkasan Pesanan' });
  await expect(summary.getByText(`Diskon (${code})`).locator('..')).toContainText(`-${rupiah(20_000)}`);

  const message = 'Selamat ulang tahun, Sinta!\nSemoga suka wanginya. Dari Budi';
  await page.getByLabel('Kirim sebagai hadiah').check();
  await page.getByLabel(/Pesan hadiah/).fill(message);
  await page.getByLabel(`Bungkus kado (+${rupiah(10_000)})`).check();
  await expect(summary.getByText('Bungkus kado').locator('..')).toContainText(rupiah(10_000));
  await choosePayment(page, 'QRIS');
  await noSidewaysScroll(page);
  const shown = await summary.getByText('Total Pembayaran').locator('..').textContent();

  const order = await placeOrder<OrderDetail>(page);
  const { id } = order;
  expect(order).toMatchObject({
    subtotal_amount: price,
    voucher_code: code,
    discount_amount: 20_000,
    gift_message: message,
    gift_wrap_fee: 10_000,
  });
  const total = price - 20_000 + order.shipping_fee + 10_000;
  expect(order.total_amount).toBe(total);
  expect(shown).toContain(rupiah(total));
  expect(order.payments[0]?.amount).toBe(total);

  // The order page: the discount and the wrap as their own lines of the one total.
  const items = page.getByRole('region', { name: 'Produk' });
  await expect(items.getByText(`Diskon (${code})`).locator('..')).toContainText(`-${rupiah(20_000)}`);
  await expect(items.getByText('Bungkus Kado').locator('..')).toContainText(rupiah(10_000));
  await expect(items.getByText('Total', { exact: true }).locator('..')).toContainText(rupiah(total));
  await noSidewaysScroll(page);

  // The local gateway accepted the charge only if its items (lines, shipping, wrap, the negative
  // discount) summed to gross_amount; its page shows that amount, paid there.
  await onGateway(page, order.payments[0]?.id as string, { amount: total });
  const payment = page.getByRole('region', { name: 'Pembayaran' });
  await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });

  // What goes in the box: the items, quantities, recipient and message, never a price.
  const desk = await adminPage(browser);
  await desk.goto(`/admin?section=order-detail&id=${id}`);
  await expect(desk.getByRole('rowheader', { name: `Diskon (${code})` })).toBeVisible();
  // The packing slip is a PDF the Worker draws (decision 057), opened from 'Cetak Slip (A4)'.
  const href = await desk.getByRole('link', { name: 'Cetak Slip (A4)' }).getAttribute('href');
  const slip = await desk.request.get(href as string);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  const lines = (await readPdf(await slip.body())).lines;
  expect(lines.some((line) => line.startsWith('Rina Voucher'))).toBe(true);
  expect(lines).toContain('Selamat ulang tahun, Sinta!');
  expect(lines).toContain(product.name);
  expect(lines.join('\n')).not.toContain('Rp');
  await desk.context().close();
  await admin.dispose();
  await api.dispose();
});

test("an expired code and a used-up code are refused with their messages under 'Kode Voucher'", async ({
  page,
  baseURL,
}) => {
  const admin = await asAdmin(baseURL as string);
  const expired = codeOf('LAMA');
  await admin.call('POST', '/api/admin/vouchers', {
    code: expired,
    kind: 'percent',
    value: 10,
    startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
    endsAt: new Date(Date.now() - DAY).toISOString(),
  });
  const spent = codeOf('SEKALI');
  await admin.call('POST', '/api/admin/vouchers', {
    code: spent,
    kind: 'fixed',
    value: 5_000,
    usageLimit: 1,
  });

  // Another customer takes the code's one use.
  const first = await registerCustomer(baseURL as string, 'voucher-first');
  const [product] = await demoProducts(first.api);
  await apiOrder(first, 'Dewi Pertama', product, { voucherCode: spent });

  const { api } = await returningShopper(page, baseURL as string, 'voucher-refused', 'Rina Voucher');
  await toCheckout(page, product);
  const field = page.getByLabel('Kode Voucher');
  await applyCode(page, expired);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Masa berlaku voucher ini sudah berakhir.')).toBeVisible();
  await applyCode(page, spent);
  await expect(page.getByText('Kuota voucher ini sudah habis.')).toBeVisible();
  // The message is the field's own description, under it.
  await expect(field).toHaveAccessibleDescription('Kuota voucher ini sudah habis.');
  const summary = page.getByRole('region', { name: 'Ringkasan Pesanan' });
  await expect(summary.getByText(/Diskon/)).toHaveCount(0);
  await noSidewaysScroll(page);
  await admin.dispose();
  await first.api.dispose();
  await api.dispose();
});
