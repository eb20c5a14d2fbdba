import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { settings } from '../test/fixtures.ts';
import { apiError, errorToast, mockApi, renderPage } from '../test/render.tsx';
import ContactPage, { CONTACT_MESSAGE } from './contact-page.tsx';

const getSettings = () => Response.json(settings);

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Nama'), 'Ani Wijaya');
  await userEvent.type(screen.getByLabelText('Email'), 'ani@contoh.id');
  await userEvent.type(screen.getByLabelText('Subjek'), 'Pesanan grosir');
  await userEvent.type(screen.getByLabelText('Pesan'), 'Apakah ada harga khusus\nuntuk 50 botol?');
}

it("shows the contact details with the contact page's opening hours", async () => {
  mockApi({ 'GET /api/settings': getSettings });
  renderPage('/contact', <ContactPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Hubungi Kami' })).toBeTruthy();
  expect(screen.getByText('Memuat informasi kontak...')).toBeTruthy();
  expect(await screen.findByText(settings.contactAddress)).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Jam Operasional' })).toBeTruthy();
  const hours = screen.getByRole('table');
  expect(within(hours).getByRole('rowheader', { name: 'Sabtu - Minggu' })).toBeTruthy();
  expect(within(hours).getByText('10:00 - 15:00')).toBeTruthy();
  expect(within(hours).queryByText('08:00 - 21:00')).toBeNull();
});

it("offers a chat on the shop's WhatsApp number, the way wa.me wants it, not on the office line", async () => {
  mockApi({
    'GET /api/settings': () => Response.json({ ...settings, contactWhatsapp: '+62 812-3456-7890' }),
  });
  renderPage('/contact', <ContactPage />);
  const link = await screen.findByRole('link', { name: 'Chat via WhatsApp' });
  expect(link.getAttribute('href')).toBe(
    `https://wa.me/6281234567890?text=${encodeURIComponent(CONTACT_MESSAGE)}`,
  );
});

it('offers no WhatsApp chat while the shop has no WhatsApp number', async () => {
  mockApi({ 'GET /api/settings': getSettings });
  renderPage('/contact', <ContactPage />);
  await screen.findByText(settings.contactAddress);
  expect(screen.queryByRole('link', { name: 'Chat via WhatsApp' })).toBeNull();
});

it('offers a retry when the contact details cannot load', async () => {
  let calls = 0;
  mockApi({
    'GET /api/settings': () => (++calls === 1 ? apiError(500, 'x', 'x')() : getSettings()),
  });
  renderPage('/contact', <ContactPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Coba Lagi' }));
  expect(await screen.findByText(settings.contactAddress)).toBeTruthy();
});

it('validates every field with the shared schema before sending anything', async () => {
  const fetch = mockApi({ 'GET /api/settings': getSettings });
  renderPage('/contact', <ContactPage />);
  await userEvent.type(screen.getByLabelText('Nama'), 'A');
  await userEvent.type(screen.getByLabelText('Email'), 'bukan-email');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Pesan' }));
  expect(screen.getByText('Nama minimal 2 karakter')).toBeTruthy();
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(screen.getByText('Subjek harus diisi')).toBeTruthy();
  expect(screen.getByText('Pesan harus diisi')).toBeTruthy();
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  expect(fetch.mock.calls.some(([url]) => url === '/api/contact')).toBe(false);
});

it('posts the message, confirms with a toast and empties the form', async () => {
  let release: () => void = () => {};
  const fetch = mockApi({
    'GET /api/settings': getSettings,
    'POST /api/contact': () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(Response.json({ ok: true }, { status: 201 }));
      }),
  });
  const { toasts } = renderPage('/contact', <ContactPage />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Pesan' }));
  expect(await screen.findByRole('button', { name: 'Mengirim...' })).toHaveProperty('disabled', true);
  release();

  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Pesan terkirim',
      description: 'Terima kasih telah menghubungi kami. Kami akan segera membalas pesan Anda.',
    }),
  );
  const posts = fetch.mock.calls.filter(([url]) => url === '/api/contact');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.[1]?.method).toBe('POST');
  expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({
    name: 'Ani Wijaya',
    email: 'ani@contoh.id',
    subject: 'Pesanan grosir',
    message: 'Apakah ada harga khusus\nuntuk 50 botol?',
  });
  expect(screen.getByLabelText('Nama')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Pesan')).toHaveProperty('value', '');
  expect(screen.getByRole('button', { name: 'Kirim Pesan' })).toHaveProperty('disabled', false);
});

it("toasts the server's reason when sending fails and keeps what was typed", async () => {
  mockApi({
    'GET /api/settings': getSettings,
    'POST /api/contact': apiError(
      429,
      'too_many_requests',
      'Terlalu banyak pesan. Coba lagi dalam 10 menit.',
    ),
  });
  const { toasts } = renderPage('/contact', <ContactPage />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Pesan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual(errorToast('Terlalu banyak pesan. Coba lagi dalam 10 menit.')),
  );
  expect(screen.getByLabelText('Nama')).toHaveProperty('value', 'Ani Wijaya');
});

it('shows field messages the server sends and a generic toast when it gives no reason', async () => {
  mockApi({
    'GET /api/settings': getSettings,
    'POST /api/contact': apiError(400, 'validation_error', '', { email: 'Email tidak valid' }),
  });
  const { toasts } = renderPage('/contact', <ContactPage />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Pesan' }));
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal mengirim pesan. Silakan coba lagi.')));
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
});
