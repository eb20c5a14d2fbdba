import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import LoginPage from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };

it('shows the spec messages for an invalid email and a short password, without calling the API', async () => {
  const fetch = mockApi({ 'GET /api/auth/session': guest });
  renderPage('/customer/login', <LoginPage />);
  await userEvent.type(await screen.findByLabelText('Email'), 'bukan-email');
  await userEvent.type(screen.getByLabelText('Password'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(screen.getByText('Password minimal 6 karakter')).toBeTruthy();
  expect(fetch.mock.calls.filter(([url]) => String(url).includes('/login'))).toHaveLength(0);
});

it("toasts 'Login gagal' with the server's message", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () =>
      Response.json(
        { error: { code: 'invalid_credentials', message: 'Email atau password salah' } },
        { status: 401 },
      ),
  });
  const { toasts } = renderPage('/customer/login', <LoginPage />);
  await userEvent.type(await screen.findByLabelText('Email'), 'ani@contoh.id');
  await userEvent.type(screen.getByLabelText('Password'), 'salah123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Login gagal',
      description: 'Email atau password salah',
      variant: 'destructive',
    }),
  );
});

it("shows 'Masuk...' while sending, then 'Login berhasil' and goes home", async () => {
  let release: () => void = () => {};
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(Response.json({ user: customer }));
      }),
  });
  const { toasts, router } = renderPage('/customer/login', <LoginPage />, { '/': 'Beranda' });
  await userEvent.type(await screen.findByLabelText('Email'), 'ani@contoh.id');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  expect(await screen.findByRole('button', { name: 'Masuk...' })).toHaveProperty('disabled', true);
  release();
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/');
  expect(toasts[0]?.title).toBe('Login berhasil');
});

it('sends a signed-in visitor home', async () => {
  mockApi({ 'GET /api/auth/session': () => Response.json({ user: customer }) });
  renderPage('/login', <LoginPage />, { '/': 'Beranda' });
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
});

it('links to register and home, and offers customers no admin sign-in', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/login', <LoginPage />);
  expect((await screen.findByRole('link', { name: 'Daftar di sini' })).getAttribute('href')).toBe(
    '/customer/register',
  );
  expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  expect(screen.getByRole('link', { name: 'Kembali ke beranda' }).getAttribute('href')).toBe('/');
});

it('goes back to the page that asked for a sign-in (an order page), never to another site', async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () => Response.json({ user: customer }),
  });
  const { router } = renderPage('/login?next=%2Forders%2Fo1', <LoginPage />, { '/orders/:id': 'Pesanan' });
  await userEvent.type(await screen.findByLabelText('Email'), 'ani@contoh.id');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  expect(await screen.findByRole('heading', { name: 'Pesanan' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/orders/o1');

  mockApi({ 'GET /api/auth/session': () => Response.json({ user: customer }) });
  renderPage('/login?next=%2F%2Fjahat.example%2F', <LoginPage />, { '/': 'Beranda' });
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
});

it('offers registration that keeps the way back (issue 29)', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/login?next=%2Fcart', <LoginPage />);
  expect((await screen.findByRole('link', { name: 'Daftar di sini' })).getAttribute('href')).toBe(
    '/customer/register?next=%2Fcart',
  );
});

it("takes the guest's favourites into the account before going on, and clears them from the browser", async () => {
  localStorage.setItem('gi-favorites', JSON.stringify(['p-oud', 'p-citrus']));
  const merged: unknown[] = [];
  let answerMerge: () => void = () => {};
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () => Response.json({ user: customer }),
    'POST /api/favorites/merge': (_url, init) => {
      merged.push(JSON.parse(String(init.body)));
      return new Promise<Response>((resolve) => {
        answerMerge = () => resolve(Response.json({ added: 2, total: 2 }));
      });
    },
  });
  const { router } = renderPage('/customer/login?next=%2Ffavorit', <LoginPage />, {
    '/favorit': 'Favorit Saya',
  });
  await userEvent.type(await screen.findByLabelText('Email'), 'ani@contoh.id');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
  await waitFor(() => expect(merged).toEqual([{ productIds: ['p-oud', 'p-citrus'] }]));
  // Not before the account holds them: the favourites page would miss them.
  expect(router.state.location.pathname).toBe('/customer/login');
  answerMerge();
  expect(await screen.findByRole('heading', { name: 'Favorit Saya' })).toBeTruthy();
  expect(localStorage.getItem('gi-favorites')).toBeNull();
});
