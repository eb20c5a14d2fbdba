import { publicSettingsKey } from '@gi/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { AboutEditor } from './about-editor.tsx';
import { BackgroundEditor } from './background-editor.tsx';
import { ContactEditor } from './contact-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const settings = {
  heroBackground: null,
  aboutTitle: 'Tentang PT. Global Imperium',
  aboutParagraph1: 'Paragraf pertama.',
  aboutParagraph2: 'Paragraf kedua.',
  aboutImage: null,
  contactAddress: 'Jl. Melati Raya No. 88, Jakarta',
  contactPhone1: '+62 21 7250 8800',
  contactPhone2: '+62 812 8800 7250',
  contactWhatsapp: '',
  contactEmail: 'info@globalimperium.co.id',
  hoursHome: [
    { days: 'Senin - Jumat', hours: '08:00 - 21:00' },
    { days: 'Sabtu', hours: '08:00 - 21:00' },
    { days: 'Minggu', hours: '08:00 - 20:00' },
  ],
  hoursContact: [
    { days: 'Senin - Jumat', hours: '09:00 - 17:00' },
    { days: 'Sabtu - Minggu', hours: '10:00 - 15:00' },
  ],
};

function settingsApi(stored: Record<string, unknown> = settings) {
  let current = { ...stored };
  return mockApi({
    'GET /api/settings': () => Response.json(current),
    'PATCH /api/settings': (_, init) => {
      current = { ...current, ...JSON.parse(String(init.body)) };
      return Response.json(current);
    },
  });
}

it('edits the address, phones, WhatsApp, email and both readings of the opening hours', async () => {
  const fetch = settingsApi();
  const { toasts } = renderPage('/admin', <ContactEditor />);
  const address = await screen.findByLabelText('Alamat');
  await userEvent.clear(address);
  await userEvent.type(address, 'Jl. Kenanga 5, Bandung');
  await userEvent.clear(screen.getByLabelText('Telepon 2 (opsional)'));
  await userEvent.type(screen.getByLabelText('Nomor WhatsApp (opsional)'), '0812-3456-7890');
  const contactHours = screen.getByRole('group', { name: 'Jam Operasional di Halaman Kontak' });
  await userEvent.click(within(contactHours).getByRole('button', { name: 'Tambah baris' }));
  await userEvent.type(within(contactHours).getByLabelText('Hari 3'), 'Hari libur');
  await userEvent.type(within(contactHours).getByLabelText('Jam 3'), 'Tutup');
  const homeHours = screen.getByRole('group', { name: 'Jam Operasional di Beranda' });
  await userEvent.click(
    within(homeHours).getByRole('button', { name: 'Hapus baris 3 Jam Operasional di Beranda' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Informasi Kontak' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Berhasil', description: 'Informasi kontak berhasil disimpan' }),
  );
  // Only what changed: another admin's edit of any other field stays.
  expect(callsTo(fetch, 'PATCH /api/settings')[0]?.body).toEqual({
    contactAddress: 'Jl. Kenanga 5, Bandung',
    contactPhone2: '',
    contactWhatsapp: '0812-3456-7890',
    hoursHome: settings.hoursHome.slice(0, 2),
    hoursContact: [...settings.hoursContact, { days: 'Hari libur', hours: 'Tutup' }],
  });
});

it('shows the field messages and saves nothing while the contact details are invalid', async () => {
  const fetch = settingsApi();
  renderPage('/admin', <ContactEditor />);
  await userEvent.clear(await screen.findByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'bukan-email');
  await userEvent.clear(screen.getByLabelText('Telepon 1'));
  // The office line is no WhatsApp number (issue 29, defect 5).
  await userEvent.type(screen.getByLabelText('Nomor WhatsApp (opsional)'), '(021) 7250-8800');
  const homeHours = screen.getByRole('group', { name: 'Jam Operasional di Beranda' });
  await userEvent.clear(within(homeHours).getByLabelText('Jam 1'));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Informasi Kontak' }));
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(screen.getByText('Nomor telepon harus diisi')).toBeTruthy();
  expect(screen.getByText('Nomor WhatsApp harus nomor ponsel Indonesia (08…, +628… atau 628…)')).toBeTruthy();
  expect(within(homeHours).getByText('Jam harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'PATCH /api/settings')).toHaveLength(0);
});

it('takes an opening-hours message away as soon as its row is filled in', async () => {
  settingsApi();
  renderPage('/admin', <ContactEditor />);
  const homeHours = await screen.findByRole('group', { name: 'Jam Operasional di Beranda' });
  const hours = within(homeHours).getByLabelText('Jam 1');
  await userEvent.clear(hours);
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Informasi Kontak' }));
  expect(within(homeHours).getByText('Jam harus diisi')).toBeTruthy();
  await userEvent.type(hours, '08:00 - 21:00');
  expect(within(homeHours).queryByText('Jam harus diisi')).toBeNull();
});

it('uploads and saves the hero background, and can go back to the built-in one', async () => {
  const fetch = mockApi({
    'GET /api/settings': () => Response.json(settings),
    'PATCH /api/settings': (_, init) => Response.json({ ...settings, ...JSON.parse(String(init.body)) }),
    'POST /api/images': () => Response.json({ url: '/images/hero.webp' }, { status: 201 }),
  });
  const { toasts } = renderPage('/admin', <BackgroundEditor />);
  await userEvent.upload(
    await screen.findByLabelText('Pilih gambar'),
    new File([new Uint8Array([1])], 'hero.webp', { type: 'image/webp' }),
  );
  expect(await screen.findByRole('img', { name: 'Pratinjau Gambar Background Hero' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Background' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Berhasil', description: 'Background hero berhasil disimpan' }),
  );
  expect(callsTo(fetch, 'PATCH /api/settings')[0]?.body).toEqual({ heroBackground: '/images/hero.webp' });

  await userEvent.click(screen.getByRole('button', { name: 'Hapus gambar' }));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Background' }));
  await waitFor(() => expect(callsTo(fetch, 'PATCH /api/settings')).toHaveLength(2));
  expect(callsTo(fetch, 'PATCH /api/settings')[1]?.body.heroBackground).toBeNull();
});

it("refuses an image URL that is neither ours nor https ('URL gambar tidak valid')", async () => {
  const fetch = settingsApi();
  renderPage('/admin', <BackgroundEditor />);
  await userEvent.type(await screen.findByLabelText('atau URL gambar'), 'http://contoh.id/a.jpg');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Background' }));
  expect(screen.getByText('URL gambar tidak valid')).toBeTruthy();
  expect(callsTo(fetch, 'PATCH /api/settings')).toHaveLength(0);
  // Made https, the address is right: its message goes as it is typed.
  await userEvent.type(
    screen.getByLabelText('atau URL gambar'),
    '{Home}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}s',
  );
  expect(screen.getByLabelText('atau URL gambar')).toHaveProperty('value', 'https://contoh.id/a.jpg');
  expect(screen.queryByText('URL gambar tidak valid')).toBeNull();
});

it("saves the about content on the server and alerts 'Konten About berhasil disimpan!'", async () => {
  const fetch = settingsApi();
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  renderPage('/admin', <AboutEditor />);
  const title = await screen.findByLabelText('Judul');
  await userEvent.clear(title);
  await userEvent.type(title, 'Tentang Kami');
  await userEvent.type(screen.getByLabelText('atau URL gambar'), 'https://contoh.id/tim.jpg');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Konten About' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Konten About berhasil disimpan!'));
  expect(callsTo(fetch, 'PATCH /api/settings')[0]?.body).toEqual({
    aboutTitle: 'Tentang Kami',
    aboutImage: 'https://contoh.id/tim.jpg',
  });
});

it('sends only what this admin changed, so edits made elsewhere since the page loaded stay', async () => {
  const fetch = mockApi({
    'GET /api/settings': () => Response.json(settings),
    'PATCH /api/settings': (_, init) => Response.json({ ...settings, ...JSON.parse(String(init.body)) }),
  });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  renderPage('/admin', <AboutEditor />);
  // Nothing changed: nothing to send.
  await userEvent.click(await screen.findByRole('button', { name: 'Simpan Konten About' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Konten About berhasil disimpan!'));
  expect(callsTo(fetch, 'PATCH /api/settings')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText('Paragraf 2'), ' Lagi.');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Konten About' }));
  await waitFor(() => expect(callsTo(fetch, 'PATCH /api/settings')).toHaveLength(1));
  expect(callsTo(fetch, 'PATCH /api/settings')[0]?.body).toEqual({
    aboutParagraph2: `${settings.aboutParagraph2} Lagi.`,
  });
});

it('shows the error state when the settings cannot load, and toasts a failed save', async () => {
  mockApi({ 'GET /api/settings': apiError(500) });
  const failed = renderPage('/admin', <AboutEditor />);
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  failed.unmount();

  mockApi({ 'GET /api/settings': () => Response.json(settings), 'PATCH /api/settings': apiError(500) });
  const { toasts } = renderPage('/admin', <AboutEditor />);
  await userEvent.type(await screen.findByLabelText('Judul'), ' Baru');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Konten About' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menyimpan konten About',
      variant: 'destructive',
    }),
  );
});

it('keeps the settings once in the shared client, under the key the storefront reads', async () => {
  const fetch = settingsApi();
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  const { client } = renderPage('/admin', <AboutEditor />);
  const title = await screen.findByLabelText('Judul');
  await userEvent.clear(title);
  await userEvent.type(title, 'Tentang Kami');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Konten About' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Konten About berhasil disimpan!'));
  // The storefront's sections, sharing this QueryClient, see the saved text without a second fetch.
  expect(client.getQueryData(publicSettingsKey)).toMatchObject({ aboutTitle: 'Tentang Kami' });
  expect(
    client
      .getQueryCache()
      .findAll()
      .filter((query) => query.queryKey.includes('settings')),
  ).toHaveLength(1);
  expect(callsTo(fetch, 'GET /api/settings')).toHaveLength(1);
});
