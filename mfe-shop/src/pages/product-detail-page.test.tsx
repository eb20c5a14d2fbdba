import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  expect(screen.getAllByText('Rp 250.000')).toHaveLength(2);
  expect(document.title).toMatch(/ – Rp 250\.000 \| PT\. Global Imperium$/);
  expect(screen.getByText(/Oud hangat\.\s+Dengan sentuhan mawar\./).textContent).toBe(oud.description);
  const image = screen.getByRole('img', { name: 'Oud Royale' });
  expect(image.getAttribute('src')).toBe('/images/p-oud.webp');
  expect(image.getAttribute('loading')).toBe('eager');
  for (const benefit of ['Aroma tahan hingga 12 jam', 'Botol mewah dan elegan', 'Bahan premium pilihan']) {
    expect(screen.getByText(benefit)).toBeTruthy();
  }

  // One size: no picker, the size and its availability are said.
  expect(screen.queryByRole('group', { name: 'Ukuran' })).toBeNull();
  expect(screen.getByText('50 ml · Tersedia')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Tambah ke Keranjang' }));
  expect(added).toEqual([
    {
      id: 'p-oud',
      variantId: 'p-oud-50',
      sizeMl: 50,
      name: 'Oud Royale',
      price: 250_000,
      image: '/images/p-oud.webp',
      stock: 10,
    },
  ]);
});

describe('sizes', () => {
  const melati = product('p-melati', 'Melati Malam', 279_000, {
    variants: [
      { id: 'm-30', size_ml: 30, price: 279_000, stock: 0, sku: null },
      { id: 'm-50', size_ml: 50, price: 459_000, stock: 3, sku: null },
      { id: 'm-100', size_ml: 100, price: 779_000, stock: null, sku: null },
    ],
  });

  it('starts with the first size in stock; price, availability and the button follow the chosen size', async () => {
    mockApi({ 'GET /api/products/p-melati': () => Response.json(melati) });
    const { added } = renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-melati' });
    const sizes = await screen.findByRole('group', { name: 'Ukuran' });
    const radios = within(sizes).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      '30 mlStok habis',
      '50 ml',
      '100 ml',
    ]);
    expect(within(sizes).getByRole('radio', { name: '50 ml' })).toHaveProperty('checked', true);
    // The price near the name and the one in the (phone's sticky) buy bar.
    expect(screen.getAllByText('Rp 459.000')).toHaveLength(2);
    expect(screen.getByText('50 ml · Sisa 3')).toBeTruthy();

    await userEvent.click(within(sizes).getByRole('radio', { name: /30 ml/ }));
    expect(screen.getAllByText('Rp 279.000')).toHaveLength(2);
    expect(screen.getByText('30 ml · Stok habis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah ke Keranjang' })).toHaveProperty('disabled', true);

    await userEvent.click(within(sizes).getByRole('radio', { name: '100 ml' }));
    expect(screen.getByText('100 ml · Tersedia')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tambah ke Keranjang' }));
    expect(added.map((p) => [p.variantId, p.price])).toEqual([['m-100', 779_000]]);
  });

  it("says 'Stok habis' when every size is sold out", async () => {
    const gone = { ...melati, variants: melati.variants.map((v) => ({ ...v, stock: 0 })) };
    mockApi({ 'GET /api/products/p-melati': () => Response.json(gone) });
    renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-melati' });
    expect(await screen.findByText('30 ml · Stok habis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah ke Keranjang' })).toHaveProperty('disabled', true);
  });
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
    'Halo PT. Global Imperium, saya tertarik dengan Oud Royale 50 ml (Rp 250.000). Apakah masih tersedia?',
  );
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
});
