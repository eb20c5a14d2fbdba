import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, apiError, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { adminStats } from '../../test/stats.ts';
import { DashboardOverview } from './dashboard-overview.tsx';

afterEach(() => vi.unstubAllGlobals());

const stats = adminStats({
  totalOrders: 3,
  awaitingPayment: 4,
  awaitingVerification: 2,
  awaitingGateway: 3,
  toShip: 5,
  recentActivity: [
    { type: 'order', id: 'o1', title: 'Budi Santoso', created_at: '2026-11-21T03:05:00.000Z' },
    { type: 'product', id: 'p1', title: 'Oud Royale', created_at: '2026-11-20T03:05:00.000Z' },
  ],
});

const noLowStock = { items: [], total: 0, page: 1, pageSize: 10, threshold: 5 };
const allWeighed = () => Response.json({ items: [], total: 0, page: 1, pageSize: 10 });

it('shows the totals and the payment counts as cards leading to their sections, sales in rupiah without decimals', async () => {
  mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json(noLowStock),
    'GET /api/admin/products/estimated-weights': allWeighed,
  });
  const { router } = renderPage('/admin', <DashboardOverview />);
  const products = await screen.findByRole('link', { name: 'Total Produk 16' });
  expect(products.getAttribute('href')).toBe('/admin?section=products');
  expect(screen.getByRole('link', { name: 'Total Koleksi 6' }).getAttribute('href')).toBe(
    '/admin?section=collections',
  );
  expect(screen.getByRole('link', { name: 'Total Pesanan 3' }).getAttribute('href')).toBe(
    '/admin?section=orders',
  );
  // Paid orders only, and it says so.
  expect(
    screen.getByRole('link', {
      name: 'Total Penjualan Rp 1.250.000 Hanya pesanan yang sudah dibayar (Diproses, Dikirim, Diterima)',
    }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Menunggu Pembayaran 4' }).getAttribute('href')).toBe(
    '/admin?section=orders&status=pending',
  );
  expect(screen.getByRole('link', { name: 'Menunggu Verifikasi 2' }).getAttribute('href')).toBe(
    '/admin?section=payment-reviews',
  );
  // Gateway payments confirm themselves: counted apart from the receipts the admin checks.
  expect(
    screen.getByRole('link', { name: 'Menunggu Gateway 3 Dikonfirmasi otomatis oleh gateway pembayaran' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Perlu Dikirim 5' }).getAttribute('href')).toBe(
    '/admin?section=orders&status=processing',
  );
  await userEvent.click(products);
  expect(router.state.location.search).toBe('?section=products');
});

it('lists the recent activity, each leading to its record, and offers the quick actions', async () => {
  mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json(noLowStock),
    'GET /api/admin/products/estimated-weights': allWeighed,
  });
  renderPage('/admin', <DashboardOverview />);
  const activity = await screen.findByRole('region', { name: 'Aktivitas Terbaru' });
  const order = within(activity).getByRole('link', { name: /Budi Santoso/ });
  expect(order.getAttribute('href')).toBe('/admin?section=order-detail&id=o1');
  expect(within(activity).getByText('21 November 2026 pukul 10.05')).toBeTruthy();
  const quick = screen.getByRole('region', { name: 'Aksi Cepat' });
  expect(
    within(quick)
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]),
  ).toEqual([
    ['Tambah Produk', '/admin?section=add-product'],
    ['Tambah Koleksi', '/admin?section=add-collection'],
    ['Lihat Pesanan', '/admin?section=orders'],
    ['Analitik Penjualan', '/admin?section=analytics'],
  ]);
});

it('shows an order handler the counts without the revenue, and only the panels and actions of its role', async () => {
  // As the server answers a role without 'reports' (decision 052).
  const fetch = mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'order_handler' }),
    'GET /api/admin/stats': () => Response.json({ ...stats, totalSales: null }),
    'GET /api/admin/operations': () => Response.json({ incidents: [], failedBookings: [] }),
  });
  renderPage('/admin', <DashboardOverview />);
  expect(await screen.findByRole('link', { name: 'Total Pesanan 3' })).toBeTruthy();
  expect(screen.queryByText('Total Penjualan')).toBeNull();
  // The catalogue's counts show, but lead nowhere the role cannot open.
  expect(screen.getByText('Total Produk').closest('a')).toBeNull();
  expect(screen.getByRole('link', { name: 'Perlu Dikirim 5' }).getAttribute('href')).toBe(
    '/admin?section=orders&status=processing',
  );
  expect(await screen.findByRole('region', { name: 'Perlu Perhatian' })).toBeTruthy();
  const quick = screen.getByRole('region', { name: 'Aksi Cepat' });
  expect(
    within(quick)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Lihat Pesanan']);
  // Nothing of the stock or the catalogue, which the role may not read.
  expect(callsTo(fetch, 'GET /api/admin/stock')).toEqual([]);
  expect(callsTo(fetch, 'GET /api/admin/products/estimated-weights')).toEqual([]);
});

it("gives a content editor's dashboard no orders panel and no new product: its role may not make them", async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'content_editor' }),
    'GET /api/admin/stats': () => Response.json({ ...stats, totalSales: null }),
    'GET /api/admin/products/estimated-weights': allWeighed,
  });
  renderPage('/admin', <DashboardOverview />);
  const quick = await screen.findByRole('region', { name: 'Aksi Cepat' });
  // No 'Tambah Produk': a new product sets prices and stock, which the server refuses the role.
  expect(
    within(quick)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Tambah Koleksi']);
  expect(screen.queryByRole('region', { name: 'Perlu Perhatian' })).toBeNull();
  expect(callsTo(fetch, 'GET /api/admin/operations')).toEqual([]);
});

it('shows loading, then an error with a retry and a toast when the stats fail', async () => {
  mockApi({ 'GET /api/admin/stats': apiError(500) });
  const { toasts } = renderPage('/admin', <DashboardOverview />);
  expect(screen.getByRole('status').textContent).toBe('Memuat data dashboard...');
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal memuat data dashboard',
      variant: 'destructive',
    }),
  );
});

it('lists the sizes running low, lowest first, each leading to its product, and saves a new threshold', async () => {
  let threshold = 5;
  const low = [
    { product_id: 'p1', product_name: 'Kasturi Emas', variant_id: 'v1', size_ml: 50, sku: 'KE-50', stock: 0 },
    { product_id: 'p2', product_name: 'Citrus Bloom', variant_id: 'v2', size_ml: 30, sku: null, stock: 3 },
  ];
  const fetch = mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json({ items: low, total: 2, page: 1, pageSize: 10, threshold }),
    'GET /api/admin/products/estimated-weights': allWeighed,
    'PUT /api/admin/stock/threshold': (_, init) => {
      threshold = JSON.parse(String(init.body)).threshold;
      return Response.json({ threshold });
    },
  });
  const { toasts } = renderPage('/admin', <DashboardOverview />);
  const panel = await screen.findByRole('region', { name: 'Stok Menipis' });
  const kasturi = await within(panel).findByRole('link', { name: 'Kasturi Emas 50 ml' });
  expect(kasturi.getAttribute('href')).toBe('/admin?section=edit-product&id=p1');
  expect(within(panel).getByText('Stok habis · KE-50')).toBeTruthy();
  expect(within(panel).getByText('Sisa 3')).toBeTruthy();

  const field = within(panel).getByLabelText('Batas stok rendah');
  expect(field).toHaveProperty('value', '5');
  await userEvent.clear(field);
  await userEvent.type(field, '-2');
  await userEvent.click(within(panel).getByRole('button', { name: 'Simpan' }));
  expect(within(panel).getByText('Batas stok tidak boleh negatif')).toBeTruthy();
  await userEvent.clear(field);
  await userEvent.type(field, '10');
  await userEvent.click(within(panel).getByRole('button', { name: 'Simpan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Batas stok disimpan' }));
  expect(
    fetch.mock.calls.some(([url, init]) => url === '/api/admin/stock/threshold' && init?.method === 'PUT'),
  ).toBe(true);
  await waitFor(() =>
    expect(within(panel).getByLabelText('Batas stok rendah')).toHaveProperty('value', '10'),
  );
});

it("lets the threshold's message go as soon as a valid number is typed, and shows the server's word on it", async () => {
  mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json(noLowStock),
    'GET /api/admin/products/estimated-weights': allWeighed,
    'PUT /api/admin/stock/threshold': apiError(400, 'Data tidak valid', 'validation_error', {
      threshold: 'Batas stok maksimal 1000',
    }),
  });
  renderPage('/admin', <DashboardOverview />);
  const panel = await screen.findByRole('region', { name: 'Stok Menipis' });
  const field = await within(panel).findByLabelText('Batas stok rendah');
  await userEvent.clear(field);
  await userEvent.type(field, '-2');
  await userEvent.click(within(panel).getByRole('button', { name: 'Simpan' }));
  expect(within(panel).getByText('Batas stok tidak boleh negatif')).toBeTruthy();
  await userEvent.clear(field);
  await userEvent.type(field, '7');
  expect(within(panel).queryByText('Batas stok tidak boleh negatif')).toBeNull();
  await userEvent.click(within(panel).getByRole('button', { name: 'Simpan' }));
  expect(await within(panel).findByText('Batas stok maksimal 1000')).toBeTruthy();
});

it('lists the sizes whose weight is still an estimate, each leading to its product, page by page', async () => {
  const size = (i: number) => ({
    product_id: `p${i}`,
    product_name: `Parfum ${i}`,
    variant_id: `v${i}`,
    size_ml: 50,
    weight_grams: 270,
  });
  const fetch = mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json(noLowStock),
    'GET /api/admin/products/estimated-weights': (url) => {
      const pageNumber = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const items = pageNumber === 1 ? Array.from({ length: 10 }, (_, i) => size(i + 1)) : [size(11)];
      return Response.json({ items, total: 11, page: pageNumber, pageSize: 10 });
    },
  });
  renderPage('/admin', <DashboardOverview />);
  const panel = await screen.findByRole('region', { name: 'Berat belum diperiksa' });
  expect(
    await within(panel).findByText(
      '11 ukuran masih memakai berat perkiraan. Ongkir kurir dihitung dari berat: buka produknya, isi beratnya, lalu simpan.',
    ),
  ).toBeTruthy();
  const first = within(panel).getByRole('link', { name: 'Parfum 1 50 ml' });
  expect(first.getAttribute('href')).toBe('/admin?section=edit-product&id=p1');
  expect(within(panel).getAllByText('Perkiraan 270 g')).toHaveLength(10);
  await userEvent.click(within(panel).getByRole('button', { name: 'Berikutnya →' }));
  expect(await within(panel).findByRole('link', { name: 'Parfum 11 50 ml' })).toBeTruthy();
  expect(callsTo(fetch, 'GET /api/admin/products/estimated-weights').map((c) => c.url.search)).toEqual([
    '?page=1&pageSize=10',
    '?page=2&pageSize=10',
  ]);
});

it('says when every size has a weight someone checked', async () => {
  mockApi({
    'GET /api/admin/stats': () => Response.json(stats),
    'GET /api/admin/stock': () => Response.json(noLowStock),
    'GET /api/admin/products/estimated-weights': allWeighed,
  });
  renderPage('/admin', <DashboardOverview />);
  const panel = await screen.findByRole('region', { name: 'Berat belum diperiksa' });
  expect(await within(panel).findByText('Semua ukuran sudah punya berat yang diperiksa.')).toBeTruthy();
});
