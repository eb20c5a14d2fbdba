import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminLogout,
  adminPage,
  enterCode,
  nextCode,
  passwordStep,
  signIn,
  turnOnTwoFactor,
} from './support.ts';

// Two-factor sign-in of staff (issue 42, decision 053): the demo admin turns it on from its
// profile, computing the codes from the key shown as an authenticator app would, and signs in
// with password and code, then with a recovery code, once. It ends turned off again: the other
// journeys sign the demo admin in with its password alone.

/** Recovery codes not spent by the journey, to turn two-factor off if it stopped half-way. */
let spare: string[] = [];

test.afterEach(async ({ baseURL }) => {
  if (spare.length < 2) return;
  const api = await ApiClient.create(baseURL as string);
  await api.signIn(ADMIN.email, ADMIN.password).catch(() => undefined);
  await api.call('POST', '/api/auth/login/two-factor', { code: spare[0] });
  await api.call('POST', '/api/auth/two-factor/disable', { currentPassword: ADMIN.password, code: spare[1] });
  spare = [];
  await api.dispose();
});

test('the demo admin turns on two-factor, then signs in with password and code, and a recovery code once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await page.goto('/admin?section=profile');
  const { secret, step, recoveryCodes: codes } = await turnOnTwoFactor(page);
  spare = codes.slice(3);

  // Signed out, the password alone no longer opens the dashboard: the app's code does.
  await adminLogout(page);
  await passwordStep(page, ADMIN.email, ADMIN.password);
  await enterCode(page, (await nextCode(secret, step)).code);
  await expect(page.getByText('Selamat datang')).toBeVisible();

  // A recovery code signs in once; the second time it is refused.
  await adminLogout(page);
  await passwordStep(page, ADMIN.email, ADMIN.password);
  await enterCode(page, codes[0] as string);
  await expect(page.getByText('Selamat datang')).toBeVisible();
  await adminLogout(page);
  await passwordStep(page, ADMIN.email, ADMIN.password);
  await enterCode(page, codes[0] as string);
  await expect(page.getByRole('alert')).toHaveText('Kode verifikasi salah atau sudah dipakai');
  await enterCode(page, codes[1] as string);
  await expect(page.getByText('Selamat datang')).toBeVisible();

  // Turned off again from the profile (password and a code): the password alone signs in.
  await page.goto('/admin?section=profile');
  await expect(page.getByText('Aktif. Sisa kode pemulihan: 8.')).toBeVisible();
  await page.getByLabel('Password Saat Ini').fill(ADMIN.password);
  await page.getByLabel('Kode Verifikasi').fill(codes[2] as string);
  await page.getByRole('button', { name: 'Matikan Verifikasi Dua Langkah' }).click();
  await expect(page.getByRole('button', { name: 'Pasang Verifikasi Dua Langkah' })).toBeVisible();
  spare = [];
  await adminLogout(page);
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/login');
  await expect(page.getByText('Selamat datang')).toBeVisible();
});
