import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../test/render.tsx';
import { DUMMY_TOKEN, securityCheckOn } from '../test/security-check.ts';
import ForgotPasswordPage from './forgot-password-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

let undo = () => {};
afterEach(() => {
  vi.unstubAllGlobals();
  undo();
  undo = () => {};
});

it('asks for a reset link and shows the same answer whatever the email', async () => {
  const fetch = mockApi({
    'POST /api/auth/password/forgot': () =>
      Response.json({ message: 'Jika email terdaftar, tautan atur ulang password telah dikirim.' }),
  });
  renderPage('/forgot-password', <ForgotPasswordPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'bukan');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Tautan' }));
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'ani@contoh.id');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Tautan' }));
  expect((await screen.findByRole('status')).textContent).toContain(
    'tautan atur ulang password telah dikirim',
  );
  expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ani@contoh.id' });
});

it('while the security check is on (decision 036) the reset link is asked with its token', async () => {
  undo = securityCheckOn();
  const fetch = mockApi({
    'POST /api/auth/password/forgot': () =>
      Response.json({ message: 'Jika email terdaftar, tautan atur ulang password telah dikirim.' }),
  });
  renderPage('/forgot-password', <ForgotPasswordPage />);
  await waitFor(() => expect(screen.getByLabelText('Saya bukan robot')).toHaveProperty('checked', true));
  await userEvent.type(screen.getByLabelText('Email'), 'ani@contoh.id');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Tautan' }));
  expect(await screen.findByText(/tautan atur ulang password telah dikirim/)).toBeTruthy();
  expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
    email: 'ani@contoh.id',
    turnstileToken: DUMMY_TOKEN,
  });
});

it('sets a new password with the token from the link, then goes to the login', async () => {
  const fetch = mockApi({
    'POST /api/auth/password/reset': () =>
      Response.json({ message: 'Password berhasil diperbarui. Silakan login.' }),
  });
  const { router, toasts } = renderPage('/reset-password', <ResetPasswordPage />, {
    '/customer/login': 'Masuk',
  });
  await router.navigate('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
  await userEvent.type(await screen.findByLabelText('Password Baru'), 'baru123');
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), 'baru124');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect(screen.getByText('Password tidak sama')).toBeTruthy();
  await userEvent.clear(screen.getByLabelText('Konfirmasi Password'));
  await userEvent.type(screen.getByLabelText('Konfirmasi Password'), 'baru123');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Password' }));
  expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeTruthy();
  expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
    token: 'abcdefghijklmnopqrstuvwxyz',
    password: 'baru123',
  });
  await waitFor(() => expect(toasts[0]?.title).toBe('Password diperbarui'));
});
