import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { OrderDetail } from './order-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

const detail = (phone: string | null) => ({
  id: '3f2a9c1e-7b5d-4e11-9a00-1234567890ab',
  user_id: 'u1',
  customer_name: 'Budi Santoso',
  customer_email: 'budi@contoh.id',
  customer_phone: phone,
  customer_address: 'Jl. Mawar 1, Jakarta',
  total_amount: 729_000,
  status: 'processing',
  created_at: '2026-11-21T03:05:00.000Z',
  updated_at: '2026-11-21T03:05:00.000Z',
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
    {
      id: 'i2',
      product_id: 'p2',
      product_name: 'Citrus Bloom',
      product_price: 229_000,
      variant_id: null,
      size_ml: null,
      quantity: 1,
      subtotal: 229_000,
    },
  ],
});

it('shows order info, customer info with the phone, and the items table', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(detail('0812 3456 7890')) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const info = await screen.findByRole('region', { name: 'Informasi Pesanan' });
  expect(within(info).getByText('3f2a9c1e-7b5d-4e11-9a00-1234567890ab')).toBeTruthy();
  expect(within(info).getByText('Diproses', { selector: 'span' })).toBeTruthy();
  const customer = screen.getByRole('region', { name: 'Informasi Pelanggan' });
  expect(within(customer).getByText('0812 3456 7890')).toBeTruthy();
  expect(within(customer).getByText('Jl. Mawar 1, Jakarta')).toBeTruthy();
  const items = screen.getByRole('table');
  expect(
    within(items)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Produk', 'Ukuran', 'Harga', 'Qty', 'Subtotal']);
  const oud = within(items).getAllByRole('row')[1] as HTMLElement;
  expect(
    within(oud)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Oud Royale', '100 ml', 'Rp 250.000', '2', 'Rp 500.000']);
  // A line from before sizes names none.
  const citrus = within(items).getAllByRole('row')[2] as HTMLElement;
  expect(within(citrus).getAllByRole('cell')[1]?.textContent).toBe('–');
  expect(within(items).getByText('Rp 729.000')).toBeTruthy();
});

it('leaves the phone out when the customer gave none', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(detail(null)) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const customer = await screen.findByRole('region', { name: 'Informasi Pelanggan' });
  expect(within(customer).queryByText('Telepon')).toBeNull();
});

it("shows the server's message for an unknown order", async () => {
  mockApi({ 'GET /api/admin/orders/x': apiError(404, 'Pesanan tidak ditemukan', 'not_found') });
  renderPage('/admin', <OrderDetail id="x" onBack={() => {}} />);
  expect(await screen.findByText('Pesanan tidak ditemukan')).toBeTruthy();
});
