import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, callsTo, customer, guest, mockApi, renderPage, session } from '../test/render.tsx';
import ManageProductsPage from './manage-products-page.tsx';

afterEach(() => vi.unstubAllGlobals());

it('sends a guest to /login and tells a customer no', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  const { router, unmount } = renderPage('/manage-products', <ManageProductsPage />, { '/login': 'Masuk' });
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
  unmount();

  mockApi({ 'GET /api/auth/session': session(customer) });
  renderPage('/manage-products', <ManageProductsPage />);
  expect(await screen.findByRole('heading', { name: 'Akses Ditolak' })).toBeTruthy();
  expect(screen.queryByLabelText('Nama Produk')).toBeNull();
});

it('saves the product for real and clears the form for the next one', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'POST /api/images': () => Response.json({ url: '/images/baru.webp', widths: [] }, { status: 201 }),
    'POST /api/products': (_, init) =>
      Response.json(
        { id: 'p9', ...JSON.parse(String(init.body)), created_at: '', updated_at: '' },
        { status: 201 },
      ),
  });
  const { toasts } = renderPage('/manage-products', <ManageProductsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Tambah Produk' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Lihat Data Produk' }).getAttribute('href')).toBe(
    '/admin?section=products',
  );
  await userEvent.type(screen.getByLabelText('Nama Produk'), 'Amber Nights');
  await userEvent.type(screen.getByLabelText('Deskripsi'), 'Amber hangat untuk malam hari');
  await userEvent.type(screen.getByLabelText('Ukuran (ml)'), '100');
  await userEvent.type(screen.getByLabelText('Harga'), '399.000');
  await userEvent.type(screen.getByLabelText('Stok'), '7');
  await userEvent.type(screen.getByLabelText('Berat (gram)'), '420');
  await userEvent.upload(
    screen.getByLabelText('Pilih gambar'),
    new File([new Uint8Array([1])], 'amber.jpg', { type: 'image/jpeg' }),
  );
  await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil disimpan' }));
  expect(callsTo(fetch, 'POST /api/products')[0]?.body).toEqual({
    name: 'Amber Nights',
    description: 'Amber hangat untuk malam hari',
    variants: [
      {
        size_ml: 100,
        price: 399_000,
        stock: 7,
        sku: null,
        max_per_order: 5,
        weight_grams: 420,
        length_cm: null,
        width_cm: null,
        height_cm: null,
        sample_credit: null,
      },
    ],
    images: [{ url: '/images/baru.webp', widths: [] }],
    notes: { top: [], heart: [], base: [] },
    trust_marks: { bpom_number: null, bpom_valid_until: null, halal_number: null, ingredients: null },
    concentration: null,
    gender: null,
  });
  expect(screen.getByLabelText('Nama Produk')).toHaveProperty('value', '');
});
