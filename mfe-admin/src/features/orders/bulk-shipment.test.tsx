import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderRow } from '../../test/orders.ts';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { OrderList } from './order-list.tsx';

afterEach(() => vi.unstubAllGlobals());

it("books the ticked paid orders in one press and shows each order's result", async () => {
  const fetch = mockApi({
    'GET /api/admin/orders': page([
      orderRow('aaaaaaaa-1111', 'processing'),
      orderRow('bbbbbbbb-2222', 'processing'),
      orderRow('cccccccc-3333', 'shipped'),
    ]),
    'POST /api/admin/shipments/bulk': () =>
      Response.json({
        results: [
          { id: 'aaaaaaaa-1111', ok: true, message: 'Pengiriman dibuat', tracking_number: 'WYB-1' },
          {
            id: 'bbbbbbbb-2222',
            ok: false,
            message: 'Layanan kurir menolak pemesanan (kode 40002020).',
            tracking_number: null,
          },
        ],
      }),
  });
  renderPage('/admin?section=orders', <OrderList />);
  const table = await screen.findByRole('table', { name: 'Daftar pesanan' });
  const button = screen.getByRole('button', { name: 'Buat Pengiriman (0)' });
  expect(button).toHaveProperty('disabled', true);
  // Only paid orders (Diproses) can be ticked.
  expect(within(table).getAllByRole('checkbox')).toHaveLength(2);
  await userEvent.click(screen.getByLabelText('Pilih pesanan aaaaaaaa'));
  await userEvent.click(screen.getByLabelText('Pilih pesanan bbbbbbbb'));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pengiriman (2)' }));

  const results = await screen.findByRole('region', { name: 'Hasil Buat Pengiriman' });
  expect(
    within(results)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'aaaaaaaa ✓ Pengiriman dibuat · Resi WYB-1',
    'bbbbbbbb ✗ Layanan kurir menolak pemesanan (kode 40002020).',
  ]);
  expect(callsTo(fetch, 'POST /api/admin/shipments/bulk')[0]?.body).toEqual({
    ids: ['aaaaaaaa-1111', 'bbbbbbbb-2222'],
  });
  // The selection is cleared for the next press.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Buat Pengiriman (0)' })).toBeTruthy());
});
