import type { Analytics } from '@gi/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { changeText, SalesAnalytics } from './sales-analytics.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const point = (start: string, orders: number, revenue: number, units: number) => ({
  start,
  orders,
  revenue,
  units,
  averageOrderValue: orders ? Math.round(revenue / orders) : 0,
});

const answer: Analytics = {
  from: '2026-11-23',
  to: '2026-11-29',
  granularity: 'day',
  previousFrom: '2026-11-16',
  previousTo: '2026-11-22',
  totals: { revenue: 1_300_000, orders: 3, averageOrderValue: 433_333, units: 5 },
  previousTotals: { revenue: 515_000, orders: 1, averageOrderValue: 515_000, units: 2 },
  change: { revenue: 152.4, orders: 200, averageOrderValue: -15.9, units: null },
  series: [
    point('2026-11-23', 1, 965_000, 3),
    point('2026-11-24', 1, 165_000, 1),
    ...['25', '26', '27', '28'].map((d) => point(`2026-11-${d}`, 0, 0, 0)),
    point('2026-11-29', 1, 170_000, 1),
  ],
  previousSeries: ['16', '17', '18', '19', '20', '21', '22'].map((d) =>
    point(`2026-11-${d}`, d === '18' ? 1 : 0, d === '18' ? 515_000 : 0, d === '18' ? 2 : 0),
  ),
  breakdowns: {
    product: [{ key: 'p1', label: 'Oud Royale', orders: 2, revenue: 950_000, units: 3 }],
    size: [],
    collection: [],
    channel: [{ key: 'bca_va', label: 'Virtual Account BCA', orders: 1, revenue: 965_000, units: 0 }],
    courier: [],
    province: [],
    customer: [{ key: 'new', label: 'Pelanggan baru', orders: 3, revenue: 1_300_000, units: 0 }],
    voucher: [],
  },
};

it('shows the last 7 WIB days against the 7 before: totals with the change in percent', async () => {
  // 06:00 WIB on 29 November.
  vi.useFakeTimers({ now: new Date('2026-11-28T23:00:00.000Z'), toFake: ['Date'] });
  const fetch = mockApi({ 'GET /api/admin/analytics': () => Response.json(answer) });
  renderPage('/admin?section=analytics', <SalesAnalytics />);
  const cards = await screen.findByRole('list', { name: 'Ringkasan periode' });
  const revenue = within(cards).getAllByRole('listitem')[0] as HTMLElement;
  expect(revenue.textContent).toBe('Pendapatan Rp 1.300.000 ▲ naik 152,4%');
  expect(within(cards).getByText('▼ turun 15,9%')).toBeTruthy();
  expect(within(cards).getByText('tidak ada pembanding')).toBeTruthy();
  const [call] = callsTo(fetch, 'GET /api/admin/analytics');
  expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
    from: '2026-11-23',
    to: '2026-11-29',
    granularity: 'day',
  });
  expect(screen.getByRole('img', { name: /Grafik pendapatan harian/ })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Produk Terlaris' }).textContent).toContain('Oud Royale');
  expect(screen.getByRole('region', { name: 'Voucher Dipakai' }).textContent).toContain(
    'Belum ada penjualan di periode ini.',
  );
});

it('gives the same figures as a table, day by day, with the previous period beside them', async () => {
  mockApi({ 'GET /api/admin/analytics': () => Response.json(answer) });
  renderPage('/admin?section=analytics', <SalesAnalytics />);
  await userEvent.click(await screen.findByRole('button', { name: 'Tabel' }));
  const table = screen.getByRole('table', { name: 'Penjualan harian' });
  const first = within(table).getByRole('row', { name: /23 November 2026/ });
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Rp 965.000', '1', 'Rp 965.000', '3', 'Rp 0']);
  const total = within(table).getByRole('row', { name: /Total/ });
  expect(
    within(total)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Rp 1.300.000', '3', 'Rp 433.333', '5', 'Rp 515.000']);
  expect(screen.getByRole('button', { name: 'Tabel' }).getAttribute('aria-pressed')).toBe('true');
});

it('asks for the period typed, and refuses one that ends before it starts without asking', async () => {
  const fetch = mockApi({ 'GET /api/admin/analytics': () => Response.json(answer) });
  renderPage('/admin?section=analytics', <SalesAnalytics />);
  await screen.findByRole('list', { name: 'Ringkasan periode' });
  const from = screen.getByLabelText('Dari tanggal');
  const to = screen.getByLabelText('Sampai tanggal');
  await userEvent.clear(from);
  await userEvent.type(from, '2026-11-10');
  await userEvent.clear(to);
  await userEvent.type(to, '2026-11-01');
  await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
  expect(await screen.findByText('Tanggal akhir harus setelah tanggal mulai')).toBeTruthy();
  expect(callsTo(fetch, 'GET /api/admin/analytics')).toHaveLength(1);

  await userEvent.clear(to);
  await userEvent.type(to, '2026-11-30');
  await userEvent.selectOptions(screen.getByLabelText('Satuan waktu'), 'week');
  await userEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
  await vi.waitFor(() => expect(callsTo(fetch, 'GET /api/admin/analytics')).toHaveLength(2));
  const last = callsTo(fetch, 'GET /api/admin/analytics')[1];
  expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
    from: '2026-11-10',
    to: '2026-11-30',
    granularity: 'week',
  });
});

it('words the change in percent', () => {
  expect(changeText(12.5)).toBe('▲ naik 12,5%');
  expect(changeText(-3)).toBe('▼ turun 3%');
  expect(changeText(0)).toBe('sama dengan periode sebelumnya');
  expect(changeText(null)).toBe('tidak ada pembanding');
});
