import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { CollectionList } from './collection-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const signature = {
  id: 'c1',
  slug: 'signature',
  name: 'Koleksi Unggulan',
  description: 'Wewangian terbaik kami',
  image: '/images/signature.webp',
  created_at: '2026-11-21T03:05:00.000Z',
  product_count: 4,
};
const citrus = {
  ...signature,
  id: 'c2',
  slug: 'citrus',
  name: 'Aroma Citrus',
  description: null,
  image: null,
};

it('shows skeleton rows while loading, then the columns, the id-ID date and an edit link', async () => {
  mockApi({ 'GET /api/collections': page([signature, citrus]) });
  renderPage('/admin?section=collections', <CollectionList />);
  expect(screen.getByRole('status').textContent).toBe('Memuat koleksi...');
  expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
  await screen.findByRole('link', { name: 'Edit Aroma Citrus' });
  const table = screen.getByRole('table', { name: 'Data koleksi' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Gambar', 'Nama Koleksi', 'Deskripsi', 'Dibuat', 'Aksi']);
  expect(within(table).getAllByText('21 November 2026')).toHaveLength(2);
  expect(within(table).getByRole('img', { name: 'Koleksi Unggulan' })).toBeTruthy();
  expect(within(table).getByText('Tanpa gambar')).toBeTruthy();
  expect(within(table).getByRole('link', { name: 'Edit Aroma Citrus' }).getAttribute('href')).toBe(
    '/admin?section=edit-collection&id=citrus',
  );
});

it("offers 'Tambah Koleksi Pertama' when there are none", async () => {
  mockApi({ 'GET /api/collections': page([]) });
  renderPage('/admin?section=collections', <CollectionList />);
  expect(await screen.findByText('Belum ada koleksi.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Tambah Koleksi Pertama' }).getAttribute('href')).toBe(
    '/admin?section=add-collection',
  );
});

it('shows the error with a retry when the list fails', async () => {
  mockApi({ 'GET /api/collections': apiError(500) });
  const { toasts } = renderPage('/admin?section=collections', <CollectionList />);
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal memuat koleksi',
    variant: 'destructive',
  });
});

it('searches on the server', async () => {
  const fetch = mockApi({ 'GET /api/collections': page([signature]) });
  renderPage('/admin?section=collections', <CollectionList />);
  await userEvent.type(await screen.findByLabelText('Cari koleksi'), 'citrus{Enter}');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/collections').at(-1)?.url.search).toBe('?page=1&pageSize=10&q=citrus'),
  );
});

it('deletes after the confirmation with its toasts', async () => {
  const fetch = mockApi({
    'GET /api/collections': page([signature, citrus]),
    'DELETE /api/collections/c1': () => new Response(null, { status: 204 }),
    'DELETE /api/collections/c2': apiError(500),
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { toasts } = renderPage('/admin?section=collections', <CollectionList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus Koleksi Unggulan' }));
  expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus koleksi ini?');
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Koleksi berhasil dihapus' }));
  expect(callsTo(fetch, 'DELETE /api/collections/c1')).toHaveLength(1);

  await userEvent.click(screen.getByRole('button', { name: 'Hapus Aroma Citrus' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menghapus koleksi',
      variant: 'destructive',
    }),
  );
});
