import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { ServiceEditor } from './service-editor.tsx';
import { ServiceForm } from './service-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored = {
  id: 's1',
  title: 'Paket rusak',
  description: 'Botol retak saat diterima',
  category: 'complaint',
  priority: 'high',
  status: 'pending',
  file_url: null,
  created_at: '',
  updated_at: '',
};

it('requires a title and starts with the spec defaults', async () => {
  const fetch = mockApi({});
  renderPage('/admin', <ServiceForm onSaved={() => {}} onCancel={() => {}} />);
  expect(screen.getByLabelText('Kategori')).toHaveProperty('value', 'general');
  expect(screen.getByLabelText('Prioritas')).toHaveProperty('value', 'medium');
  expect(screen.getByLabelText('Status')).toHaveProperty('value', 'active');
  expect(screen.getByRole('option', { name: 'Selesai' })).toHaveProperty('value', 'resolved');
  expect(screen.getByRole('option', { name: 'Ditutup' })).toHaveProperty('value', 'closed');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Data' }));
  expect(screen.getByText('Judul harus diisi')).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
});

it("creates a record with an uploaded attachment and toasts 'Berhasil'", async () => {
  const fetch = mockApi({
    'POST /api/images': () => Response.json({ url: '/images/bukti.webp' }, { status: 201 }),
    'POST /api/admin/customer-service': (_, init) =>
      Response.json({ ...stored, ...JSON.parse(String(init.body)) }, { status: 201 }),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <ServiceForm onSaved={onSaved} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Judul'), 'Tagihan ganda');
  await userEvent.selectOptions(screen.getByLabelText('Kategori'), 'billing');
  await userEvent.selectOptions(screen.getByLabelText('Prioritas'), 'urgent');
  await userEvent.upload(
    screen.getByLabelText('Pilih gambar'),
    new File([new Uint8Array([1])], 'bukti.webp', { type: 'image/webp' }),
  );
  expect(await screen.findByLabelText('atau URL gambar')).toHaveProperty('value', '/images/bukti.webp');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Data' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Data layanan pelanggan berhasil dibuat',
    }),
  );
  expect(callsTo(fetch, 'POST /api/admin/customer-service')[0]?.body).toEqual({
    title: 'Tagihan ganda',
    description: '',
    category: 'billing',
    priority: 'urgent',
    status: 'active',
    file_url: '/images/bukti.webp',
  });
  expect(onSaved).toHaveBeenCalled();
});

it("toasts 'Gagal membuat data layanan pelanggan' when creating fails", async () => {
  mockApi({ 'POST /api/admin/customer-service': apiError(500) });
  const { toasts } = renderPage('/admin', <ServiceForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Judul'), 'Tagihan ganda');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Data' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal membuat data layanan pelanggan',
      variant: 'destructive',
    }),
  );
});

it('edits a record with its stored values, then toasts success or failure', async () => {
  let fail = false;
  const fetch = mockApi({
    'GET /api/admin/customer-service/s1': () => Response.json(stored),
    'PUT /api/admin/customer-service/s1': (_, init) =>
      fail ? apiError(500)() : Response.json({ ...stored, ...JSON.parse(String(init.body)) }),
  });
  const onDone = vi.fn();
  const { toasts } = renderPage('/admin', <ServiceEditor id="s1" onDone={onDone} />);
  expect(await screen.findByLabelText('Judul')).toHaveProperty('value', 'Paket rusak');
  expect(screen.getByLabelText('Kategori')).toHaveProperty('value', 'complaint');
  expect(screen.getByLabelText('Status')).toHaveProperty('value', 'pending');
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'resolved');
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Data' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Data layanan pelanggan berhasil diupdate',
    }),
  );
  expect(callsTo(fetch, 'PUT /api/admin/customer-service/s1')[0]?.body).toMatchObject({ status: 'resolved' });
  expect(onDone).toHaveBeenCalledTimes(1);

  fail = true;
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Data' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal mengupdate data layanan pelanggan',
      variant: 'destructive',
    }),
  );
});
