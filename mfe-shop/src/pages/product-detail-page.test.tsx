import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { product, settings } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import ProductDetailPage from './product-detail-page.tsx';

const oud = product('p-oud', 'Oud Royale', 250_000, { description: 'Oud hangat.\nDengan sentuhan mawar.' });
const others = { '/products': 'Semua Produk', '/collections/luxury': 'Edisi Mewah' };

it("shows 'Memuat produk...' with the detail's placeholder while loading", () => {
  mockApi({ 'GET /api/products/p-oud': pending });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(screen.getByRole('status').textContent).toBe('Memuat produk...');
});

it('shows image, name, price, description, the three benefits and the cart button', async () => {
  mockApi({ 'GET /api/products/p-oud': () => Response.json(oud) });
  const { added } = renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Oud Royale' })).toBeTruthy();
  expect(screen.getByText('Rp 250.000')).toBeTruthy();
  expect(document.title).toMatch(/ – Rp 250\.000 \| PT\. Global Imperium$/);
  expect(screen.getByText(/Oud hangat\.\s+Dengan sentuhan mawar\./).textContent).toBe(oud.description);
  const image = screen.getByRole('img', { name: 'Oud Royale' });
  expect(image.getAttribute('src')).toBe('/images/p-oud.webp');
  expect(image.getAttribute('loading')).toBe('eager');
  for (const benefit of ['Aroma tahan hingga 12 jam', 'Botol mewah dan elegan', 'Bahan premium pilihan']) {
    expect(screen.getByText(benefit)).toBeTruthy();
  }

  await userEvent.click(screen.getByRole('button', { name: 'Tambah ke Keranjang' }));
  expect(added).toEqual([{ id: 'p-oud', name: 'Oud Royale', price: 250_000, image: '/images/p-oud.webp' }]);
});

it("shows 'Produk Tidak Ditemukan' for an unknown id and goes to the products when opened directly", async () => {
  mockApi({
    'GET /api/products/tidak-ada': apiError(404, 'not_found', 'Produk tidak ditemukan.'),
  });
  const { toasts, router } = renderPage('/product/:id', <ProductDetailPage />, {
    url: '/product/tidak-ada',
    others,
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Produk Tidak Ditemukan' })).toBeTruthy();
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Produk tidak ditemukan.')));
  expect(screen.queryByRole('button', { name: 'Tambah ke Keranjang' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: '← Kembali' }));
  expect(router.state.location.pathname).toBe('/products');
});

it("shows 'Produk Tidak Ditemukan' and toasts the unexpected failure", async () => {
  mockApi({ 'GET /api/products/p-oud': apiError(500, 'internal_error', 'x') });
  const { toasts } = renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Produk Tidak Ditemukan' })).toBeTruthy();
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Terjadi kesalahan saat memuat produk.')));
  expect(toasts).not.toContainEqual(errorToast('Produk tidak ditemukan.'));
});

it('goes back where the shopper came from', async () => {
  mockApi({ 'GET /api/products/p-oud': () => Response.json(oud) });
  const { router } = renderPage('/product/:id', <ProductDetailPage />, {
    url: '/collections/luxury',
    others,
  });
  await act(() => router.navigate('/product/p-oud'));
  await screen.findByRole('heading', { level: 1, name: 'Oud Royale' });
  await userEvent.click(screen.getByRole('button', { name: '← Kembali' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Edisi Mewah' })).toBeTruthy();
});

it("links to the shop's WhatsApp with a message naming the product and its price", async () => {
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/settings': () => Response.json({ ...settings, contactPhone1: '0812-3456-7890' }),
  });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  const link = await screen.findByRole('link', { name: 'Tanya via WhatsApp' });
  const href = new URL(link.getAttribute('href') ?? '');
  expect(href.origin + href.pathname).toBe('https://wa.me/6281234567890');
  expect(href.searchParams.get('text')).toBe(
    'Halo PT. Global Imperium, saya tertarik dengan Oud Royale (Rp 250.000). Apakah masih tersedia?',
  );
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
});
