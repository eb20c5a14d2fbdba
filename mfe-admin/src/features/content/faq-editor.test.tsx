import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { FaqEditor } from './faq-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const entries = [
  { id: 'f1', question: 'Berapa lama pengiriman?', answer: 'Jabodetabek 2-5 hari kerja.' },
  { id: 'f2', question: 'Apakah parfum asli?', answer: 'Ya, buatan kami sendiri.' },
];

it('requires both question and answer before calling the API', async () => {
  const fetch = mockApi({ 'GET /api/content/faq': () => Response.json({ items: entries }) });
  renderPage('/admin', <FaqEditor />);
  const add = screen.getByRole('region', { name: 'Tambah FAQ' });
  await userEvent.type(within(add).getByLabelText('Pertanyaan'), '   ');
  await userEvent.click(within(add).getByRole('button', { name: 'Tambah FAQ' }));
  expect(within(add).getByText('Pertanyaan harus diisi')).toBeTruthy();
  expect(within(add).getByText('Jawaban harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/content/faq')).toHaveLength(0);
});

it('refuses a pasted control character with a clear message, before calling the API', async () => {
  const fetch = mockApi({ 'GET /api/content/faq': () => Response.json({ items: entries }) });
  renderPage('/admin', <FaqEditor />);
  const add = screen.getByRole('region', { name: 'Tambah FAQ' });
  await userEvent.click(within(add).getByLabelText('Pertanyaan'));
  await userEvent.paste('Apa\u0000 itu?');
  // The answer is a text area: its newlines are fine.
  await userEvent.type(within(add).getByLabelText('Jawaban'), 'Baris satu.{Enter}Baris dua.');
  await userEvent.click(within(add).getByRole('button', { name: 'Tambah FAQ' }));
  expect(within(add).getByText('Teks mengandung karakter yang tidak diizinkan')).toBeTruthy();
  expect(within(add).queryAllByText('Teks mengandung karakter yang tidak diizinkan')).toHaveLength(1);
  expect(callsTo(fetch, 'POST /api/content/faq')).toHaveLength(0);
});

it('lists, adds, edits and deletes entries', async () => {
  let items = [...entries];
  const fetch = mockApi({
    'GET /api/content/faq': () => Response.json({ items }),
    'POST /api/content/faq': (_, init) => {
      const entry = { id: 'f3', ...JSON.parse(String(init.body)) };
      items = [...items, entry];
      return Response.json(entry, { status: 201 });
    },
    'PUT /api/content/faq/f1': (_, init) => {
      const entry = { id: 'f1', ...JSON.parse(String(init.body)) };
      items = items.map((e) => (e.id === 'f1' ? entry : e));
      return Response.json(entry);
    },
    'DELETE /api/content/faq/f2': () => {
      items = items.filter((e) => e.id !== 'f2');
      return Response.json({ ok: true });
    },
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { toasts } = renderPage('/admin', <FaqEditor />);
  expect(screen.getByRole('status').textContent).toBe('Memuat FAQ...');
  expect(await screen.findByRole('heading', { name: 'Berapa lama pengiriman?' })).toBeTruthy();

  const add = screen.getByRole('region', { name: 'Tambah FAQ' });
  await userEvent.type(within(add).getByLabelText('Pertanyaan'), 'Bisa kirim ke luar negeri?');
  await userEvent.type(within(add).getByLabelText('Jawaban'), 'Saat ini hanya ke seluruh Indonesia.');
  await userEvent.click(within(add).getByRole('button', { name: 'Tambah FAQ' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'FAQ berhasil ditambahkan' }));
  expect(callsTo(fetch, 'POST /api/content/faq')[0]?.body).toEqual({
    question: 'Bisa kirim ke luar negeri?',
    answer: 'Saat ini hanya ke seluruh Indonesia.',
  });
  expect(await screen.findByRole('heading', { name: 'Bisa kirim ke luar negeri?' })).toBeTruthy();
  expect(within(add).getByLabelText('Pertanyaan')).toHaveProperty('value', '');

  await userEvent.click(screen.getByRole('button', { name: 'Edit FAQ: Berapa lama pengiriman?' }));
  const list = screen.getByRole('region', { name: 'Daftar FAQ' });
  const answer = within(list).getByLabelText('Jawaban');
  await userEvent.clear(answer);
  await userEvent.type(answer, 'Jabodetabek 1-2 hari kerja.');
  await userEvent.click(within(list).getByRole('button', { name: 'Simpan Perubahan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'FAQ berhasil diperbarui' }));
  expect(await screen.findByText('Jabodetabek 1-2 hari kerja.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Hapus FAQ: Apakah parfum asli?' }));
  expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus FAQ ini?');
  await waitFor(() => expect(toasts).toContainEqual({ title: 'FAQ berhasil dihapus' }));
  await waitFor(() => expect(screen.queryByText('Apakah parfum asli?')).toBeNull());
});

it('shows the empty and error states', async () => {
  mockApi({ 'GET /api/content/faq': () => Response.json({ items: [] }) });
  const empty = renderPage('/admin', <FaqEditor />);
  expect(await screen.findByText('Belum ada FAQ.')).toBeTruthy();
  empty.unmount();

  mockApi({ 'GET /api/content/faq': apiError(500) });
  const { toasts } = renderPage('/admin', <FaqEditor />);
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  expect(toasts).toContainEqual({ title: 'Error', description: 'Gagal memuat FAQ', variant: 'destructive' });
});
