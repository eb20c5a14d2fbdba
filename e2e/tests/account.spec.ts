import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ApiClient, appStarted, fillAddress, openMenu, TURNSTILE_TOKEN, uniqueEmail } from './support.ts';

// The customer's account page (issue 29, decision 028) on a 360 px phone: reached from the
// navbar's name, every section used for real against the API, and signed out it asks to sign
// in and comes back.

test.use({ viewport: { width: 360, height: 740 } });

async function expectAccessibleAndNarrow(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function register(baseURL: string, name: string) {
  const customer = { name, email: uniqueEmail('akun'), password: 'rahasia123' };
  const api = await ApiClient.create(baseURL);
  await api.call('POST', '/api/auth/register', {
    ...customer,
    confirmPassword: customer.password,
    turnstileToken: TURNSTILE_TOKEN,
  });
  await api.dispose();
  return customer;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('Login berhasil')).toBeVisible();
}

const BANDUNG = {
  province: 'Jawa Barat',
  regency: 'Kota Bandung',
  district: 'Coblong',
  postalCode: '40132',
  street: 'Jl. Melati No. 7, RT 01/RW 02',
};

test('a customer keeps profile, addresses and password from the account page the navbar opens', async ({
  page,
  baseURL,
}) => {
  const customer = await register(baseURL as string, 'Rina Akun');
  await page.goto('/customer/login');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/$/);

  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Navigasi utama' })
    .getByRole('link', { name: 'Rina Akun' })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Akun Saya' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pesanan Saya' })).toBeVisible();
  await expect(page.getByText('Belum ada pesanan.')).toBeVisible();
  await expectAccessibleAndNarrow(page);

  // Profil: name and phone, the phone refused until it is Indonesian.
  const profile = page.getByRole('region', { name: 'Profil' });
  await profile.getByLabel('Nama').fill('Rina Lestari');
  await profile.getByLabel('Nomor Telepon').fill('12345');
  await profile.getByRole('button', { name: 'Simpan Profil' }).click();
  await expect(profile.getByText('Nomor telepon tidak valid')).toBeVisible();
  await profile.getByLabel('Nomor Telepon').fill('0812-1111-2222');
  await profile.getByRole('button', { name: 'Simpan Profil' }).click();
  await expect(page.getByText('Profil berhasil diperbarui')).toBeVisible();
  await openMenu(page);
  await expect(
    page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Rina Lestari' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Tutup menu' }).click();

  // The address book: two addresses, the second made the default, the first deleted.
  const book = page.getByRole('region', { name: 'Buku Alamat' });
  await expect(book.getByText('Belum ada alamat tersimpan.')).toBeVisible();
  await book.getByRole('button', { name: 'Tambah Alamat' }).click();
  await fillAddress(book, BANDUNG);
  await book.getByRole('button', { name: 'Simpan Alamat' }).click();
  await expect(book.getByText(/Jl\. Melati No\. 7, RT 01\/RW 02, Coblong/)).toBeVisible();
  await book.getByRole('button', { name: 'Tambah Alamat' }).click();
  await fillAddress(book, { ...BANDUNG, street: 'Jl. Kenanga No. 3, Dago' });
  await book.getByRole('button', { name: 'Simpan Alamat' }).click();
  const melati = book.getByRole('listitem').filter({ hasText: 'Jl. Melati' });
  const kenanga = book.getByRole('listitem').filter({ hasText: 'Jl. Kenanga' });
  await expect(melati.getByText('Utama', { exact: true })).toBeVisible();
  await kenanga.getByRole('button', { name: 'Jadikan Utama' }).click();
  await expect(kenanga.getByText('Utama', { exact: true })).toBeVisible();
  await expect(melati.getByRole('button', { name: 'Jadikan Utama' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await melati.getByRole('button', { name: 'Hapus' }).click();
  await expect(melati).toHaveCount(0);
  await expect(book.getByRole('listitem')).toHaveCount(1);
  await expectAccessibleAndNarrow(page);

  // Ganti Password: the wrong current one is refused at its field, then the change.
  const password = page.getByRole('region', { name: 'Ganti Password' });
  await password.getByLabel('Password Saat Ini').fill('salah-sekali');
  await password.getByLabel('Password Baru', { exact: true }).fill('barulagi123');
  await password.getByLabel('Ulangi Password Baru').fill('barulagi123');
  await password.getByRole('button', { name: 'Ganti Password' }).click();
  await expect(password.getByText('Password saat ini salah')).toBeVisible();
  await password.getByLabel('Password Saat Ini').fill(customer.password);
  await password.getByRole('button', { name: 'Ganti Password' }).click();
  await expect(page.getByText('Password berhasil diganti')).toBeVisible();

  // This browser stays signed in; signed out, only the new password opens the account.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profil' })).toBeVisible();
  await openMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/customer/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('Email atau password salah').first()).toBeVisible();
  await signIn(page, customer.email, 'barulagi123');
});

test('signed out, the account page asks to sign in and comes back; an old email link says so', async ({
  page,
  baseURL,
}) => {
  const customer = await register(baseURL as string, 'Budi Akun');
  // A used or expired confirmation link lands here with words, not raw JSON.
  await page.goto(`/api/auth/email/confirm?token=${'x'.repeat(43)}`);
  await expect(page).toHaveURL(/\/account\?email=kedaluwarsa$/);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'sudah dipakai atau sudah kedaluwarsa',
  );
  await expect(
    page.getByText('Masuk ke akun Anda untuk melihat pesanan, profil dan buku alamat.'),
  ).toBeVisible();
  await expectAccessibleAndNarrow(page);

  await appStarted(page);
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Profil' }).getByLabel('Nama')).toHaveValue('Budi Akun');
  // The login page offers customers no admin sign-in.
  await openMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();

  // The navbar's Login comes back to the page it was pressed on.
  await page.goto('/products');
  await openMenu(page);
  await page
    .getByRole('navigation', { name: 'Navigasi utama' })
    .getByRole('link', { name: 'Login', exact: true })
    .click();
  await expect(page).toHaveURL(/\/customer\/login\?next=%2Fproducts$/);
  await expect(page.getByRole('link', { name: /admin/i })).toHaveCount(0);
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/products$/);
});
