import { GUEST_FAVORITES_KEY } from '@gi/contracts/guest-favorites';
import { screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { setFavoriteIds } from '../features/favorites/favorite-store.ts';
import { oud } from '../test/fixtures.ts';
import { mockApi, renderPage } from '../test/render.tsx';
import FavoritesPage from './favorites-page.tsx';

const guest = () => Response.json({ user: null });

/** The guest's list in this browser, as the hearts' store reads it (kept between tests in its module). */
function keep(ids: string[]) {
  localStorage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(ids));
  setFavoriteIds(ids, null);
}

beforeEach(() => keep([]));

it("a guest's page shows the browser's favourites with the sizes in stock", async () => {
  keep(['p-oud']);
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/by-ids': () => Response.json({ items: [oud] }),
  });
  renderPage('/favorit', <FavoritesPage />);
  expect(await screen.findByText('Oud Royale')).toBeTruthy();
  expect(screen.getByText('Tersedia: 50 ml')).toBeTruthy();
});

it('a page past the end of the list says so and leads back to the first, not that there are no favourites', async () => {
  keep(['p-oud']);
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/favorit', <FavoritesPage />, { url: '/favorit?page=2' });
  expect(await screen.findByText('Halaman ini kosong.', { exact: false })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Kembali ke halaman pertama' }).getAttribute('href')).toBe(
    '/favorit',
  );
  expect(screen.queryByText('Belum ada parfum favorit', { exact: false })).toBeNull();
});

it('an empty list invites the shopper to the products', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/favorit', <FavoritesPage />);
  expect(await screen.findByText('Belum ada parfum favorit', { exact: false })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Lihat Produk' })).toBeTruthy();
});
