import { controlCharacterMessage, invisibleTextMessage } from '@gi/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import { DUMMY_TOKEN, INTERACTIVE_KEY, SCRIPT_URL, securityCheckOn } from '../test/security-check.ts';
import RegisterPage from './register-page.tsx';

let undo = () => {};
afterEach(() => {
  vi.unstubAllGlobals();
  undo();
  undo = () => {};
});

async function fill(values: { name: string; email: string; password: string; confirm: string }) {
  await userEvent.type(await screen.findByLabelText('Nama'), values.name);
  await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Password'), values.password);
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
}

it('shows every product.md §5 message, the mismatch on confirmPassword', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/register', <RegisterPage />);
  await fill({ name: 'A', email: 'x', password: '123', confirm: '12' });
  expect(screen.getByText('Nama minimal 2 karakter')).toBeTruthy();
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(screen.getAllByText('Password minimal 6 karakter')).toHaveLength(2);

  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'rahasia1');
  await userEvent.clear(screen.getByLabelText('Konfirmasi Password'));
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), 'rahasia2');
  await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
  const mismatch = screen.getByText('Password tidak sama');
  expect(mismatch.id).toBe(screen.getByLabelText('Konfirmasi Password').getAttribute('aria-describedby'));
});

it('signs the new customer in and returns to where the sign-in started (issue 29: it led to the login)', async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/register': () =>
      Response.json(
        { user: { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null } },
        { status: 201 },
      ),
  });
  const { toasts, router } = renderPage('/register?next=%2Fcart', <RegisterPage />, { '/cart': 'Keranjang' });
  expect(screen.getByRole('link', { name: 'Masuk di sini' }).getAttribute('href')).toBe(
    '/customer/login?next=%2Fcart',
  );
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  expect(await screen.findByRole('heading', { name: 'Keranjang' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/cart');
  expect(toasts[0]).toMatchObject({ title: 'Registrasi berhasil', description: 'Selamat datang, Ani!' });
});

it('never follows a next to another site', async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/register': () =>
      Response.json({ user: { id: 'u1', name: 'Ani', role: 'customer' } }, { status: 201 }),
  });
  const { router } = renderPage('/register?next=%2F%2Fevil.id', <RegisterPage />, { '/': 'Beranda' });
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/');
});

it("toasts 'Registrasi gagal' with the server's error, or the fallback text", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/register': () =>
      Response.json({ error: { code: 'email_taken', message: 'Email sudah terdaftar' } }, { status: 409 }),
  });
  const { toasts } = renderPage('/register', <RegisterPage />);
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Registrasi gagal',
      description: 'Email sudah terdaftar',
      variant: 'destructive',
    }),
  );
  expect(screen.getByText('Email sudah terdaftar')).toBeTruthy();
});

it("falls back to 'Terjadi kesalahan saat registrasi' when the request fails", async () => {
  mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/register': () => {
      throw new TypeError('offline');
    },
  });
  const { toasts } = renderPage('/register', <RegisterPage />);
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  await waitFor(() => expect(toasts[0]?.description).toBe('Terjadi kesalahan saat registrasi'));
});

it('shows the text rule of the API for invisible and reordering characters, and sends nothing', async () => {
  const register = vi.fn(() => Response.json({ user: { id: 'u1' } }, { status: 201 }));
  mockApi({ 'GET /api/auth/session': guest, 'POST /api/auth/register': register });
  renderPage('/register', <RegisterPage />);
  await fill({
    name: '\u200b\u200b\u200b',
    email: 'ani@contoh.id',
    password: 'rahasia1',
    confirm: 'rahasia1',
  });
  expect(screen.getByText(invisibleTextMessage)).toBeTruthy();
  await userEvent.clear(screen.getByLabelText('Nama'));
  await userEvent.type(screen.getByLabelText('Nama'), 'Ani \u202egpj.exe');
  await userEvent.click(screen.getByRole('button', { name: 'Daftar' }));
  expect(screen.getByText(controlCharacterMessage)).toBeTruthy();
  expect(register).not.toHaveBeenCalled();
});

it('while the security check is on (decision 036) the registration waits for its token and sends it', async () => {
  undo = securityCheckOn();
  const register = vi.fn(() => Response.json({ user: { id: 'u1', name: 'Ani' } }, { status: 201 }));
  mockApi({ 'GET /api/auth/session': guest, 'POST /api/auth/register': register });
  renderPage('/register', <RegisterPage />, { '/': 'Beranda' });
  await waitFor(() => expect(screen.getByLabelText('Saya bukan robot')).toHaveProperty('checked', true));
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
  const [, init] = register.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toMatchObject({
    email: 'ani@contoh.id',
    turnstileToken: DUMMY_TOKEN,
  });
});

it("'Daftar' waits until 'Saya bukan robot' is ticked (the interactive test key); a refused token asks for a new one", async () => {
  undo = securityCheckOn(INTERACTIVE_KEY);
  const register = vi.fn(() =>
    Response.json(
      { error: { code: 'challenge_failed', message: 'Verifikasi keamanan gagal atau sudah kedaluwarsa.' } },
      { status: 403 },
    ),
  );
  const { toasts } = renderPage('/register', <RegisterPage />);
  mockApi({ 'GET /api/auth/session': guest, 'POST /api/auth/register': register });
  const tick = await screen.findByLabelText('Saya bukan robot');
  expect(screen.getByRole('button', { name: 'Daftar' })).toHaveProperty('disabled', true);
  await userEvent.click(tick);
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  await waitFor(() =>
    expect(toasts).toContainEqual(
      expect.objectContaining({ description: 'Verifikasi keamanan gagal atau sudah kedaluwarsa.' }),
    ),
  );
  // The token is spent: the widget starts over and the button waits again.
  await waitFor(() => expect(screen.getByLabelText('Saya bukan robot')).toHaveProperty('checked', false));
  expect(screen.getByRole('button', { name: 'Daftar' })).toHaveProperty('disabled', true);
});

it("loads the widget's script from the page's settings only where the check shows", async () => {
  undo = securityCheckOn(undefined, { loaded: false });
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/register', <RegisterPage />);
  await waitFor(() => expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).toBeTruthy());
});

it('asks for the marketing consent unticked, sends it when ticked, and merges the guest cart into the new account', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': guest,
    'POST /api/auth/register': () =>
      Response.json({ user: { id: 'u1', name: 'Ani', role: 'customer' } }, { status: 201 }),
    'POST /api/cart/merge': () => Response.json({ lines: [] }),
  });
  renderPage('/register', <RegisterPage />, { '/': 'Beranda' });
  const consent = await screen.findByLabelText('Kirimi saya pengingat keranjang dan promo');
  expect((consent as HTMLInputElement).checked).toBe(false);
  await userEvent.click(consent);
  await fill({ name: 'Ani', email: 'ani@contoh.id', password: 'rahasia1', confirm: 'rahasia1' });
  expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeTruthy();
  const body = (key: string) =>
    JSON.parse(
      (fetch.mock.calls.find(([url, init]) => `${init?.method} ${String(url)}` === key)?.[1]
        ?.body as string) ?? 'null',
    );
  expect(body('POST /api/auth/register')).toMatchObject({ marketingConsent: true });
  await waitFor(() => expect(body('POST /api/cart/merge')).toEqual({ lines: [] }));
});
