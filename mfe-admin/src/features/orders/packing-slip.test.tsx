import { screen, within } from '@testing-library/react';
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
  const card = screen.getByRole('region', { name: 'Hadiah & Dokumen' });
  expect(card.textContent).toContain('Selamat ulang tahun, Sinta!');
});

it('offers the slip, the label and, once paid, the invoice as PDFs; the card shows no price', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(gift) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const card = await screen.findByRole('region', { name: 'Hadiah & Dokumen' });
  const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
  expect(href('Cetak Slip (A4)')).toBe(`/api/admin/orders/${gift.id}/packing-slip.pdf?format=a4`);
  expect(href('Cetak Slip (Label)')).toBe(`/api/admin/orders/${gift.id}/packing-slip.pdf?format=label`);
  expect(href('Cetak Label Pengiriman')).toBe(`/api/admin/orders/${gift.id}/shipping-label.pdf`);
  expect(within(card).queryByRole('link', { name: 'Unduh Faktur' })).toBeNull();
  expect(card.textContent).not.toMatch(/Rp/);
});

it("links the invoice once the order's payment is received", async () => {
  const paid = { ...gift, id: 'o1', payments: [{ ...(gift.payments[0] as object), status: 'paid' }] };
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(paid) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const card = await screen.findByRole('region', { name: 'Hadiah & Dokumen' });
  expect(within(card).getByRole('link', { name: 'Unduh Faktur' }).getAttribute('href')).toBe(
    '/api/orders/o1/invoice.pdf',
  );
});
