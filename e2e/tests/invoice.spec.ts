import { expect, test } from '@playwright/test';
import { readPdf } from '../../worker/test/pdf-text.ts';
import {
  ADMIN,
  ApiClient,
  adminPage,
  apiOrder,
  demoProducts,
  onGateway,
  returningShopper,
  rupiah,
} from './support.ts';

interface OrderRow {
  id: string;
  total_amount: number;
  payments: { id: string }[];
}

// Issue 42, decision 057: the customer's invoice of a paid order, with the PPN its total includes.

test("a paid order's 'Unduh Faktur' gives a PDF invoice whose PPN breakdown matches the order's total", async ({
  page,
  baseURL,
  browser,
}) => {
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  await admin.call('PUT', '/api/admin/settings/invoice', {
    companyName: 'PT. Global Imperium',
    npwp: '0123.4567.8901.2345',
    address: 'Jl. Sudirman No. 1, Jakarta Selatan 12190',
    tax: 'included',
  });
  const customer = await returningShopper(page, baseURL as string, 'faktur', 'Rina Faktur');
  const [product] = await demoProducts(customer.api);
  const order = await apiOrder<OrderRow>(customer, 'Rina Faktur', product, { paymentChannel: 'other_qris' });

  await page.goto(`/orders/${order.id}`);
  const payment = page.getByRole('region', { name: 'Pembayaran' });
  await expect(payment).toBeVisible({ timeout: 30_000 });
  // No invoice before the money arrives.
  await expect(page.getByRole('link', { name: 'Unduh Faktur' })).toHaveCount(0);
  await onGateway(page, order.payments[0]?.id as string, { amount: order.total_amount });
  await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });

  const link = page.getByRole('link', { name: 'Unduh Faktur' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const res = await page.request.get((await link.getAttribute('href')) as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const lines = (await readPdf(await res.body())).lines;
  const after = (label: string) => lines[lines.indexOf(label) + 1];

  expect(lines).toContain('FAKTUR');
  expect(lines.find((line) => line.startsWith('No. INV/'))).toMatch(/^No\. INV\/\d{4}\/\d{2}\/\d{6}$/);
  expect(lines).toContain('NPWP: 0123.4567.8901.2345');
  expect(lines).toContain('Rina Faktur');
  expect(after('Total')).toBe(rupiah(order.total_amount));
  // PPN 12% of DPP nilai lain (11/12 of the selling price): 11/111 of a total that includes it.
  const ppn = Math.round((order.total_amount * 11) / 111);
  const selling = order.total_amount - ppn;
  expect(after('Harga Jual (tanpa PPN)')).toBe(rupiah(selling));
  expect(after('DPP Nilai Lain (11/12 x Harga Jual)')).toBe(rupiah(Math.round((selling * 11) / 12)));
  expect(after('PPN 12% x DPP Nilai Lain')).toBe(rupiah(ppn));
  expect(after('Jumlah (Harga Jual + PPN)')).toBe(rupiah(order.total_amount));
  expect(after('Terbilang:')).toMatch(/ Rupiah$/);

  // Downloaded again: the same number.
  const again = (
    await readPdf(await (await page.request.get((await link.getAttribute('href')) as string)).body())
  ).lines;
  expect(again.find((line) => line.startsWith('No. INV/'))).toBe(
    lines.find((line) => line.startsWith('No. INV/')),
  );

  // The accountant's month: 'Faktur Bulanan' in the orders list gives this month's invoices in
  // one PDF, this one among them.
  const desk = await adminPage(browser);
  await desk.goto('/admin?section=orders');
  const month = desk.getByRole('region', { name: 'Faktur Bulanan' });
  const monthLink = month.getByRole('link', { name: 'Unduh Faktur Bulan Itu' });
  await expect(monthLink).toBeVisible({ timeout: 30_000 });
  const monthPdf = await desk.request.get((await monthLink.getAttribute('href')) as string);
  expect(monthPdf.headers()['content-type']).toBe('application/pdf');
  expect((await readPdf(await monthPdf.body())).lines).toContain(
    lines.find((line) => line.startsWith('No. INV/')),
  );
  await desk.context().close();
  await customer.api.dispose();
  await admin.dispose();
});
