import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { collection, page, seededCollections } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import CollectionsPage from './collections-page.tsx';

it("shows 'Memuat koleksi...' while loading", () => {
  mockApi({ 'GET /api/collections': pending });
  renderPage('/collections', <CollectionsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Koleksi Kami' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Memuat koleksi...');
});

it('shows a card per collection, each linking to its page', async () => {
  const fetch = mockApi({ 'GET /api/collections': () => Response.json(page(seededCollections, 6, 1, 50)) });
  renderPage('/collections', <CollectionsPage />);
  const links = await screen.findAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Koleksi Unggulan', '/collections/signature'],
    ['Edisi Mewah', '/collections/luxury'],
    ['Wewangian Musiman', '/collections/seasonal'],
    ['Paket Hadiah', '/collections/gift'],
    ['Koleksi Oriental', '/collections/oriental'],
    ['Aroma Citrus', '/collections/citrus'],
  ]);
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
  expect(screen.getByText('Pilihan edisi mewah.')).toBeTruthy();
  expect(screen.getAllByText('2 produk')).toHaveLength(6);
  // No picture set: a placeholder panel named like the collection, never a broken image.
  expect(screen.getByRole('img', { name: 'Edisi Mewah' }).tagName).toBe('SPAN');
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/collections?page=1&pageSize=50']);
});

it("shows a collection's picture when it has one", async () => {
  mockApi({
    'GET /api/collections': () =>
      Response.json(page([collection('luxury', 'Edisi Mewah', { image: '/images/luxury.webp' })])),
  });
  renderPage('/collections', <CollectionsPage />);
  const image = await screen.findByRole('img', { name: 'Edisi Mewah' });
  expect(image.getAttribute('src')).toBe('/images/luxury.webp');
  expect(image.getAttribute('width')).toBe('640');
});

it('says when there are no collections yet', async () => {
  mockApi({ 'GET /api/collections': () => Response.json(page([])) });
  renderPage('/collections', <CollectionsPage />);
  expect(await screen.findByText('Belum ada koleksi tersedia.')).toBeTruthy();
});

it("toasts 'Gagal memuat koleksi.' when the collections cannot load", async () => {
  mockApi({ 'GET /api/collections': apiError(500, 'internal_error', 'x') });
  const { toasts } = renderPage('/collections', <CollectionsPage />);
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat koleksi.')));
  expect(screen.getByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
});
