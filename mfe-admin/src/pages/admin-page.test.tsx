import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, customer, guest, mockApi, page, renderPage, session } from '../test/render.tsx';
import { adminStats } from '../test/stats.ts';
import AdminPage from './admin-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const stats = () => Response.json(adminStats());

it('sends a guest to /login', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  const { router } = renderPage('/admin', <AdminPage />, { '/login': 'Masuk' });
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
});

it('shows a customer the no-access message and calls no admin API', async () => {
  const fetch = mockApi({ 'GET /api/auth/session': session(customer) });
  renderPage('/admin', <AdminPage />);
  expect(await screen.findByRole('heading', { name: 'Akses Ditolak' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
});

it.each([
  [{ ...admin, name: 'Sari Admin' }, 'Sari Admin'],
  [{ ...admin, name: '' }, 'admin@globalimperium.id'],
  [{ ...admin, name: '', email: '' }, 'Admin'],
])('welcomes the admin by name, else email, else "Admin"', async (user, shown) => {
  mockApi({ 'GET /api/auth/session': session(user), 'GET /api/admin/stats': stats });
  renderPage('/admin', <AdminPage />);
  const welcome = await screen.findByText(/Selamat datang/);
  expect(welcome.textContent).toBe(`Selamat datang, ${shown}`);
});

it("has the owner's 19 sections in its menu with the dashboard first and current", async () => {
  mockApi({ 'GET /api/auth/session': session(admin), 'GET /api/admin/stats': stats });
  renderPage('/admin', <AdminPage />);
  const menu = await screen.findByRole('navigation', { name: 'Menu admin' });
  const links = within(menu).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual([
    'Dashboard',
    'Profil Admin',
    'Data Produk',
    'Data Koleksi',
    'Lihat Pesanan',
    'Voucher',
    'Promo',
    'Ulasan',
    'Layanan Pelanggan',
    'Pelanggan',
    'Edit FAQ',
    'Edit Pengiriman',
    'Edit Privasi',
    'Edit Syarat & Ketentuan',
    'Kontak',
    'Background',
    'About',
    'Staf',
    'Log Aktivitas',
  ]);
  expect(links[0]?.getAttribute('aria-current')).toBe('page');
  expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeTruthy();
});

it("shows an order handler its role's sections only, and no access to the payment settings", async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'order_handler' }),
    'GET /api/admin/orders': page([]),
  });
  const { router } = renderPage('/admin?section=orders', <AdminPage />);
  const menu = await screen.findByRole('navigation', { name: 'Menu admin' });
  expect(
    within(menu)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Dashboard', 'Profil Admin', 'Lihat Pesanan', 'Layanan Pelanggan']);
  const views = screen.getByRole('navigation', { name: 'Pesanan dan pembayaran' });
  expect(within(views).queryByRole('link', { name: 'Pengaturan Pembayaran' })).toBeNull();

  await act(() => router.navigate('/admin?section=payment-settings'));
  expect((await screen.findByRole('alert')).textContent).toContain('Anda tidak memiliki akses ke bagian ini');
  expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/admin/settings'))).toBe(false);
});

it('tells a content editor a new product is not theirs to add, as the server refuses its prices', async () => {
  mockApi({ 'GET /api/auth/session': session({ ...admin, role: 'content_editor' }) });
  renderPage('/admin?section=add-product', <AdminPage />);
  expect((await screen.findByRole('alert')).textContent).toContain('Anda tidak memiliki akses ke bagian ini');
  expect(screen.queryByRole('button', { name: /Simpan/ })).toBeNull();
});

it('keeps the section in the query string without changing the path, and back returns to it', async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/stats': stats,
    'GET /api/products': page([]),
  });
  const { router } = renderPage('/admin', <AdminPage />);
  const menu = await screen.findByRole('navigation', { name: 'Menu admin' });
  await userEvent.click(within(menu).getByRole('link', { name: 'Data Produk' }));
  expect(router.state.location.pathname).toBe('/admin');
  expect(router.state.location.search).toBe('?section=products');
  const heading = screen.getByRole('heading', { level: 2, name: 'Data Produk' });
  expect(document.activeElement).toBe(heading);
  expect(within(menu).getByRole('link', { name: 'Data Produk' }).getAttribute('aria-current')).toBe('page');

  await userEvent.click(screen.getByRole('link', { name: 'Tambah Data' }));
  expect(router.state.location.search).toBe('?section=add-product');
  expect(screen.getByRole('heading', { level: 2, name: 'Tambah Produk' })).toBeTruthy();
  // An internal view keeps its menu entry marked.
  expect(within(menu).getByRole('link', { name: 'Data Produk' }).getAttribute('aria-current')).toBe('page');

  await act(() => router.navigate(-1));
  expect(await screen.findByRole('heading', { level: 2, name: 'Data Produk' })).toBeTruthy();
});

it('opens the section named in the URL, as after a reload', async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/orders': page([]),
  });
  renderPage('/admin?section=orders', <AdminPage />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Lihat Pesanan' })).toBeTruthy();
  expect(await screen.findByText('Belum ada pesanan.')).toBeTruthy();
});

it('shows the dashboard for an unknown section and the list for a record view without its id', async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/stats': stats,
    'GET /api/products': page([]),
  });
  const { router } = renderPage('/admin?section=tidak-ada', <AdminPage />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeTruthy();
  await act(() => router.navigate('/admin?section=edit-product'));
  expect(await screen.findByRole('heading', { level: 2, name: 'Data Produk' })).toBeTruthy();
});

it('logs out on the server, then goes to /login', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/stats': stats,
    'POST /api/auth/logout': () => Response.json({ ok: true }),
  });
  const { router } = renderPage('/admin', <AdminPage />, { '/login': 'Masuk' });
  await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
  await waitFor(() =>
    expect(
      fetch.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST'),
    ).toBe(true),
  );
});

it('opens and closes the menu with its toggle on narrow screens', async () => {
  mockApi({ 'GET /api/auth/session': session(admin), 'GET /api/admin/stats': stats });
  renderPage('/admin', <AdminPage />);
  const toggle = await screen.findByRole('button', { name: 'Menu: Dashboard' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
});
