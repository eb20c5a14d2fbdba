import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { SaleForm } from './sale-form.tsx';
import { saleStatus } from './sale-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const size = (id: string, size_ml: number) => ({
  id,
  size_ml,
  price: 250_000,
  stock: 5,
  sku: null,
  max_per_order: 5,
  sale_price: null,
  sale_ends_at: null,
});
const products = [
  {
    id: 'p1',
    name: 'Oud Royale',
    image: '/images/p1.webp',
    variants: [size('p1-30', 30), size('p1-50', 50)],
  },
  { id: 'p2', name: 'Citrus Bloom', image: '/images/p2.webp', variants: [size('p2-50', 50)] },
];
const collections = [{ id: 'c1', slug: 'pria', name: 'Pria' }];
const routes = { 'GET /api/products': page(products), 'GET /api/collections': page(collections) };

const typeMoment = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

it('saves a sale with WIB moments sent as UTC and its collection, product and size targets', async () => {
  const fetch = mockApi({
    ...routes,
    'POST /api/admin/sales': (_, init) =>
      Response.json({ id: 's1', ...JSON.parse(String(init.body)) }, { status: 201 }),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <SaleForm onSaved={onSaved} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Nama Promo'), 'Promo 12.12');
  await userEvent.type(screen.getByLabelText(/Nilai Potongan/), '20');
  typeMoment('Mulai (WIB)', '2027-12-12T00:00');
  typeMoment('Berakhir (WIB)', '2027-12-12T23:59');
  const targets = screen.getByRole('group', { name: 'Berlaku untuk' });
  expect(within(targets).getByText('Belum ada yang dipilih: promo berlaku untuk semua produk.')).toBeTruthy();
  await userEvent.click(await within(targets).findByRole('checkbox', { name: 'Koleksi Pria' }));
  await userEvent.click(
    await within(targets).findByRole('checkbox', { name: 'Citrus Bloom (semua ukuran)' }),
  );
  await userEvent.click(within(targets).getByRole('checkbox', { name: 'Oud Royale 50 ml' }));
  expect(within(targets).getByText('1 produk, 1 koleksi, 1 ukuran dipilih.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Promo' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Promo berhasil ditambahkan' }));
  expect(callsTo(fetch, 'POST /api/admin/sales')[0]?.body).toEqual({
    name: 'Promo 12.12',
    kind: 'percent',
    value: 20,
    startsAt: '2027-12-11T17:00:00.000Z',
    endsAt: '2027-12-12T16:59:00.000Z',
    productIds: ['p2'],
    collectionIds: ['c1'],
    variantIds: ['p1-50'],
  });
  expect(onSaved).toHaveBeenCalled();
});

it('refuses an end before the start and a percent over 99 in Indonesian, without calling the API', async () => {
  const fetch = mockApi(routes);
  renderPage('/admin', <SaleForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Nama Promo'), 'Promo Uji');
  await userEvent.type(screen.getByLabelText(/Nilai Potongan/), '100');
  typeMoment('Mulai (WIB)', '2027-12-12T10:00');
  typeMoment('Berakhir (WIB)', '2027-12-12T09:00');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Promo' }));
  expect(await screen.findByText('Waktu berakhir harus setelah waktu mulai')).toBeTruthy();
  expect(screen.getByText('Persentase promo 1–99')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/sales')).toHaveLength(0);
});

it('edits a sale with its moments shown in WIB, and names where each sale stands', async () => {
  const fetch = mockApi({
    ...routes,
    'PUT /api/admin/sales/s1': (_, init) => Response.json({ id: 's1', ...JSON.parse(String(init.body)) }),
  });
  const sale = {
    id: 's1',
    name: 'Promo Lebaran',
    kind: 'fixed' as const,
    value: 50_000,
    starts_at: '2027-03-19T17:00:00.000Z',
    ends_at: '2027-03-25T17:00:00.000Z',
    product_ids: ['p1'],
    collection_ids: [],
    variant_ids: [],
    created_at: '',
    updated_at: '',
  };
  renderPage('/admin', <SaleForm sale={sale} onSaved={() => {}} onCancel={() => {}} />);
  expect((screen.getByLabelText('Mulai (WIB)') as HTMLInputElement).value).toBe('2027-03-20T00:00');
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Promo' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/admin/sales/s1')).toHaveLength(1));
  expect(callsTo(fetch, 'PUT /api/admin/sales/s1')[0]?.body).toMatchObject({
    kind: 'fixed',
    value: 50_000,
    startsAt: sale.starts_at,
    endsAt: sale.ends_at,
    productIds: ['p1'],
  });
  expect(saleStatus(sale, '2027-03-19T16:59:59.999Z')).toBe('Terjadwal');
  expect(saleStatus(sale, '2027-03-19T17:00:00.000Z')).toBe('Berlangsung');
  expect(saleStatus(sale, '2027-03-25T17:00:00.000Z')).toBe('Selesai');
});
