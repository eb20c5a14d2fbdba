import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { citrus, product, productDetail, settings, variant } from '../test/fixtures.ts';
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
  expect(screen.getAllByText('Rp 250.000')).toHaveLength(2);
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
      imageWidths: [320, 720, 1200],
      stock: 10,
      maxPerOrder: 5,
    },
  ]);
});

describe('sizes', () => {
  const melati = productDetail(
    product('p-melati', 'Melati Malam', 279_000, {
      variants: [
        variant('m-30', 30, 279_000, 0),
        variant('m-50', 50, 459_000, 3),
        variant('m-100', 100, 779_000, null),
      ],
    }),
  );

  it('starts with the first size in stock; price, availability and the button follow the chosen size', async () => {
    mockApi({
      'GET /api/products/p-melati': () => Response.json(melati),
      'GET /api/products/p-melati/related': noRelated,
    });
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
    expect(screen.getByRole('button', { name: 'Stok habis' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Beli Sekarang' })).toBeNull();

    await userEvent.click(within(sizes).getByRole('radio', { name: '100 ml' }));
    expect(screen.getByText('100 ml · Tersedia')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tambah ke Keranjang' }));
    expect(added.map((p) => [p.variantId, p.price])).toEqual([['m-100', 779_000]]);
  });

  it("says 'Stok habis' when every size is sold out", async () => {
    const gone = { ...melati, variants: melati.variants.map((v) => ({ ...v, stock: 0 })) };
    mockApi({
      'GET /api/products/p-melati': () => Response.json(gone),
      'GET /api/products/p-melati/related': noRelated,
    });
    renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-melati' });
    expect(await screen.findByText('30 ml · Stok habis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stok habis' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Beli Sekarang' })).toBeNull();
  });

  it("'Beli Sekarang' puts the chosen size in the cart and opens checkout", async () => {
    mockApi({
      'GET /api/products/p-melati': () => Response.json(melati),
      'GET /api/products/p-melati/related': noRelated,
    });
    const { added, router } = renderPage('/product/:id', <ProductDetailPage />, {
      url: '/product/p-melati',
      others: { '/cart': 'Keranjang Belanja' },
    });
    const sizes = await screen.findByRole('group', { name: 'Ukuran' });
    await userEvent.click(within(sizes).getByRole('radio', { name: '100 ml' }));
    await userEvent.click(screen.getByRole('button', { name: 'Beli Sekarang' }));
    expect(await screen.findByRole('heading', { name: 'Keranjang Belanja' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/cart?checkout');
    expect(added.map((p) => [p.variantId, p.price])).toEqual([['m-100', 779_000]]);
  });
});

it("tells the layout the height of the buy bar while a phone's screen holds it at the bottom, and forgets it when the page goes", async () => {
  const watched: { bar: Element; changed: () => void }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly changed: () => void) {}
      observe(bar: Element) {
        watched.push({ bar, changed: this.changed });
      }
      disconnect() {}
    },
  );
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/products/p-oud/related': noRelated,
  });
  const { router } = renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud', others });
  await screen.findByRole('heading', { level: 1, name: 'Oud Royale' });
  const [observed] = watched;
  if (!observed) throw new Error('the bar is observed');
  const bar = observed.bar as HTMLElement;
  expect(bar.contains(screen.getByRole('button', { name: 'Beli Sekarang' }))).toBe(true);
  const height = () => document.documentElement.style.getPropertyValue('--gi-bottom-bar-height');

  // A phone: the CSS sticks the bar to the bottom of the screen.
  Object.defineProperty(bar, 'offsetHeight', { configurable: true, value: 69 });
  bar.style.position = 'sticky';
  observed.changed();
  expect(height()).toBe('69px');
  // A wide screen: the bar is part of the page.
  bar.style.position = 'static';
  observed.changed();
  expect(height()).toBe('0px');

  await act(() => router.navigate('/products'));
  expect(height()).toBe('');
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

it("links to the shop's WhatsApp (not its office line) with a message naming the product and its price", async () => {
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/settings': () => Response.json({ ...settings, contactWhatsapp: '0812-3456-7890' }),
    'GET /api/products/p-oud/related': noRelated,
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

it('shows no WhatsApp button until the shop has a WhatsApp number (phone 1 is the office line)', async () => {
  let served = false;
  mockApi({
    'GET /api/products/p-oud': () => Response.json(oud),
    'GET /api/settings': () => {
      served = true;
      return Response.json(settings);
    },
    'GET /api/products/p-oud/related': noRelated,
  });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-oud' });
  await screen.findByRole('heading', { level: 1, name: 'Oud Royale' });
  await waitFor(() => expect(served).toBe(true));
  // The settings' answer has reached the page: a button would be drawn by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
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

it("names a discovery set's samples under its size ('Isi: …', decision 061)", async () => {
  const set = productDetail(
    product('p-set', 'Set Discovery Nusantara', 120_000, {
      variants: [
        {
          ...variant('p-set-10', 10, 120_000, 3),
          contents: [
            { product_name: 'Melati Senja', size_ml: 2, quantity: 1 },
            { product_name: 'Gaharu Malam', size_ml: 2, quantity: 2 },
          ],
        },
      ],
    }),
  );
  mockApi({
    'GET /api/products/p-set': () => Response.json(set),
    'GET /api/products/p-set/related': noRelated,
  });
  renderPage('/product/:id', <ProductDetailPage />, { url: '/product/p-set' });
  expect(await screen.findByText('Isi: Melati Senja 2 ml, 2 × Gaharu Malam 2 ml')).toBeTruthy();
  expect(screen.getByText('10 ml · Sisa 3')).toBeTruthy();
});
