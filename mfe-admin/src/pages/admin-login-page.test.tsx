import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, customer, guest, mockApi, renderPage, session } from '../test/render.tsx';
import AdminLoginPage from './admin-login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

async function signIn(email = 'admin@globalimperium.id', password = 'rahasia123') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

it('has an email input of email type and requires both fields before calling the API', async () => {
  const fetch = mockApi({ 'GET /api/auth/session': guest });
  renderPage('/admin/login', <AdminLoginPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Login Admin' })).toBeTruthy();
  expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(screen.getByRole('alert').textContent).toBe('Email harus diisi');
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  await userEvent.type(screen.getByLabelText('Email'), 'admin@globalimperium.id');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(screen.getByRole('alert').textContent).toBe('Password harus diisi');
  expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/login'))).toBe(false);
});

it("shows the server's message in an alert when sign-in fails", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () =>
      Response.json(
        { error: { code: 'invalid_credentials', message: 'Email atau password salah' } },
        { status: 401 },
      ),
  });
  renderPage('/admin/login', <AdminLoginPage />);
  await signIn();
  expect((await screen.findByRole('alert')).textContent).toBe('Email atau password salah');
});

it("says 'Login failed' when the server gives no message of its own", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () => new Response('Bad gateway', { status: 502 }),
  });
  renderPage('/admin/login', <AdminLoginPage />);
  await signIn();
  expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
});

it("falls back to 'An unexpected error occurred' when the request itself fails", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () => {
      throw new TypeError('Failed to fetch');
    },
  });
  renderPage('/admin/login', <AdminLoginPage />);
  await signIn();
  expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
});

it("shows 'Masuk...' while sending, then goes to the dashboard as an admin", async () => {
  let release: () => void = () => {};
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(Response.json({ user: admin }));
      }),
  });
  const { router } = renderPage('/admin/login', <AdminLoginPage />, { '/admin': 'Dasbor' });
  await signIn();
  expect(await screen.findByRole('button', { name: 'Masuk...' })).toHaveProperty('disabled', true);
  release();
  expect(await screen.findByRole('heading', { name: 'Dasbor' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin');
});

it('tells a customer who signs in here that they have no access, instead of opening the dashboard', async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () => Response.json({ user: customer }),
  });
  const { router } = renderPage('/admin/login', <AdminLoginPage />, { '/admin': 'Dasbor' });
  await signIn('ani@contoh.id');
  expect((await screen.findByRole('alert')).textContent).toBe('Anda tidak memiliki akses ke halaman ini');
  expect(router.state.location.pathname).toBe('/admin/login');
});

it('sends an admin who is already signed in to /admin', async () => {
  mockApi({ 'GET /api/auth/session': session(admin) });
  const { router } = renderPage('/admin/login', <AdminLoginPage />, { '/admin': 'Dasbor' });
  expect(await screen.findByRole('heading', { name: 'Dasbor' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin');
});

it("takes an invitation's name and password, then offers the login with its address", async () => {
  const fetch = mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/staff-invite': () => Response.json({ email: 'budi@contoh.id' }, { status: 201 }),
  });
  const { router } = renderPage('/admin/login?invite=token-undangan-bertanda-tangan', <AdminLoginPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Terima Undangan Staf' })).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Nama'), 'Budi Gudang');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia-staf');
  await userEvent.type(screen.getByLabelText('Ulangi Password'), 'rahasia-beda');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect(screen.getByRole('alert').textContent).toBe('Password tidak sama');
  expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/staff-invite'))).toBe(false);

  await userEvent.clear(screen.getByLabelText('Ulangi Password'));
  await userEvent.type(screen.getByLabelText('Ulangi Password'), 'rahasia-staf');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect((await screen.findByRole('status')).textContent).toContain('Akun staf Anda siap');
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('budi@contoh.id');
  expect(router.state.location.search).toBe('');
  const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/staff-invite'));
  expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
    token: 'token-undangan-bertanda-tangan',
    name: 'Budi Gudang',
    password: 'rahasia-staf',
    confirmPassword: 'rahasia-staf',
  });
});

it("shows the server's refusal of a spent invitation", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/staff-invite': () =>
      Response.json(
        {
          error: {
            code: 'invalid_token',
            message: 'Undangan tidak valid, sudah dipakai, atau sudah kedaluwarsa.',
          },
        },
        { status: 400 },
      ),
  });
  renderPage('/admin/login?invite=token-undangan-bertanda-tangan', <AdminLoginPage />);
  await userEvent.type(screen.getByLabelText('Nama'), 'Budi Gudang');
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia-staf');
  await userEvent.type(screen.getByLabelText('Ulangi Password'), 'rahasia-staf');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Undangan tidak valid, sudah dipakai, atau sudah kedaluwarsa.',
  );
});

it('asks a staff account with two-factor for its code after the password, then opens /admin', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login': () =>
      Response.json(
        { error: { code: 'two_factor_required', message: 'Masukkan kode verifikasi' } },
        { status: 401 },
      ),
    'POST /api/auth/login/two-factor': () => Response.json({ user: admin }),
  });
  const { router } = renderPage('/admin/login', <AdminLoginPage />, { '/admin': 'Dasbor' });
  await signIn();
  expect(await screen.findByRole('heading', { level: 1, name: 'Verifikasi Dua Langkah' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
  expect(screen.getByRole('alert').textContent).toBe('Masukkan kode verifikasi atau kode pemulihan');
  await userEvent.type(screen.getByLabelText('Kode Verifikasi'), ' 123456 ');
  await userEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
  expect(await screen.findByRole('heading', { name: 'Dasbor' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin');
  const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/login/two-factor'));
  expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ code: '123456' });
});

it('opens at the code step from a mailed sign-in link, and back to the password when it expired', async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/login/two-factor': () =>
      Response.json(
        { error: { code: 'two_factor_expired', message: 'Langkah login sudah kedaluwarsa.' } },
        { status: 401 },
      ),
  });
  renderPage('/admin/login?langkah=kode', <AdminLoginPage />);
  await userEvent.type(await screen.findByLabelText('Kode Verifikasi'), 'abcde-fghij');
  await userEvent.click(screen.getByRole('button', { name: 'Verifikasi' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Login Admin' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Langkah login sudah kedaluwarsa.');
});
