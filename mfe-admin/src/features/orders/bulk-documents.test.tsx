import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderRow } from '../../test/orders.ts';
import { admin, mockApi, page, renderPage, session, signedInAdmin } from '../../test/render.tsx';
import { OrderList } from './order-list.tsx';

// 'Cetak Sekaligus' and 'Faktur Bulanan' in the orders list (decision 057).

afterEach(() => vi.unstubAllGlobals());

const orders = page([
  orderRow('aaaaaaaa-1111', 'processing'),
  orderRow('bbbbbbbb-2222', 'processing'),
  orderRow('cccccccc-3333', 'processing'),
]);

it('prints the ticked orders, the selection Buat Pengiriman uses, and a big day in parts of 100', async () => {
  mockApi({
    'GET /api/auth/session': signedInAdmin,
    'GET /api/admin/orders': orders,
    'GET /api/admin/documents/paid-orders': () => Response.json({ count: 234, perPart: 100 }),
    'GET /api/admin/documents/invoices': () =>
      Response.json({ count: 0, perPart: 200, first: null, last: null }),
  });
  renderPage('/admin?section=orders', <OrderList />);
  const card = await screen.findByRole('region', { name: 'Cetak Sekaligus' });
  const day = (await within(card).findByLabelText(
    'Pesanan yang dibayar pada tanggal (WIB)',
  )) as HTMLInputElement;
  const date = day.value;
  expect(
    await within(card).findByText(
      '234 pesanan hari itu: dicetak per bagian, paling banyak 100 pesanan sebagian.',
    ),
  ).toBeTruthy();
  const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
  expect(href('Slip Bagian 3 (pesanan 201–234) (A4)')).toBe(
    `/api/admin/documents/packing-slips.pdf?date=${date}&format=a4&part=3`,
  );
  expect(href('Slip Bagian 3 (pesanan 201–234) (Label)')).toBe(
    `/api/admin/documents/packing-slips.pdf?date=${date}&format=label&part=3`,
  );
  expect(href('Label Bagian 3 (pesanan 201–234)')).toBe(
    `/api/admin/documents/shipping-labels.pdf?date=${date}&part=3`,
  );
  expect(href('Label Bagian 1 (pesanan 1–100)')).toBe(
    `/api/admin/documents/shipping-labels.pdf?date=${date}&part=1`,
  );
  expect(within(card).queryByRole('link', { name: /Terpilih/ })).toBeNull();

  await userEvent.click(screen.getByLabelText('Pilih pesanan aaaaaaaa'));
  await userEvent.click(screen.getByLabelText('Pilih pesanan cccccccc'));
  expect(screen.getByRole('button', { name: 'Buat Pengiriman (2)' })).toBeTruthy();
  expect(href('Slip 2 Pesanan Terpilih (A4)')).toBe(
    '/api/admin/documents/packing-slips.pdf?format=a4&ids=aaaaaaaa-1111%2Ccccccccc-3333',
  );
  expect(href('Label 2 Pesanan Terpilih')).toBe(
    '/api/admin/documents/shipping-labels.pdf?ids=aaaaaaaa-1111%2Ccccccccc-3333',
  );
});

it("gives the month's invoices in one PDF, in parts when the month is big, and tells an empty month", async () => {
  const months: Record<string, object> = {
    '2026-10': { count: 5, perPart: 200, first: 'INV/2026/10/000101', last: 'INV/2026/10/000105' },
    '2026-09': { count: 450, perPart: 200, first: 'INV/2026/09/000001', last: 'INV/2026/09/000450' },
    '2026-08': { count: 0, perPart: 200, first: null, last: null },
  };
  mockApi({
    'GET /api/auth/session': signedInAdmin,
    'GET /api/admin/orders': orders,
    'GET /api/admin/documents/paid-orders': () => Response.json({ count: 3, perPart: 100 }),
    'GET /api/admin/documents/invoices': (url) =>
      Response.json(months[new URL(url, 'https://x').searchParams.get('month') ?? ''] ?? months['2026-08']),
  });
  renderPage('/admin?section=orders', <OrderList />);
  const card = await screen.findByRole('region', { name: 'Faktur Bulanan' });
  const month = within(card).getByLabelText('Bulan (WIB)');
  fireEvent.change(month, { target: { value: '2026-10' } });
  const one = await within(card).findByRole('link', { name: 'Unduh Faktur Bulan Itu' });
  expect(one.getAttribute('href')).toBe('/api/admin/documents/invoices.pdf?month=2026-10');
  expect(card.textContent).toContain(
    '5 faktur, INV/2026/10/000101 s.d. INV/2026/10/000105, urut nomor faktur.',
  );

  fireEvent.change(month, { target: { value: '2026-09' } });
  await waitFor(() =>
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bagian 1 (faktur 1–200)', 'Bagian 2 (faktur 201–400)', 'Bagian 3 (faktur 401–450)']),
  );
  expect(within(card).getByRole('link', { name: 'Bagian 3 (faktur 401–450)' }).getAttribute('href')).toBe(
    '/api/admin/documents/invoices.pdf?month=2026-09&part=3',
  );

  fireEvent.change(month, { target: { value: '2026-08' } });
  expect(await within(card).findByText('Belum ada faktur pada bulan itu.')).toBeTruthy();
  expect(within(card).queryByRole('link')).toBeNull();
  // The day's slips fit one print: one row, no parts.
  const slips = screen.getByRole('region', { name: 'Cetak Sekaligus' });
  expect(within(slips).getByRole('link', { name: 'Slip Hari Itu (A4)' })).toBeTruthy();
  expect(within(slips).queryByRole('link', { name: /Bagian/ })).toBeNull();
});

it("keeps the month's invoices from an order handler, who still prints the parcels' papers", async () => {
  mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'order_handler' }),
    'GET /api/admin/orders': orders,
    'GET /api/admin/documents/paid-orders': () => Response.json({ count: 3, perPart: 100 }),
  });
  renderPage('/admin?section=orders', <OrderList />);
  const slips = await screen.findByRole('region', { name: 'Cetak Sekaligus' });
  await within(slips).findByRole('link', { name: 'Label Pengiriman Hari Itu' });
  expect(screen.queryByRole('region', { name: 'Faktur Bulanan' })).toBeNull();
});
