import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, ApiClient, adminPage, signIn } from './support.ts';

// Two-factor sign-in of staff (issue 42, decision 053): the demo admin turns it on from its
// profile, computing the codes from the key shown as an authenticator app would, and signs in
// with password and code, then with a recovery code, once. It ends turned off again: the other
// journeys sign the demo admin in with its password alone.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const stepNow = () => Math.floor(Date.now() / 30_000);

/** RFC 6238 with SHA-1, 6 digits, 30 s: what the app shows for `secret` at `step`. */
function totp(secret: string, step: number): string {
  const bits = [...secret].map((char) => BASE32.indexOf(char).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac[19] as number) & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The app's code once a step later than `used` has come: a code is good once (replay). */
async function nextCode(secret: string, used: number): Promise<{ code: string; step: number }> {
  while (stepNow() <= used) await new Promise((resolve) => setTimeout(resolve, 1000));
  const step = stepNow();
  return { code: totp(secret, step), step };
}

async function logout(page: Page) {
  await page
    .locator('header')
    .filter({ hasText: 'Selamat datang' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/login/);
}

/** Password first; the code step must follow. */
async function passwordStep(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Verifikasi Dua Langkah' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Kode Verifikasi').fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
}

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
  await page.getByRole('button', { name: 'Pasang Verifikasi Dua Langkah' }).click();
  await expect(page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  let used = stepNow();
  await page.getByLabel('Kode Verifikasi').fill(totp(secret, used));
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  const list = page.getByRole('list', { name: 'Kode pemulihan' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  spare = codes.slice(3);
  await page.getByRole('button', { name: 'Saya Sudah Menyimpannya' }).click();
  await expect(page.getByText('Aktif. Sisa kode pemulihan: 10.')).toBeVisible();

  // Signed out, the password alone no longer opens the dashboard: the app's code does.
  await logout(page);
  await passwordStep(page);
  const next = await nextCode(secret, used);
  used = next.step;
  await enterCode(page, next.code);
  await expect(page.getByText('Selamat datang')).toBeVisible();

  // A recovery code signs in once; the second time it is refused.
  await logout(page);
  await passwordStep(page);
  await enterCode(page, codes[0] as string);
  await expect(page.getByText('Selamat datang')).toBeVisible();
  await logout(page);
  await passwordStep(page);
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
  await logout(page);
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/login');
  await expect(page.getByText('Selamat datang')).toBeVisible();
});
