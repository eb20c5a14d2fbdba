import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { ServiceList } from './service-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const record = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: 'Nama: Ani\nEmail: ani@contoh.id\n\nApakah ada ukuran 30 ml?',
  category: 'general',
  priority: 'medium',
  status: 'active',
  file_url: null,
  created_at: '2026-11-21T03:05:00.000Z',
  updated_at: '2026-11-21T03:05:00.000Z',
  ...extra,
});

it('lists the records, contact-form messages among them, with Indonesian labels', async () => {
  mockApi({
    'GET /api/admin/customer-service': page([
      record('s1', 'Pesan kontak: Ukuran botol'),
      record('s2', 'Paket rusak', {
        category: 'complaint',
        priority: 'urgent',
        status: 'resolved',
        file_url: '/images/bukti.webp',
      }),
    ]),
  });
  renderPage('/admin?section=customer-service', <ServiceList />);
  expect(screen.getByRole('status').textContent).toBe('Memuat data layanan pelanggan...');
  const table = await screen.findByRole('table', { name: 'Data layanan pelanggan' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1] as HTMLElement).getByText('Pesan kontak: Ukuran botol')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('Umum')).toBeTruthy();
  const second = rows[2] as HTMLElement;
  expect(within(second).getByText('Keluhan')).toBeTruthy();
  expect(within(second).getByText('Mendesak')).toBeTruthy();
  expect(within(second).getByText('Selesai')).toBeTruthy();
  expect(within(second).getByRole('link', { name: 'Lihat lampiran' }).getAttribute('href')).toBe(
    '/images/bukti.webp',
  );
  expect(within(second).getByRole('link', { name: 'Edit Paket rusak' }).getAttribute('href')).toBe(
    '/admin?section=edit-customer-service&id=s2',
  );
});

it('filters by status, category and priority and searches on the server, and resets to the unfiltered list', async () => {
  const fetch = mockApi({ 'GET /api/admin/customer-service': page([record('s1', 'Pertanyaan')]) });
  const { router } = renderPage('/admin?section=customer-service', <ServiceList />);
  await screen.findByRole('table');
  expect(screen.getByRole('button', { name: 'Reset Filter' })).toHaveProperty('disabled', true);
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
  await userEvent.selectOptions(screen.getByLabelText('Kategori'), 'billing');
  await userEvent.selectOptions(screen.getByLabelText('Prioritas'), 'high');
  await userEvent.type(screen.getByLabelText('Cari data'), 'botol{Enter}');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/customer-service').at(-1)?.url.search).toBe(
      '?category=billing&page=1&pageSize=10&priority=high&q=botol&status=closed',
    ),
  );
  const calls = callsTo(fetch, 'GET /api/admin/customer-service').length;
  await userEvent.click(screen.getByRole('button', { name: 'Reset Filter' }));
  await waitFor(() => expect(router.state.location.search).toBe('?section=customer-service'));
  // The unfiltered list was read at the start and is still fresh (the shop's 5-minute stale time).
  expect(callsTo(fetch, 'GET /api/admin/customer-service')).toHaveLength(calls);
  expect(screen.getByRole('table')).toBeTruthy();
  expect(screen.getByLabelText('Cari data')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Status')).toHaveProperty('value', '');
});

it("shows the empty state, and 'Gagal memuat data layanan pelanggan' as toast and text on failure", async () => {
  mockApi({ 'GET /api/admin/customer-service': page([]) });
  const empty = renderPage('/admin?section=customer-service', <ServiceList />);
  expect(await screen.findByText('Belum ada data layanan pelanggan.')).toBeTruthy();
  empty.unmount();

  mockApi({ 'GET /api/admin/customer-service': apiError(500) });
  const { toasts } = renderPage('/admin?section=customer-service', <ServiceList />);
  expect(await screen.findByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal memuat data layanan pelanggan',
    variant: 'destructive',
  });
});

it("deletes after 'Apakah Anda yakin ingin menghapus data ini?' with its toasts", async () => {
  mockApi({
    'GET /api/admin/customer-service': page([record('s1', 'Pertanyaan'), record('s2', 'Keluhan')]),
    'DELETE /api/admin/customer-service/s1': () => Response.json({ ok: true }),
    'DELETE /api/admin/customer-service/s2': apiError(500),
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { toasts } = renderPage('/admin?section=customer-service', <ServiceList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus Pertanyaan' }));
  expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus data ini?');
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Data layanan pelanggan berhasil dihapus',
    }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Hapus Keluhan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menghapus data layanan pelanggan',
      variant: 'destructive',
    }),
  );
});
