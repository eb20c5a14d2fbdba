import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { citrus, collectionDetail, oud, product, seededCollections } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import CollectionPage from './collection-page.tsx';

const luxury = collectionDetail(seededCollections[1] as (typeof seededCollections)[number], [oud, citrus]);

it("shows 'Memuat koleksi...' while loading", () => {
  mockApi({ 'GET /api/collections/luxury': pending });
  renderPage('/collections/:slug', <CollectionPage />, { url: '/collections/luxury' });
  expect(screen.getByRole('status').textContent).toBe('Memuat koleksi...');
});

it('shows the collection and its products with rupiah prices and detail links', async () => {
  const fetch = mockApi({ 'GET /api/collections/luxury': () => Response.json(luxury) });
  renderPage('/collections/:slug', <CollectionPage />, { url: '/collections/luxury' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Edisi Mewah' })).toBeTruthy();
  expect(screen.getByText('Pilihan edisi mewah.')).toBeTruthy();
  expect(screen.getByText('2 produk')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Oud Royale' })).toBeTruthy();
  expect(screen.getByText('Rp 1.599.000')).toBeTruthy();
  expect(screen.getByText('Rp 229.000')).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'Lihat Detail' }).map((l) => l.getAttribute('href'))).toEqual([
    '/product/p-oud',
    '/product/p-citrus',
  ]);
  expect(screen.getByRole('link', { name: '← Semua Koleksi' }).getAttribute('href')).toBe('/collections');
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/collections/luxury?page=1&pageSize=25']);
  expect(screen.queryByRole('navigation', { name: 'Halaman produk koleksi' })).toBeNull();
});

it('pages through a collection larger than one page via ?page=, like the catalogue', async () => {
  const fetch = mockApi({
    'GET /api/collections/luxury': (url) => {
      const n = Number(new URL(url, 'http://x').searchParams.get('page'));
      return Response.json(
        collectionDetail(luxury, [product(`p-${n}`, `Parfum Halaman ${n}`, 100_000 * n)], {
          total: 30,
          page: n,
        }),
      );
    },
  });
  const { router } = renderPage('/collections/:slug', <CollectionPage />, { url: '/collections/luxury' });
  expect(await screen.findByText('Parfum Halaman 1')).toBeTruthy();
  expect(screen.getByText('30 produk')).toBeTruthy();
  const pagination = screen.getByRole('navigation', { name: 'Halaman produk koleksi' });
  expect(pagination.textContent).toContain('Halaman 1 dari 2');

  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  expect(await screen.findByText('Parfum Halaman 2')).toBeTruthy();
  expect(router.state.location.search).toBe('?page=2');
  expect(screen.getByText('Halaman 2 dari 2')).toBeTruthy();
  expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/collections/luxury?page=2&pageSize=25');

  await userEvent.click(screen.getByRole('link', { name: '← Sebelumnya' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText('Parfum Halaman 1')).toBeTruthy();
});

it('says when a collection has no products yet', async () => {
  mockApi({
    'GET /api/collections/luxury': () => Response.json({ ...luxury, products: [], product_count: 0 }),
  });
  renderPage('/collections/:slug', <CollectionPage />, { url: '/collections/luxury' });
  expect(await screen.findByText('Belum ada produk dalam koleksi ini.')).toBeTruthy();
});

it("shows 'Koleksi tidak ditemukan' with a way back for an unknown slug", async () => {
  mockApi({ 'GET /api/collections/tidak-ada': apiError(404, 'not_found', 'Koleksi tidak ditemukan') });
  const { router } = renderPage('/collections/:slug', <CollectionPage />, {
    url: '/collections/tidak-ada',
    others: { '/collections': 'Koleksi Kami' },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Koleksi tidak ditemukan' })).toBeTruthy();
  await userEvent.click(screen.getByRole('link', { name: 'Lihat Semua Koleksi' }));
  expect(router.state.location.pathname).toBe('/collections');
});

it("toasts 'Gagal memuat koleksi.' when the collection cannot load", async () => {
  mockApi({ 'GET /api/collections/luxury': apiError(500, 'internal_error', 'x') });
  const { toasts } = renderPage('/collections/:slug', <CollectionPage />, { url: '/collections/luxury' });
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat koleksi.')));
  expect(screen.queryByText('Koleksi tidak ditemukan')).toBeNull();
});
