import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { areaRoutes, savedGambir } from '../test/checkout-api.ts';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import AccountPage from './account-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const customer = {
  id: 'u1',
  email: 'ani@contoh.id',
  name: 'Ani',
  role: 'customer',
  pendingEmail: null as string | null,
  phone: '+6281234567890',
};
const signedIn = (user = customer) => ({
  'GET /api/auth/session': () => Response.json({ user }),
  'GET /api/orders/mine': () => Response.json({ items: [] }),
  'GET /api/sample-credits': () => Response.json({ items: [], nextCursor: null }),
  'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
  'GET /api/marketing/consent': () => Response.json({ consent: false, consentedAt: null }),
});
const bodyOf = (fetch: ReturnType<typeof mockApi>, key: string) => {
  const call = fetch.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return JSON.parse(String(call?.[1]?.body));
};

it('asks a visitor to sign in and to come back here, saying what an email link did', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/account', <AccountPage />, {}, '/account?email=kedaluwarsa');
  expect((await screen.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
    '/login?next=%2Faccount',
  );
  expect(screen.getByRole('alert').textContent).toMatch(/sudah dipakai atau sudah kedaluwarsa/);
  expect(screen.queryByRole('heading', { name: 'Profil' })).toBeNull();
});

it('says a confirmed email change as a status, and ignores an unknown outcome', async () => {
  mockApi(signedIn());
  const confirmed = renderPage('/account', <AccountPage />, {}, '/account?email=dikonfirmasi');
  expect((await screen.findByRole('status')).textContent).toBe(
    'Email Anda berhasil diganti. Gunakan email baru untuk login berikutnya.',
  );
  confirmed.unmount();
  mockApi(signedIn());
  renderPage('/account', <AccountPage />, {}, '/account?email=toString');
  await screen.findByRole('heading', { name: 'Profil' });
  expect(screen.queryByText(/Email Anda berhasil|kedaluwarsa|digunakan akun lain/)).toBeNull();
});

it('shows the orders, the profile, the email and password forms and the address book', async () => {
  mockApi(signedIn({ ...customer, pendingEmail: 'ani.baru@contoh.id' }));
  renderPage('/account', <AccountPage />);
  for (const name of [
    'Pesanan Saya',
    'Profil',
    'Ganti Email',
    'Ganti Password',
    'Buku Alamat',
    'Email Pemasaran',
  ]) {
    expect(await screen.findByRole('heading', { name })).toBeTruthy();
  }
  expect(screen.getByLabelText('Nama')).toHaveProperty('value', 'Ani');
  expect(screen.getByLabelText('Nomor Telepon')).toHaveProperty('value', '+6281234567890');
  expect(screen.getByRole('status').textContent).toMatch(/tautan telah dikirim ke ani\.baru@contoh\.id/);
  expect(await screen.findByText(/Jl\. Mawar 1, Gambir/)).toBeTruthy();
});

it('saves the name and phone with the current email, and shows a bad phone at its field', async () => {
  const fetch = mockApi({
    ...signedIn(),
    'PATCH /api/auth/profile': () => Response.json({ user: { ...customer, name: 'Ani Lestari' } }),
  });
  const { toasts } = renderPage('/account', <AccountPage />);
  const profile = within(
    (await screen.findByRole('heading', { name: 'Profil' })).closest('section') as HTMLElement,
  );
  const phone = profile.getByLabelText('Nomor Telepon');
  await userEvent.clear(phone);
  await userEvent.type(phone, '12345');
  await userEvent.click(profile.getByRole('button', { name: 'Simpan Profil' }));
  expect(profile.getByText('Nomor telepon tidak valid')).toBeTruthy();
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

  await userEvent.clear(phone);
  await userEvent.type(phone, '0813 1111 2222');
  await userEvent.clear(profile.getByLabelText('Nama'));
  await userEvent.type(profile.getByLabelText('Nama'), 'Ani Lestari');
  await userEvent.click(profile.getByRole('button', { name: 'Simpan Profil' }));
  await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Profil berhasil diperbarui'));
  expect(bodyOf(fetch, 'PATCH /api/auth/profile')).toEqual({
    name: 'Ani Lestari',
    email: 'ani@contoh.id',
    phone: '+6281311112222',
  });
});

it('asks for the current password to change the email: refused without it, a wrong one at its field, then sent with it', async () => {
  let wrong = true;
  const fetch = mockApi({
    ...signedIn(),
    'PATCH /api/auth/profile': () =>
      wrong
        ? Response.json(
            {
              error: {
                code: 'wrong_password',
                message: 'Password saat ini salah',
                fields: { currentPassword: 'Password saat ini salah' },
              },
            },
            { status: 400 },
          )
        : Response.json({ user: { ...customer, pendingEmail: 'ani.baru@contoh.id' } }),
  });
  const { toasts } = renderPage('/account', <AccountPage />);
  const form = within(
    (await screen.findByRole('heading', { name: 'Ganti Email' })).closest('section') as HTMLElement,
  );
  await userEvent.type(form.getByLabelText('Email Baru'), 'ani.baru@contoh.id');
  await userEvent.click(form.getByRole('button', { name: 'Kirim Tautan Konfirmasi' }));
  expect(form.getByText('Password saat ini harus diisi')).toBeTruthy();
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

  await userEvent.type(form.getByLabelText('Password Saat Ini'), 'salah');
  await userEvent.click(form.getByRole('button', { name: 'Kirim Tautan Konfirmasi' }));
  expect(await form.findByText('Password saat ini salah')).toBeTruthy();
  expect(bodyOf(fetch, 'PATCH /api/auth/profile')).toEqual({
    name: 'Ani',
    email: 'ani.baru@contoh.id',
    currentPassword: 'salah',
  });

  wrong = false;
  await userEvent.clear(form.getByLabelText('Password Saat Ini'));
  await userEvent.type(form.getByLabelText('Password Saat Ini'), 'rahasia123');
  await userEvent.click(form.getByRole('button', { name: 'Kirim Tautan Konfirmasi' }));
  await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Tautan konfirmasi terkirim'));
  expect(form.getByLabelText('Password Saat Ini')).toHaveProperty('value', '');
});

it('says an undone email change as an alert: every session ended, the password may need changing', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/account', <AccountPage />, {}, '/account?email=dibatalkan');
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /^Penggantian email dibatalkan.*ganti password/,
  );
});

it('puts a wrong current password at its field, and empties the form after a change', async () => {
  let wrong = true;
  const fetch = mockApi({
    ...signedIn(),
    'POST /api/auth/password/change': () =>
      wrong
        ? Response.json(
            {
              error: {
                code: 'wrong_password',
                message: 'Password saat ini salah',
                fields: { currentPassword: 'Password saat ini salah' },
              },
            },
            { status: 400 },
          )
        : Response.json({ message: 'ok' }),
  });
  const { toasts } = renderPage('/account', <AccountPage />);
  const form = within(
    (await screen.findByRole('heading', { name: 'Ganti Password' })).closest('section') as HTMLElement,
  );
  await userEvent.type(form.getByLabelText('Password Saat Ini'), 'salah');
  await userEvent.type(form.getByLabelText('Password Baru'), 'baru12345');
  await userEvent.type(form.getByLabelText('Ulangi Password Baru'), 'baru1234');
  await userEvent.click(form.getByRole('button', { name: 'Ganti Password' }));
  expect(form.getByText('Password tidak sama')).toBeTruthy();

  await userEvent.type(form.getByLabelText('Ulangi Password Baru'), '5');
  await userEvent.click(form.getByRole('button', { name: 'Ganti Password' }));
  expect(await form.findByText('Password saat ini salah')).toBeTruthy();
  expect(bodyOf(fetch, 'POST /api/auth/password/change')).toEqual({
    currentPassword: 'salah',
    password: 'baru12345',
    confirmPassword: 'baru12345',
  });

  wrong = false;
  await userEvent.clear(form.getByLabelText('Password Saat Ini'));
  await userEvent.type(form.getByLabelText('Password Saat Ini'), 'rahasia123');
  await userEvent.click(form.getByRole('button', { name: 'Ganti Password' }));
  await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Password berhasil diganti'));
  expect(form.getByLabelText('Password Baru')).toHaveProperty('value', '');
});

it('adds, sets as default and deletes addresses with the shared address fields', async () => {
  const second = { ...savedGambir, id: 'a2', customerName: 'Budi', isDefault: false };
  const fetch = mockApi({
    ...signedIn(),
    ...areaRoutes,
    'GET /api/addresses': () => Response.json({ items: [savedGambir, second] }),
    'POST /api/addresses': () => Response.json(second, { status: 201 }),
    'PUT /api/addresses/a2': () => Response.json({ ...second, isDefault: true }),
    'DELETE /api/addresses/a2': () => new Response(null, { status: 204 }),
  });
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  renderPage('/account', <AccountPage />);
  const book = within(
    (await screen.findByRole('heading', { name: 'Buku Alamat' })).closest('section') as HTMLElement,
  );
  await book.findByText('Budi');

  await userEvent.click(book.getByRole('button', { name: 'Tambah Alamat' }));
  await userEvent.click(book.getByRole('button', { name: 'Simpan Alamat' }));
  expect(book.getByText('Nomor telepon harus diisi')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(book.getByLabelText('Nomor Telepon')));
  await userEvent.type(book.getByLabelText('Nomor Telepon'), '0812-3456-7890');
  // Each message follows its field (useZodForm): it goes once the field is valid, the others stay.
  expect(book.queryByText('Nomor telepon harus diisi')).toBeNull();
  expect(book.getByText('Provinsi harus dipilih')).toBeTruthy();
  await userEvent.selectOptions(await book.findByLabelText('Provinsi'), '31');
  await waitFor(() => expect(book.getByLabelText('Kabupaten/Kota')).toHaveProperty('disabled', false));
  await userEvent.selectOptions(book.getByLabelText('Kabupaten/Kota'), '31.71');
  await waitFor(() => expect(book.getByLabelText('Kecamatan')).toHaveProperty('disabled', false));
  await userEvent.selectOptions(book.getByLabelText('Kecamatan'), '31.71.02');
  await userEvent.type(book.getByLabelText('Kode Pos'), '10710');
  await userEvent.type(book.getByLabelText('Alamat Lengkap'), 'Jl. Kenanga No. 5, RT 01/RW 02');
  await userEvent.click(book.getByRole('button', { name: 'Simpan Alamat' }));
  await waitFor(() => expect(book.queryByRole('button', { name: 'Simpan Alamat' })).toBeNull());
  expect(bodyOf(fetch, 'POST /api/addresses')).toEqual({
    customerName: 'Ani',
    customerPhone: '+6281234567890',
    provinceCode: '31',
    regencyCode: '31.71',
    districtCode: '31.71.02',
    postalCode: '10710',
    customerAddress: 'Jl. Kenanga No. 5, RT 01/RW 02',
    isDefault: false,
  });

  const budi = within(book.getByText('Budi').closest('li') as HTMLElement);
  await userEvent.click(budi.getByRole('button', { name: 'Jadikan Utama' }));
  await waitFor(() => expect(bodyOf(fetch, 'PUT /api/addresses/a2')).toMatchObject({ isDefault: true }));
  await userEvent.click(budi.getByRole('button', { name: 'Hapus' }));
  await waitFor(() =>
    expect(
      fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/api/addresses/a2'),
    ).toBe(true),
  );
  // The default address cannot be made default again.
  const ani = within(book.getByText('Ani').closest('li') as HTMLElement);
  expect(ani.queryByRole('button', { name: 'Jadikan Utama' })).toBeNull();
});

it('gives and withdraws consent to marketing email from the account, as the server has it (decision 050)', async () => {
  const fetch = mockApi({
    ...signedIn(),
    'PUT /api/marketing/consent': (_url: string, init: RequestInit) => {
      const { consent } = JSON.parse(String(init.body)) as { consent: boolean };
      return Response.json({ consent, consentedAt: consent ? '2026-11-29T03:00:00.000Z' : null });
    },
  });
  renderPage('/account', <AccountPage />);
  const section = within(await screen.findByRole('region', { name: 'Email Pemasaran' }));
  const box = await section.findByRole('checkbox', { name: 'Kirimi saya pengingat keranjang dan promo' });
  expect(box).toHaveProperty('checked', false);
  await userEvent.click(box);
  await waitFor(() => expect(box).toHaveProperty('checked', true));
  expect(bodyOf(fetch, 'PUT /api/marketing/consent')).toEqual({ consent: true });
  await waitFor(() => expect(box).toHaveProperty('disabled', false));
  await userEvent.click(box);
  await waitFor(() => expect(box).toHaveProperty('checked', false));
  const puts = fetch.mock.calls.filter(
    ([url, init]) => url === '/api/marketing/consent' && init?.method === 'PUT',
  );
  expect(puts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
    { consent: true },
    { consent: false },
  ]);
});

it('says when the consent cannot be read, rather than an empty section', async () => {
  mockApi({
    ...signedIn(),
    'GET /api/marketing/consent': () =>
      Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  renderPage('/account', <AccountPage />);
  const section = within(await screen.findByRole('region', { name: 'Email Pemasaran' }));
  expect((await section.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
    'Gagal memuat persetujuan email. Muat ulang halaman.',
  );
});
