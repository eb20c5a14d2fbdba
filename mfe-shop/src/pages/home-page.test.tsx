import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { amber, citrus, oud, page, settings } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import HomePage from './home-page.tsx';

const withSettings =
  (overrides = {}) =>
  () =>
    Response.json({ ...settings, ...overrides });

it('shows the hero title with links to collections and about over the built-in picture', async () => {
  mockApi({ 'GET /api/settings': withSettings(), 'GET /api/products': () => Response.json(page([])) });
  renderPage('/', <HomePage />);
  const hero = screen.getByRole('region', { name: 'Temukan Aroma Khas Anda' });
  expect(screen.getByRole('heading', { level: 1, name: 'Temukan Aroma Khas Anda' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Jelajahi Koleksi' }).getAttribute('href')).toBe('/collections');
  expect(screen.getByRole('link', { name: 'Tentang Kami' }).getAttribute('href')).toBe('/about');
  expect(screen.getByRole('link', { name: 'Cari Aroma' }).getAttribute('href')).toBe('/cari-aroma');
  await screen.findByText(settings.aboutParagraph1);
  // The built-in picture is the stylesheet's (a journey checks what it loads): no <img>.
  expect(hero.querySelector('img')).toBeNull();
});

it("puts the admin's hero background picture over the gradient", async () => {
  mockApi({
    'GET /api/settings': withSettings({ heroBackground: '/images/hero.webp' }),
    'GET /api/products': () => Response.json(page([])),
  });
  renderPage('/', <HomePage />);
  const hero = screen.getByRole('region', { name: 'Temukan Aroma Khas Anda' });
  await waitFor(() => expect(hero.querySelector('img')?.getAttribute('src')).toBe('/images/hero.webp'));
  expect(hero.querySelector('img')?.getAttribute('alt')).toBe('');
});

it('shows the 3 newest products with rupiah prices and detail links', async () => {
  const fetch = mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': () => Response.json(page([oud, citrus, amber], 12)),
  });
  renderPage('/', <HomePage />);
  const featured = screen.getByRole('region', { name: 'Produk Unggulan' });
  expect(within(featured).getByText('Memuat produk unggulan...')).toBeTruthy();
  expect(await within(featured).findByRole('heading', { level: 3, name: 'Oud Royale' })).toBeTruthy();
  expect(within(featured).getByText('Rp 1.599.000')).toBeTruthy();
  expect(within(featured).getByText('Rp 229.000')).toBeTruthy();
  const links = within(featured).getAllByRole('link', { name: 'Lihat Detail' });
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/product/p-oud',
    '/product/p-citrus',
    '/product/p-amber',
  ]);
  // Below the fold: every picture waits until it comes near the viewport.
  for (const img of within(featured).getAllByRole('img')) {
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('400');
  }
  expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/products?limit=3');
  expect(within(featured).getByRole('link', { name: 'Lihat Semua Produk →' }).getAttribute('href')).toBe(
    '/products',
  );
});

it('says when there are no featured products yet', async () => {
  mockApi({ 'GET /api/settings': withSettings(), 'GET /api/products': () => Response.json(page([])) });
  renderPage('/', <HomePage />);
  expect(await screen.findByText('Belum ada produk unggulan tersedia.')).toBeTruthy();
});

it("toasts 'Gagal memuat produk unggulan.' when the products cannot load", async () => {
  mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': apiError(500, 'internal_error', 'Terjadi kesalahan'),
  });
  const { toasts } = renderPage('/', <HomePage />);
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat produk unggulan.')));
  expect(screen.getByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
});

it('shows the about text, three testimonials and the contact section with the home opening hours', async () => {
  mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': pending,
    'GET /api/reviews/best': () => Response.json({ items: [] }),
  });
  renderPage('/', <HomePage />);
  expect(screen.getByText('Memuat informasi perusahaan...')).toBeTruthy();
  expect(await screen.findByText(settings.aboutParagraph1)).toBeTruthy();
  expect(screen.getByText(settings.aboutParagraph2)).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Tentang PT. Global Imperium' })).toBeTruthy();
  // No picture set: a placeholder panel instead of a broken image.
  // No picture set: the built-in still life, the stylesheet's (a journey checks what it loads).
  const about = screen.getByRole('img', { name: 'Parfum racikan PT. Global Imperium' });
  expect(about.className).toMatch(/builtIn/);

  // No published reviews yet: the written three.
  const testimonials = screen.getByRole('region', { name: 'Apa Kata Pelanggan Kami' });
  expect(await within(testimonials).findByText('Sari Wulandari')).toBeTruthy();
  expect(within(testimonials).getAllByRole('listitem')).toHaveLength(3);

  const contact = screen.getByRole('region', { name: 'Hubungi Kami' });
  // The contact section is fetched lazily: it sits at the bottom of the page.
  expect(await within(contact).findByText(settings.contactAddress)).toBeTruthy();
  expect(within(contact).getByRole('link', { name: '+62 21 7250 8800' }).getAttribute('href')).toBe(
    'tel:+622172508800',
  );
  expect(within(contact).getByRole('link', { name: '+62 812 8800 7250' })).toBeTruthy();
  expect(within(contact).getByRole('link', { name: 'info@globalimperium.co.id' }).getAttribute('href')).toBe(
    'mailto:info@globalimperium.co.id',
  );
  const hours = within(contact).getByRole('table');
  expect(within(hours).getByRole('rowheader', { name: 'Minggu' })).toBeTruthy();
  expect(within(hours).getByText('08:00 - 20:00')).toBeTruthy();
  expect(within(hours).queryByText('09:00 - 17:00')).toBeNull();
  expect(within(contact).getByRole('form', { name: 'Kirim pesan' })).toBeTruthy();
});

const best = (id: string, author: string, rating: number, productId: string, productName: string) => ({
  id,
  productId,
  productName,
  author,
  rating,
  body: `Ulasan ${author}: wanginya lembut dan tahan seharian di kantor.`,
});

it('shows the best published reviews as testimonials: first name, verified buyer, the product linked', async () => {
  mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': pending,
    'GET /api/reviews/best': () =>
      Response.json({
        items: [
          best('r1', 'Budi', 5, 'p-oud', 'Oud Royale'),
          best('r2', 'Siti', 5, 'p-citrus', 'Citrus Bloom'),
          best('r3', 'Eka', 4, 'p-oud', 'Oud Royale'),
        ],
      }),
  });
  renderPage('/', <HomePage />);
  const testimonials = screen.getByRole('region', { name: 'Apa Kata Pelanggan Kami' });
  expect(await within(testimonials).findByText('Budi')).toBeTruthy();
  const cards = within(testimonials).getAllByRole('listitem');
  expect(cards).toHaveLength(3);
  expect(within(testimonials).queryByText('Sari Wulandari')).toBeNull();
  const [first, , third] = cards as [HTMLElement, HTMLElement, HTMLElement];
  expect(
    within(first).getByText('“Ulasan Budi: wanginya lembut dan tahan seharian di kantor.”'),
  ).toBeTruthy();
  expect(within(first).getByRole('img', { name: '5 dari 5 bintang' })).toBeTruthy();
  expect(within(first).getByText(/Pembeli Terverifikasi/)).toBeTruthy();
  expect(within(first).getByRole('link', { name: 'Oud Royale' }).getAttribute('href')).toBe('/product/p-oud');
  expect(within(third).getByRole('img', { name: '4 dari 5 bintang' })).toBeTruthy();
  expect(
    within(cards[1] as HTMLElement)
      .getByRole('link', { name: 'Citrus Bloom' })
      .getAttribute('href'),
  ).toBe('/product/p-citrus');
});

it('keeps the written three while fewer than three reviews are published, or when they cannot load', async () => {
  mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': pending,
    'GET /api/reviews/best': () => Response.json({ items: [best('r1', 'Budi', 5, 'p-oud', 'Oud Royale')] }),
  });
  const { unmount } = renderPage('/', <HomePage />);
  const testimonials = screen.getByRole('region', { name: 'Apa Kata Pelanggan Kami' });
  expect(await within(testimonials).findByText('Rudi Hartono')).toBeTruthy();
  expect(within(testimonials).queryByText('Budi')).toBeNull();
  expect(within(testimonials).queryByText(/Pembeli Terverifikasi/)).toBeNull();
  unmount();

  mockApi({
    'GET /api/settings': withSettings(),
    'GET /api/products': pending,
    'GET /api/reviews/best': apiError(500, 'internal_error', 'Terjadi kesalahan'),
  });
  renderPage('/', <HomePage />);
  const again = screen.getByRole('region', { name: 'Apa Kata Pelanggan Kami' });
  expect(await within(again).findByText('Dewi Anggraini')).toBeTruthy();
});
