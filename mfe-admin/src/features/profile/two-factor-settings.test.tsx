import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, apiError, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { AdminGuard } from '../auth/admin-guard.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const status = (enabled: boolean, required = false, recoveryCodesLeft = enabled ? 10 : 0) =>
  Response.json({ enabled, required, recoveryCodesLeft });
const CODES = ['abcde-fghij', 'klmno-pqrst'];

it('sets two-factor up: a QR code and the key, a code to confirm, then the recovery codes once', async () => {
  let enabled = false;
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/auth/two-factor': () => status(enabled),
    'POST /api/auth/two-factor/setup': () =>
      Response.json({
        secret: SECRET,
        uri: `otpauth://totp/PT.%20Global%20Imperium%3Aadmin?secret=${SECRET}`,
      }),
    'POST /api/auth/two-factor/enable': () => {
      enabled = true;
      return Response.json({ recoveryCodes: CODES });
    },
  });
  const { toasts } = renderPage('/admin', <TwoFactorSettings />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pasang Verifikasi Dua Langkah' }));
  const qr = await screen.findByRole('img', { name: 'Kode QR untuk aplikasi autentikator' });
  expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  expect(screen.getByText(SECRET)).toBeTruthy();
  // Six digits or nothing is sent.
  await userEvent.type(screen.getByLabelText('Kode Verifikasi'), '12a');
  await userEvent.click(screen.getByRole('button', { name: 'Aktifkan' }));
  expect(screen.getByText('Kode verifikasi berisi 6 angka')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/auth/two-factor/enable')).toHaveLength(0);
  await userEvent.clear(screen.getByLabelText('Kode Verifikasi'));
  await userEvent.type(screen.getByLabelText('Kode Verifikasi'), '287082');
  await userEvent.click(screen.getByRole('button', { name: 'Aktifkan' }));
  const list = await screen.findByRole('list', { name: 'Kode pemulihan' });
  expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
  expect(callsTo(fetch, 'POST /api/auth/two-factor/enable')[0]?.body).toEqual({ code: '287082' });
  expect(toasts).toContainEqual({
    title: 'Verifikasi dua langkah aktif',
    description: 'Login berikutnya meminta kode dari aplikasi.',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Saya Sudah Menyimpannya' }));
  expect((await screen.findByText(/Sisa kode pemulihan/)).textContent).toBe(
    'Aktif. Sisa kode pemulihan: 10.',
  );
  expect(screen.queryByText(CODES[0] as string)).toBeNull();
});

it("marks the code with the server's words when it is wrong", async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/auth/two-factor': () => status(false),
    'POST /api/auth/two-factor/setup': () =>
      Response.json({ secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}` }),
    'POST /api/auth/two-factor/enable': apiError(
      400,
      'Kode verifikasi salah atau sudah dipakai',
      'wrong_code',
      {
        code: 'Kode verifikasi salah atau sudah dipakai',
      },
    ),
  });
  renderPage('/admin', <TwoFactorSettings />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pasang Verifikasi Dua Langkah' }));
  await userEvent.type(await screen.findByLabelText('Kode Verifikasi'), '000000');
  await userEvent.click(screen.getByRole('button', { name: 'Aktifkan' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Kode Verifikasi').getAttribute('aria-invalid')).toBe('true'),
  );
  expect(screen.getByText('Kode verifikasi salah atau sudah dipakai')).toBeTruthy();
});

it('turns it off with the password and a code', async () => {
  let enabled = true;
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/auth/two-factor': () => status(enabled, false, 7),
    'POST /api/auth/two-factor/disable': () => {
      enabled = false;
      return Response.json({ ok: true });
    },
  });
  renderPage('/admin', <TwoFactorSettings />);
  expect((await screen.findByText(/Sisa kode pemulihan/)).textContent).toBe('Aktif. Sisa kode pemulihan: 7.');
  await userEvent.type(screen.getByLabelText('Password Saat Ini'), 'rahasia123');
  await userEvent.type(screen.getByLabelText('Kode Verifikasi'), 'abcde-fghij');
  await userEvent.click(screen.getByRole('button', { name: 'Matikan Verifikasi Dua Langkah' }));
  expect(await screen.findByRole('button', { name: 'Pasang Verifikasi Dua Langkah' })).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/auth/two-factor/disable')[0]?.body).toEqual({
    currentPassword: 'rahasia123',
    code: 'abcde-fghij',
  });
});

it('holds an admin the shop requires it of at the setup, before any dashboard', async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/auth/two-factor': () => status(false, true),
  });
  renderPage(
    '/admin',
    <AdminGuard>
      <h1>Dasbor</h1>
    </AdminGuard>,
  );
  expect(await screen.findByRole('alert')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('wajib memakai verifikasi dua langkah');
  expect(screen.getByRole('button', { name: 'Pasang Verifikasi Dua Langkah' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Dasbor' })).toBeNull();
});

it('makes new recovery codes with the password and a code, shows them once, and keeps two-factor on', async () => {
  let left = 2;
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/auth/two-factor': () => status(true, false, left),
    'POST /api/auth/two-factor/recovery-codes': (_url, init) => {
      if (JSON.parse(String(init.body)).currentPassword !== 'rahasia123') {
        return apiError(400, 'Password saat ini salah', 'wrong_password', {
          currentPassword: 'Password saat ini salah',
        })();
      }
      left = 10;
      return Response.json({ recoveryCodes: CODES });
    },
  });
  const { toasts } = renderPage('/admin', <TwoFactorSettings />);
  await userEvent.click(await screen.findByRole('button', { name: 'Buat Kode Pemulihan Baru' }));
  // In place of turning it off: one password field on the page.
  expect(screen.queryByRole('button', { name: 'Matikan Verifikasi Dua Langkah' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Buat Kode Baru' }));
  expect(screen.getByText('Password saat ini wajib diisi')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/auth/two-factor/recovery-codes')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText('Password Saat Ini'), 'salah');
  await userEvent.type(screen.getByLabelText('Kode Verifikasi'), '287082');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Kode Baru' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Password Saat Ini').getAttribute('aria-invalid')).toBe('true'),
  );
  expect(screen.queryByRole('list', { name: 'Kode pemulihan' })).toBeNull();

  await userEvent.clear(screen.getByLabelText('Password Saat Ini'));
  await userEvent.type(screen.getByLabelText('Password Saat Ini'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Kode Baru' }));
  const list = await screen.findByRole('list', { name: 'Kode pemulihan' });
  expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
  expect(callsTo(fetch, 'POST /api/auth/two-factor/recovery-codes').at(-1)?.body).toEqual({
    currentPassword: 'rahasia123',
    code: '287082',
  });
  expect(toasts).toContainEqual({
    title: 'Kode pemulihan baru dibuat',
    description: 'Kode pemulihan lama tidak berlaku lagi.',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Saya Sudah Menyimpannya' }));
  expect((await screen.findByText(/Sisa kode pemulihan/)).textContent).toBe(
    'Aktif. Sisa kode pemulihan: 10.',
  );
  expect(screen.queryByText(CODES[0] as string)).toBeNull();
});
