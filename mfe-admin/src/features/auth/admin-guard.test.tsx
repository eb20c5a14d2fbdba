import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, customer, guest, mockApi, renderPage, session } from '../../test/render.tsx';
import { AdminGuard } from './admin-guard.tsx';

afterEach(() => vi.unstubAllGlobals());

const guarded = (
  <AdminGuard>
    <h1>Rahasia Admin</h1>
  </AdminGuard>
);

it('sends a guest to /login, to come back to the page asked for (an order linked from an email)', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  const { router } = renderPage('/admin?section=order-detail&id=o1', guarded, { '/login': 'Masuk' });
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
  expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
    '/admin?section=order-detail&id=o1',
  );
});

it('tells a signed-in customer in Indonesian that they have no access', async () => {
  mockApi({ 'GET /api/auth/session': session(customer) });
  renderPage('/admin', guarded);
  expect(await screen.findByRole('heading', { level: 1, name: 'Akses Ditolak' })).toBeTruthy();
  expect(screen.getByText(/Anda tidak memiliki akses ke halaman ini/)).toBeTruthy();
  expect(screen.queryByText('Rahasia Admin')).toBeNull();
  expect(screen.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href')).toBe('/');
});

it('shows the page to an admin', async () => {
  mockApi({ 'GET /api/auth/session': session(admin) });
  renderPage('/admin', guarded);
  expect(await screen.findByRole('heading', { name: 'Rahasia Admin' })).toBeTruthy();
});
