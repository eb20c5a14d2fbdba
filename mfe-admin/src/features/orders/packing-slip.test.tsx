import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { orderDetail } from '../../test/orders.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { OrderDetail } from './order-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

const gift = orderDetail('3f2a9c1e-7b5d-4e11-9a00-1234567890ab', {
  customer_name: 'Sinta Dewi',
  customer_phone: '0812 3456 7890',
  status: 'processing',
  payment_status: 'paid',
  unique_code: 0,
  voucher_code: 'HEMAT50',
  discount_amount: 50_000,
  gift_message: 'Selamat ulang tahun, Sinta!\nDari Budi',
  gift_wrap: true,
  gift_wrap_fee: 10_000,
  total_amount: 477_000,
  order_items: [
    {
      id: 'i1',
      product_id: 'p1',
      product_name: 'Oud Royale',
      product_price: 250_000,
      variant_id: 'v1',
      size_ml: 100,
      quantity: 2,
      subtotal: 500_000,
    },
  ],
});

it('shows the discount and the wrap as lines of the total, and the gift message', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(gift) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const items = await screen.findByRole('table');
  expect(within(items).getByRole('rowheader', { name: 'Diskon (HEMAT50)' }).nextSibling?.textContent).toBe(
    '-Rp 50.000',
  );
  expect(within(items).getByRole('rowheader', { name: 'Bungkus Kado' }).nextSibling?.textContent).toBe(
    'Rp 10.000',
  );
  const card = screen.getByRole('region', { name: 'Hadiah & Slip' });
  expect(card.textContent).toContain('Selamat ulang tahun, Sinta!');
});

it('Cetak Slip prints what goes in the box: items, quantities, recipient, message, never a price', async () => {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(gift) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Cetak Slip' }));
  const slip = screen.getByRole('region', { name: 'Slip Pengemasan' });
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  const [row] = within(slip).getAllByRole('row').slice(1);
  expect(
    within(row as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Oud Royale', '100 ml', '2']);
  expect(slip.textContent).toContain('Sinta Dewi');
  expect(slip.textContent).toContain('Jl. Mawar 1, Jakarta');
  expect(slip.textContent).toContain('Selamat ulang tahun, Sinta!');
  expect(slip.textContent).toContain('Bungkus sebagai kado');
  expect(slip.textContent).not.toMatch(/Rp|HEMAT50|250\.000/);
});
