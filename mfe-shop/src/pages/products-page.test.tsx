import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../features/catalog/product-search.tsx';
import { citrus, seededCollections as collections, oud, page, product, variant } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import ProductsPage from './products-page.tsx';

const productRequests = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/products?'));

it("shows 'Memuat produk...' with card-sized placeholders while loading", () => {
  mockApi({ 'GET /api/products': pending });
  renderPage('/products', <ProductsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Semua Produk' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Memuat produk...');
});

it("says 'Belum ada produk tersedia.' for an empty catalogue", async () => {
  mockApi({ 'GET /api/products': () => Response.json(page([])) });
  renderPage('/products', <ProductsPage />);
  expect(await screen.findByText('Belum ada produk tersedia.')).toBeTruthy();
  expect(screen.queryByRole('navigation')).toBeNull();
});

it("toasts 'Gagal memuat produk. Silakan coba lagi.' and retries on request", async () => {
  let calls = 0;
  mockApi({
    'GET /api/products': () =>
      ++calls === 1 ? apiError(500, 'internal_error', 'x')() : Response.json(page([oud])),
  });
  const { toasts } = renderPage('/products', <ProductsPage />);
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat produk. Silakan coba lagi.')));
  await userEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
  expect(await screen.findByText('Oud Royale')).toBeTruthy();
});

it('lists the products newest first with rupiah prices, sized lazy images and detail links', async () => {
  const many = [
    oud,
    citrus,
    ...Array.from({ length: 4 }, (_, i) => product(`p-${i}`, `Parfum ${i}`, 300_000)),
  ];
  const fetch = mockApi({ 'GET /api/products': () => Response.json(page(many)) });
  renderPage('/products', <ProductsPage />);
  const names = await screen.findAllByRole('heading', { level: 3 });
  expect(names.map((h) => h.textContent)).toEqual(many.map((p) => p.name));
  expect(screen.getByText('Rp 1.599.000')).toBeTruthy();
  expect(screen.getByText('Rp 229.000')).toBeTruthy();
  const links = screen.getAllByRole('link', { name: 'Lihat Detail' });
  expect(links[0]?.getAttribute('href')).toBe('/product/p-oud');
  expect(links[0]?.getAttribute('aria-describedby')).toBe(names[0]?.id);
  const images = screen.getAllByRole('img');
  expect(images[0]?.getAttribute('alt')).toBe('Oud Royale');
  // Half a phone's width per card: a 360 px phone picks the 320 px copy, not the 1200 px photo.
  expect(images[0]?.getAttribute('srcset')).toBe(
    '/images/p-oud-320w.webp 320w, /images/p-oud-720w.webp 720w, /images/p-oud.webp 1200w',
  );
  expect(images[0]?.getAttribute('sizes')).toBe('(min-width: 40rem) 22rem, 50vw');
  expect(images.map((img) => img.getAttribute('loading'))).toEqual([
    'eager',
    'eager',
    'eager',
    'eager',
    'lazy',
    'lazy',
  ]);
  expect(
    images.every((img) => img.getAttribute('width') === '400' && img.getAttribute('height') === '400'),
  ).toBe(true);
  expect(productRequests(fetch)).toEqual(['/api/products?page=1&pageSize=25']);
  // Everything fits one page: no pagination.
  expect(screen.queryByRole('navigation', { name: 'Halaman daftar produk' })).toBeNull();
});

it('searches by name after typing pauses and keeps the term in the URL', async () => {
  const fetch = mockApi({
    'GET /api/products': (url) =>
      Response.json(
        new URL(url, 'http://x').searchParams.get('q') === 'oud' ? page([oud]) : page([oud, citrus]),
      ),
  });
  const { router } = renderPage('/products', <ProductsPage />);
  await screen.findByText('Citrus Bloom');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Cari produk' }), 'oud');
  // One request for the pause, not one per key.
  await waitFor(() => expect(router.state.location.search).toBe('?q=oud'));
  await waitFor(() => expect(screen.queryByText('Citrus Bloom')).toBeNull());
  expect(screen.getByRole('heading', { level: 2, name: /Hasil pencarian "oud"/ })).toBeTruthy();
  expect(productRequests(fetch)).toEqual([
    '/api/products?page=1&pageSize=25',
    '/api/products?page=1&pageSize=25&q=oud',
  ]);

  await userEvent.clear(screen.getByRole('searchbox', { name: 'Cari produk' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText('Citrus Bloom')).toBeTruthy();
});

it('says when nothing matches the search', async () => {
  mockApi({ 'GET /api/products': () => Response.json(page([])) });
  renderPage('/products', <ProductsPage />, { url: '/products?q=xyz' });
  expect(await screen.findByText('Tidak ada produk yang cocok dengan "xyz".')).toBeTruthy();
  expect(screen.getByRole('searchbox', { name: 'Cari produk' })).toHaveProperty('value', 'xyz');
});

it('pages through a catalogue larger than one page via ?page= and keeps the search', async () => {
  const fetch = mockApi({
    'GET /api/products': (url) => {
      const n = Number(new URL(url, 'http://x').searchParams.get('page'));
      return Response.json(page([product(`p-${n}`, `Parfum Halaman ${n}`, 100_000 * n)], 30, n));
    },
  });
  const { router } = renderPage('/products', <ProductsPage />, { url: '/products?q=parfum' });
  expect(await screen.findByText('Parfum Halaman 1')).toBeTruthy();
  const pagination = screen.getByRole('navigation', { name: 'Halaman daftar produk' });
  expect(pagination.textContent).toContain('Halaman 1 dari 2');

  await userEvent.click(screen.getByRole('link', { name: 'Berikutnya →' }));
  expect(await screen.findByText('Parfum Halaman 2')).toBeTruthy();
  expect(router.state.location.search).toBe('?q=parfum&page=2');
  expect(screen.getByText('Halaman 2 dari 2')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Berikutnya →' })).toBeNull();
  // Focus moves to the top of the list, so the reader starts at the new page's first card.
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /Hasil pencarian/ }));
  expect(productRequests(fetch)).toContain('/api/products?page=2&pageSize=25&q=parfum');

  await userEvent.click(screen.getByRole('link', { name: '← Sebelumnya' }));
  await waitFor(() => expect(router.state.location.search).toBe('?q=parfum'));
  expect(await screen.findByText('Parfum Halaman 1')).toBeTruthy();
});

it('a new search starts again at page 1', async () => {
  const fetch = mockApi({
    'GET /api/products': () => Response.json(page([oud], 60, 2)),
  });
  const { router } = renderPage('/products', <ProductsPage />, { url: '/products?page=2' });
  await screen.findByText('Oud Royale');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Cari produk' }), 'oud{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?q=oud'));
  expect(productRequests(fetch)).toContain('/api/products?page=1&pageSize=25&q=oud');
});

it('follows the URL when history changes the search', async () => {
  mockApi({ 'GET /api/products': () => Response.json(page([oud])) });
  const { router } = renderPage('/products', <ProductsPage />, { url: '/products?q=oud' });
  await screen.findByText('Oud Royale');
  await act(() => router.navigate('/products?q=citrus'));
  expect(screen.getByRole('searchbox', { name: 'Cari produk' })).toHaveProperty('value', 'citrus');
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Hasil pencarian "citrus" (1 produk)'),
  );
  // The debounce must not write the old term back.
  await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
  expect(router.state.location.search).toBe('?q=citrus');
});

it('says "lebih dari" when a search matches more products than it ranks, and pages through those', async () => {
  mockApi({
    'GET /api/products': () => Response.json({ ...page([oud], 1000), totalCapped: true, nextCursor: null }),
  });
  renderPage('/products', <ProductsPage />, { url: '/products?q=oud' });
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Hasil pencarian "oud" (lebih dari 1.000 produk)',
    ),
  );
  const pages = screen.getByRole('navigation', { name: 'Halaman daftar produk' });
  expect(pages.textContent).toContain('Halaman 1 dari 40');
});

it("shows each card's price range and 'Stok habis', with a quick add of the first size in stock", async () => {
  const sized = product('p-mawar', 'Mawar Sultana', 449_000, {
    variants: [
      variant('m-30', 30, 449_000, 0),
      variant('m-50', 50, 749_000, 4),
      variant('m-100', 100, 1_269_000, 2),
    ],
  });
  const gone = product('p-kasturi', 'Kasturi Emas', 1_099_000, {
    variants: [variant('k-50', 50, 1_099_000, 0)],
  });
  mockApi({ 'GET /api/products': () => Response.json(page([sized, gone])) });
  const { added } = renderPage('/products', <ProductsPage />);
  const mawar = (await screen.findByText('Mawar Sultana')).closest('article') as HTMLElement;
  expect(within(mawar).getByText('Rp 449.000 – Rp 1.269.000')).toBeTruthy();
  expect(within(mawar).queryByText('Stok habis')).toBeNull();
  const kasturi = screen.getByText('Kasturi Emas').closest('article') as HTMLElement;
  expect(
    within(kasturi)
      .getAllByText('Stok habis')
      .map((shown) => shown.localName),
  ).toEqual(['p', 'button']);
  expect(within(kasturi).getByRole('button', { name: 'Stok habis' })).toHaveProperty('disabled', true);
  // It shows the size it adds (issue 29, defect 11).
  const quickAdd = within(mawar).getByRole('button', { name: 'Tambah 50 ml Mawar Sultana ke keranjang' });
  expect(quickAdd.textContent).toBe('Tambah 50 ml');
  await userEvent.click(quickAdd);
  // The 30 ml is sold out: the quick add takes the 50 ml.
  expect(added).toEqual([
    {
      id: 'p-mawar',
      variantId: 'm-50',
      sizeMl: 50,
      name: 'Mawar Sultana',
      price: 749_000,
      image: '/images/p-mawar.webp',
      imageWidths: [320, 720, 1200],
      stock: 4,
      maxPerOrder: 5,
    },
  ]);
});

describe('sort and filters', () => {
  const catalogue = () =>
    mockApi({
      'GET /api/products': () => Response.json(page([oud, citrus])),
      'GET /api/collections': () => Response.json(page(collections)),
      'GET /api/products/notes': () =>
        Response.json({
          items: [
            { key: 'jeruk manis', name: 'Jeruk Manis' },
            { key: 'oud', name: 'Oud' },
          ],
        }),
      'GET /api/products/sizes': () => Response.json({ items: [30, 50, 100] }),
    });

  it('filters by size from the sizes sold, as a new history entry', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?sort=price-asc' });
    await screen.findByText('Oud Royale');
    const size = screen.getByRole('combobox', { name: 'Ukuran' });
    await waitFor(() =>
      expect(
        within(size)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Semua ukuran', '30 ml', '50 ml', '100 ml']),
    );
    await userEvent.selectOptions(size, '100 ml');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc&size=100'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(productRequests(fetch)).toContain('/api/products?page=1&pageSize=25&size=100&sort=price-asc'),
    );
    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Ukuran' })).toHaveProperty('value', '');
  });

  it('sorts as soon as the choice changes, as a new history entry, keeping the search', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?q=oud' });
    await screen.findByText('Oud Royale');
    const sort = screen.getByRole('combobox', { name: 'Urutkan' });
    // With a search, the default order is the best match.
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Paling sesuai', 'Terbaru', 'Harga terendah', 'Harga tertinggi', 'Terlaris']);
    await userEvent.selectOptions(sort, 'Harga terendah');
    await waitFor(() => expect(router.state.location.search).toBe('?q=oud&sort=price-asc'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(productRequests(fetch)).toContain('/api/products?page=1&pageSize=25&q=oud&sort=price-asc'),
    );
    expect(sort).toHaveProperty('value', 'price-asc');
  });

  it('filters by scent note, kept in the URL with the other choices', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?sort=price-asc' });
    await screen.findByText('Oud Royale');
    const note = screen.getByRole('combobox', { name: 'Aroma' });
    await waitFor(() => expect(within(note).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(note, 'Jeruk Manis');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc&note=jeruk+manis'));
    expect(productRequests(fetch)).toContain(
      '/api/products?note=jeruk+manis&page=1&pageSize=25&sort=price-asc',
    );
    // A shared link opens with the note chosen, in any case.
    cleanup();
    catalogue();
    renderPage('/products', <ProductsPage />, { url: '/products?note=JERUK%20Manis' });
    await screen.findByText('Oud Royale');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Aroma' })).toHaveProperty('value', 'jeruk manis'),
    );
  });

  it('filters by concentration and for whom, kept in the URL (issue 41)', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?sort=price-asc' });
    await screen.findByText('Oud Royale');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Konsentrasi' }),
      'Eau de Parfum (EDP)',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc&concentration=EDP'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Untuk' }), 'Wanita');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sort=price-asc&concentration=EDP&gender=wanita'),
    );
    expect(productRequests(fetch)).toContain(
      '/api/products?concentration=EDP&gender=wanita&page=1&pageSize=25&sort=price-asc',
    );
  });

  it('filters by collection and price range, and the back button returns to the previous filter', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?page=2' });
    await screen.findByText('Oud Royale');
    const collection = screen.getByRole('combobox', { name: 'Koleksi' });
    await waitFor(() =>
      expect(within(collection).getAllByRole('option')).toHaveLength(collections.length + 1),
    );
    await userEvent.selectOptions(collection, 'Aroma Citrus');
    // A new filter starts at page 1.
    await waitFor(() => expect(router.state.location.search).toBe('?collection=citrus'));

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Harga minimum' }), '100000');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Harga maksimum' }), '500000');
    await userEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?collection=citrus&min=100000&max=500000'),
    );
    expect(productRequests(fetch)).toContain(
      '/api/products?collection=citrus&max=500000&min=100000&page=1&pageSize=25',
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?collection=citrus');
    expect(collection).toHaveProperty('value', 'citrus');
    expect(screen.getByRole('spinbutton', { name: 'Harga minimum' })).toHaveProperty('value', '');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('combobox', { name: 'Koleksi' })).toHaveProperty('value', '');
  });

  it('reads a URL with values the API would refuse as the default list', async () => {
    const fetch = catalogue();
    renderPage('/products', <ProductsPage />, {
      url: '/products?sort=termurah&collection=Bukan%20Slug&min=abc&max=-5',
    });
    await screen.findByText('Oud Royale');
    expect(productRequests(fetch)).toEqual(['/api/products?page=1&pageSize=25']);
    expect(screen.getByRole('combobox', { name: 'Urutkan' })).toHaveProperty('value', '');
    // A minimum above the maximum drops both.
    cleanup();
    const again = catalogue();
    renderPage('/products', <ProductsPage />, { url: '/products?min=500&max=100&sort=best-selling' });
    await screen.findByText('Oud Royale');
    expect(productRequests(again)).toEqual(['/api/products?page=1&pageSize=25&sort=best-selling']);
    // ...and says so, instead of showing an unfiltered list as if it were filtered.
    expect(screen.getByRole('alert').textContent).toBe(
      'Harga minimum tidak boleh lebih dari harga maksimum, jadi filter harga tidak dipakai.',
    );
  });

  it('refuses a price range typed upside down: says why, keeps what was typed, applies nothing', async () => {
    const fetch = catalogue();
    const { router } = renderPage('/products', <ProductsPage />, { url: '/products?collection=citrus' });
    await screen.findByText('Oud Royale');
    const min = screen.getByRole('spinbutton', { name: 'Harga minimum' });
    await userEvent.type(min, '500000');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Harga maksimum' }), '100000');
    const requests = productRequests(fetch).length;
    await userEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    expect(screen.getByRole('alert').textContent).toBe('Harga minimum tidak boleh lebih dari harga maksimum');
    expect(document.activeElement).toBe(min);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(min).toHaveProperty('value', '500000');
    expect(router.state.location.search).toBe('?collection=citrus');
    expect(productRequests(fetch)).toHaveLength(requests);
    // Fixing the range clears the message and applies it.
    await userEvent.clear(min);
    await userEvent.type(min, '50000');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collection=citrus&min=50000&max=100000'));
  });

  it('a search keeps the sort and filters, and says when a filter matches nothing', async () => {
    const fetch = mockApi({
      'GET /api/products': () => Response.json(page([])),
      'GET /api/collections': () => Response.json(page(collections)),
    });
    const { router } = renderPage('/products', <ProductsPage />, {
      url: '/products?sort=price-desc&collection=citrus',
    });
    expect(await screen.findByText('Tidak ada produk yang cocok dengan filter ini.')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Cari produk' }), 'jeruk{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=jeruk&sort=price-desc&collection=citrus'),
    );
    expect(productRequests(fetch)).toContain(
      '/api/products?collection=citrus&page=1&pageSize=25&q=jeruk&sort=price-desc',
    );
  });
});
