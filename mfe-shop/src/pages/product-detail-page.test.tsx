import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { citrus, product, productDetail } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import ProductDetailPage from './product-detail-page.tsx';

const oud = productDetail(
  product('p-oud', 'Oud Royale', 250_000, { description: 'Oud hangat.\nDengan sentuhan mawar.' }),
);
const noRelated = () => Response.json({ items: [] });
const others = { '/products': 'Semua Produk', '/collections/luxury': 'Edisi Mewah' };

it("shows 'Memuat produk...' with the detail's placeholder while loading", () => {
  mockApi({ 'GET /api/products/p-oud': pending });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(screen.getByRole('status').textContent).toBe('Memuat produk...');
});

it('shows image, name, price, description, the three benefits and the cart button', async () => {
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/products/p-oud/related': noRelated,
  });
  const { added } = renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Oud Royale' })).toBeTruthy();
  expect(screen.getByText('Rp 250.000')).toBeTruthy();
  expect(document.title).toMatch(/ – Rp 250\.000 \| PT\. Global Imperium$/);
  expect(screen.getByText(/Oud hangat\.\s+Dengan sentuhan mawar\./).textContent).toBe(oud.description);
  const image = screen.getByRole('img', { name: 'Oud Royale' });
  expect(image.getAttribute('src')).toBe('/images/p-oud.webp');
  expect(image.getAttribute('loading')).toBe('eager');
  // A phone takes the 720 px copy, a wide screen the photo itself.
  expect(image.getAttribute('srcset')).toBe(
    '/images/p-oud-320w.webp 320w, /images/p-oud-720w.webp 720w, /images/p-oud.webp 1200w',
  );
  expect(image.getAttribute('sizes')).toBe('(min-width: 768px) 36rem, calc(100vw - 2rem)');
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
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/products/p-oud/related': noRelated,
  });
  const { router } = renderPage('/product/:id', <ProductDetailPage />, {
    url: '/collections/luxury',
    others,
  });
  await act(() => router.navigate('/product/p-oud'));
  await screen.findByRole('heading', { level: 1, name: 'Oud Royale' });
  await userEvent.click(screen.getByRole('button', { name: '← Kembali' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Edisi Mewah' })).toBeTruthy();
});

it('shows concentration, gender and the scent pyramid, each note leading to the catalogue filtered by it', async () => {
  const scented = productDetail(oud, {
    concentration: 'EDP',
    gender: 'unisex',
    notes: { top: ['Jeruk Manis', 'Lemon'], heart: [], base: ['Kasturi Putih'] },
  });
  mockApi({
    'GET /api/products/p-oud': () => Response.json(scented),
    'GET /api/products/p-oud/related': noRelated,
  });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  expect(await screen.findByText('Eau de Parfum (EDP)')).toBeTruthy();
  expect(screen.getByText('Untuk Unisex')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Piramida Aroma' })).toBeTruthy();
  expect(screen.getByText('Nada Atas')).toBeTruthy();
  // A layer without notes is left out.
  expect(screen.queryByText('Nada Tengah')).toBeNull();
  expect(screen.getByRole('link', { name: 'Jeruk Manis' }).getAttribute('href')).toBe(
    '/products?note=jeruk+manis',
  );
  expect(screen.getByRole('link', { name: 'Kasturi Putih' }).getAttribute('href')).toBe(
    '/products?note=kasturi+putih',
  );
});

it('shows related products under the product, and nothing when there are none', async () => {
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/products/p-oud/related': () => Response.json({ items: [citrus] }),
  });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  const related = await screen.findByRole('region', { name: 'Produk Terkait' });
  expect(related.querySelector('h3')?.textContent).toBe('Citrus Bloom');
  // Below the fold: its photos wait until the shopper scrolls near them.
  expect(related.querySelector('img')?.getAttribute('loading')).toBe('lazy');
});
