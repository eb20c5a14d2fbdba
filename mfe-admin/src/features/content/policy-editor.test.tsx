import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { PolicyEditor } from './policy-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

it('edits the stored text and saves it with PUT', async () => {
  const fetch = mockApi({
    'GET /api/content/policies/privacy-policy': () =>
      Response.json({
        kind: 'privacy-policy',
        title: 'Kebijakan Privasi',
        content: 'Data Anda aman.',
        updated_at: '2026-11-21T03:05:00.000Z',
      }),
    'PUT /api/content/policies/privacy-policy': (_, init) =>
      Response.json({ kind: 'privacy-policy', title: 'Kebijakan Privasi', ...JSON.parse(String(init.body)) }),
  });
  const { toasts } = renderPage('/admin', <PolicyEditor kind="privacy-policy" />);
  const text = await screen.findByLabelText('Isi Kebijakan Privasi');
  expect(text).toHaveProperty('value', 'Data Anda aman.');
  expect(screen.getByText('Terakhir diperbarui 21 November 2026 pukul 10.05.')).toBeTruthy();
  await userEvent.type(text, ' Kami tidak menjual data.');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Berhasil', description: 'Kebijakan Privasi berhasil disimpan' }),
  );
  expect(callsTo(fetch, 'PUT /api/content/policies/privacy-policy')[0]?.body).toEqual({
    content: 'Data Anda aman. Kami tidak menjual data.',
  });
});

it('offers an empty editor for a policy without a record, which saving creates', async () => {
  const fetch = mockApi({
    'GET /api/content/policies/returns-policy': apiError(404, 'Data tidak ditemukan', 'not_found'),
    'PUT /api/content/policies/returns-policy': (_, init) =>
      Response.json({
        kind: 'returns-policy',
        title: 'Kebijakan Pengembalian',
        ...JSON.parse(String(init.body)),
      }),
  });
  renderPage('/admin', <PolicyEditor kind="returns-policy" />);
  expect(
    await screen.findByText('Belum ada teks. Menyimpan akan membuat Kebijakan Pengembalian.'),
  ).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(screen.getByText('Isi kebijakan harus diisi')).toBeTruthy();
  await userEvent.type(
    screen.getByLabelText('Isi Kebijakan Pengembalian'),
    'Maksimal 7 hari setelah diterima.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/content/policies/returns-policy')).toHaveLength(1));
});

it('shows the error state and toasts when saving fails', async () => {
  mockApi({
    'GET /api/content/policies/terms-conditions': () =>
      Response.json({
        kind: 'terms-conditions',
        title: 'Syarat & Ketentuan',
        content: 'Isi',
        updated_at: '2026-11-21T03:05:00.000Z',
      }),
    'PUT /api/content/policies/terms-conditions': apiError(500),
  });
  const { toasts } = renderPage('/admin', <PolicyEditor kind="terms-conditions" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menyimpan Syarat & Ketentuan',
      variant: 'destructive',
    }),
  );
});
