import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, apiError, callsTo, mockApi, page, renderPage, session } from '../../test/render.tsx';
import { ProductList } from './product-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const product = (n: number) => ({
  id: `p${n}`,
  name: `Parfum ${n}`,
  description: `Aroma khas nomor ${n} yang tahan lama`,
  price: 250_000 + n,
  image: `/images/p${n}.webp`,
  variants:
    n === 2
      ? [
          { id: 'v2-30', size_ml: 30, price: 250_002, stock: 3, sku: null },
          { id: 'v2-100', size_ml: 100, price: 450_000, stock: 0, sku: null },
        ]
      : [{ id: `v${n}`, size_ml: 50, price: 250_000 + n, stock: 8, sku: null }],
  created_at: '2026-11-21T03:05:00.000Z',
  updated_at: '2026-11-21T03:05:00.000Z',
});

it('shows loading, then the table with its columns, rupiah prices and edit links', async () => {
  mockApi({ 'GET /api/products': page([product(1), product(2)]) });
  renderPage('/admin?section=products', <ProductList />);
  expect(screen.getByRole('status').textContent).toBe('Memuat produk...');
  const table = await screen.findByRole('table', { name: 'Data produk' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['No.', 'Foto', 'Nama', 'Harga', 'Deskripsi', 'Action']);
  const row = within(table).getAllByRole('row')[1] as HTMLElement;
  expect(within(row).getByText('1')).toBeTruthy();
  expect(within(row).getByRole('img', { name: 'Parfum 1' })).toBeTruthy();
  expect(within(row).getByText('Rp 250.001')).toBeTruthy();
  // Sizes at different prices: the range.
  const second = within(table).getAllByRole('row')[2] as HTMLElement;
  expect(within(second).getByText('Rp 250.002 – Rp 450.000')).toBeTruthy();
  expect(within(row).getByRole('link', { name: 'Edit Parfum 1' }).getAttribute('href')).toBe(
    '/admin?section=edit-product&id=p1',
  );
  expect(screen.getByRole('link', { name: 'Tambah Data' }).getAttribute('href')).toBe(
    '/admin?section=add-product',
  );
});

it("shows 'Belum ada produk tersedia.' when there are none", async () => {
  mockApi({ 'GET /api/products': page([]) });
  renderPage('/admin?section=products', <ProductList />);
  expect(await screen.findByText('Belum ada produk tersedia.')).toBeTruthy();
});

it('shows the error with a retry and toasts when the list fails', async () => {
  const fetch = mockApi({ 'GET /api/products': apiError(500) });
  const { toasts } = renderPage('/admin?section=products', <ProductList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Coba Lagi' }));
  expect(screen.getByText('Gagal memuat produk. Silakan coba lagi.')).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal memuat produk',
    variant: 'destructive',
  });
  await waitFor(() => expect(callsTo(fetch, 'GET /api/products')).toHaveLength(2));
});

it('searches, sizes and pages the list on the server and keeps them in the URL', async () => {
  const fetch = mockApi({
    'GET /api/products': (url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const size = Number(params.get('pageSize'));
      const current = Number(params.get('page'));
      const items = Array.from({ length: size }, (_, i) => product((current - 1) * size + i + 1));
      return page(items, 60, current, size)();
    },
  });
  const { router } = renderPage('/admin?section=products', <ProductList />);
  await screen.findByRole('table');
  expect(callsTo(fetch, 'GET /api/products')[0]?.url.search).toBe('?page=1&pageSize=10');

  await userEvent.selectOptions(screen.getByLabelText('Tampilkan entri'), '25');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/products').at(-1)?.url.search).toBe('?page=1&pageSize=25'),
  );
  expect(router.state.location.search).toBe('?section=products&pageSize=25');

  await userEvent.click(await screen.findByRole('link', { name: 'Berikutnya →' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/products').at(-1)?.url.search).toBe('?page=2&pageSize=25'),
  );
  expect(await screen.findByText('Parfum 26')).toBeTruthy();
  expect(screen.getByText('Menampilkan 26–50 dari 60 data')).toBeTruthy();
  expect(screen.getByText('26')).toBeTruthy();

  await userEvent.type(screen.getByLabelText('Cari produk'), 'oud');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/products').at(-1)?.url.search).toBe('?page=1&pageSize=25&q=oud'),
  );
  expect(router.state.location.search).toBe('?section=products&pageSize=25&q=oud');
});

it('says when a search matches more products than it ranks', async () => {
  mockApi({
    'GET /api/products': () =>
      Response.json({ items: [product(1)], total: 1000, totalCapped: true, page: 1, pageSize: 10 }),
  });
  renderPage('/admin?section=products&q=melati', <ProductList />);
  await screen.findByRole('table');
  expect(screen.getByText('Menampilkan 1–10 dari lebih dari 1.000 data')).toBeTruthy();
});

it('deletes a product only after the confirmation, with the success toast', async () => {
  let items = [product(1), product(2)];
  const fetch = mockApi({
    'GET /api/products': () => page(items)(),
    'DELETE /api/products/p1': () => {
      items = items.filter((p) => p.id !== 'p1');
      return new Response(null, { status: 204 });
    },
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { toasts } = renderPage('/admin?section=products', <ProductList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Parfum 1' }));
  expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus produk ini?');
  expect(callsTo(fetch, 'DELETE /api/products/p1')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Delete Parfum 1' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil dihapus' }));
  await waitFor(() => expect(screen.queryByText('Parfum 1')).toBeNull());
});

const IN_SET = 'Ukuran 2 ml ada di Set Discovery "Set Pria 10 ml"; keluarkan dulu dari set itu.';

it("toasts the server's refusal when the delete fails: a sample a discovery set holds", async () => {
  mockApi({
    'GET /api/products': page([product(1)]),
    'DELETE /api/products/p1': apiError(409, IN_SET, 'sample_in_set'),
  });
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { toasts } = renderPage('/admin?section=products', <ProductList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Parfum 1' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: IN_SET,
      variant: 'destructive',
    }),
  );
  expect(screen.getByText('Parfum 1')).toBeTruthy();
});

it('offers the CSV export and import to a role with prices and stock, not to a content editor', async () => {
  mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'content_editor' }),
    'GET /api/products': page([product(1)]),
  });
  const { unmount } = renderPage('/admin', <ProductList />);
  expect(await screen.findByText('Parfum 1')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('Tambah Data')).toBeNull());
  expect(screen.queryByRole('link', { name: 'Ekspor CSV produk sesuai pencarian' })).toBeNull();
  expect(screen.queryByText('Impor produk dari CSV')).toBeNull();
  unmount();

  mockApi({ 'GET /api/auth/session': session(admin), 'GET /api/products': page([product(1)]) });
  renderPage('/admin', <ProductList />);
  expect(await screen.findByRole('link', { name: 'Ekspor CSV produk sesuai pencarian' })).toBeTruthy();
});
