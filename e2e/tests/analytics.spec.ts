import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminPage,
  apiOrder,
  demoProducts,
  onGateway,
  registerCustomer,
  rupiah,
} from './support.ts';

// Issue 42, decision 055: the orders paid in this journey show in the admin's 7-day analytics
// (chart and table) with their revenue and count; an unpaid one does not.

interface OrderRow {
  id: string;
  status: string;
  total_amount: number;
  payments: { id: string }[];
}

interface Figures {
  revenue: number;
  orders: number;
}

/** Today and the six days before it, in WIB, as the view's default period. */
function lastSevenDays() {
  const day = (offset: number) =>
    new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-6), to: day(0) };
}

test('orders paid in the test show in the 7-day chart and table, with their revenue and count', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  const { from, to } = lastSevenDays();
  const before = await admin.call<{ totals: Figures; series: ({ start: string } & Figures)[] }>(
    'GET',
    `/api/admin/analytics?from=${from}&to=${to}`,
  );
  const todayBefore = before.series.find((point) => point.start === to) as Figures;

  const shopper = await registerCustomer(baseURL as string, 'analitik');
  const [first, second] = await demoProducts(shopper.api);
  // Paid by transfer, confirmed by the admin.
  const transfer = await apiOrder<OrderRow>(shopper, 'Rina Analitik', first);
  await admin.call('PATCH', `/api/admin/orders/${transfer.id}/status`, { status: 'processing' });
  // Paid through the local gateway by QRIS.
  const gateway = await apiOrder<OrderRow>(shopper, 'Rina Analitik', second, {
    paymentChannel: 'other_qris',
  });
  // Left unpaid: not a sale.
  await apiOrder(shopper, 'Rina Analitik', first);

  const page = await adminPage(browser);
  const attempt = (await shopper.api.call<OrderRow>('GET', `/api/orders/${gateway.id}`)).payments[0]?.id;
  await onGateway(page, attempt as string, { amount: gateway.total_amount });
  await expect
    .poll(async () => (await shopper.api.call<OrderRow>('GET', `/api/orders/${gateway.id}`)).status, {
      timeout: 30_000,
    })
    .toBe('processing');

  const paid = transfer.total_amount + gateway.total_amount;
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Analitik Penjualan' }).click();
  await expect(page).toHaveURL(/section=analytics/);

  const cards = page.getByRole('list', { name: 'Ringkasan periode' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Pendapatan' })).toContainText(
    rupiah(before.totals.revenue + paid),
  );
  await expect(cards.getByRole('listitem').filter({ hasText: /^Pesanan/ })).toContainText(
    String(before.totals.orders + 2),
  );
  await expect(page.getByRole('img', { name: /Grafik pendapatan harian/ })).toBeVisible();

  await page.getByRole('button', { name: 'Tabel' }).click();
  const table = page.getByRole('table', { name: 'Penjualan harian' });
  await expect(table.getByRole('row')).toHaveCount(1 + 7 + 1);
  // Today's row, last of the seven: its revenue and orders grew by exactly the two paid orders.
  const today = table.locator('tbody tr').last();
  await expect(today.getByRole('cell').nth(0)).toHaveText(rupiah(todayBefore.revenue + paid));
  await expect(today.getByRole('cell').nth(1)).toHaveText(String(todayBefore.orders + 2));
  const total = table.locator('tfoot tr');
  await expect(total.getByRole('cell').nth(0)).toHaveText(rupiah(before.totals.revenue + paid));
  await expect(total.getByRole('cell').nth(1)).toHaveText(String(before.totals.orders + 2));
  await expect(page.getByRole('region', { name: 'Produk Terlaris' })).toContainText(first.name);
  await admin.dispose();
});
