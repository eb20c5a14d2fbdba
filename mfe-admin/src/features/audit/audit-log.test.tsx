import type { AuditEntry } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { AuditLog } from './audit-log.tsx';

afterEach(() => vi.unstubAllGlobals());

const priceChange: AuditEntry = {
  id: 2,
  user_id: 'a1',
  user_name: 'Sari Admin',
  user_email: 'admin@globalimperium.id',
  entity_type: 'product',
  entity_id: 'p1',
  action: 'update',
  before: { price: 1_599_000 },
  after: { price: 1_499_000 },
  // 10:00 WIB
  created_at: '2027-03-01T03:00:00.000Z',
};
const deletedSale: AuditEntry = {
  ...priceChange,
  id: 1,
  entity_type: 'sale',
  entity_id: 's1',
  action: 'delete',
  before: { name: 'Promo Ramadan' },
  after: null,
};

const answer =
  (items: AuditEntry[], cursors: { previousCursor?: string; nextCursor?: string } = {}) =>
  () =>
    Response.json({
      items,
      previousCursor: cursors.previousCursor ?? null,
      nextCursor: cursors.nextCursor ?? null,
    });

const render = (url = '/admin?section=audit') => renderPage('/admin', <AuditLog />, {}, url);

it('lists each change with who, when in WIB, the data, the step in Indonesian and before → after', async () => {
  mockApi({ 'GET /api/admin/audit': answer([priceChange, deletedSale]) });
  render();
  expect(screen.getByText('Memuat log aktivitas...')).toBeTruthy();
  const row = (await screen.findByRole('cell', { name: /Mengubah$/ })).closest('tr') as HTMLElement;
  expect(within(row).getByText(/WIB$/).textContent).toMatch(/10[.:]00/);
  expect(within(row).getByRole('button', { name: 'Saring aktivitas Sari Admin' })).toBeTruthy();
  expect(within(row).getByText('admin@globalimperium.id')).toBeTruthy();
  expect(within(row).getByText('Produk')).toBeTruthy();
  expect(within(row).getByText('1599000 → 1499000')).toBeTruthy();
  const removed = screen.getByRole('cell', { name: 'Menghapus' }).closest('tr') as HTMLElement;
  expect(within(removed).getByText('Promo')).toBeTruthy();
  expect(within(removed).getByText('Promo Ramadan')).toBeTruthy();
  // Read only: nothing on a row edits or deletes it.
  expect(screen.queryByRole('button', { name: /Hapus$|Edit/ })).toBeNull();
});

it('filters by data type, id, staff and WIB days, and a row sets the filters of its staff or its data', async () => {
  const fetch = mockApi({ 'GET /api/admin/audit': answer([priceChange]) });
  const { router } = render();
  await screen.findByRole('cell', { name: /Mengubah$/ });
  await userEvent.selectOptions(screen.getByLabelText('Jenis data'), 'Pesanan');
  await userEvent.type(screen.getByLabelText('ID data'), 'o1');
  await userEvent.type(screen.getByLabelText('Dari tanggal (WIB)'), '2027-03-01');
  await userEvent.type(screen.getByLabelText('Sampai tanggal (WIB)'), '2027-03-31');
  await userEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/audit').at(-1)?.url.search).toBe(
      '?entityId=o1&entityType=order&from=2027-03-01&pageSize=10&to=2027-03-31',
    ),
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Saring aktivitas Sari Admin' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/audit').at(-1)?.url.searchParams.get('userId')).toBe('a1'),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Saring riwayat Produk p1' }));
  await waitFor(() => {
    const search = callsTo(fetch, 'GET /api/admin/audit').at(-1)?.url.searchParams;
    expect([search?.get('entityType'), search?.get('entityId'), search?.get('userId')]).toEqual([
      'product',
      'p1',
      'a1',
    ]);
  });
  await userEvent.click(screen.getByRole('button', { name: 'Hapus Filter' }));
  // Back to the first answer's query (read from the cache): the address and the fields hold no filter.
  await waitFor(() => expect(router.state.location.search).toBe('?section=audit'));
  expect((screen.getByLabelText('Jenis data') as HTMLSelectElement).value).toBe('');
  expect((screen.getByLabelText('ID staf') as HTMLInputElement).value).toBe('');
});

it('steps to older and newer pages by the cursors, each end disabled', async () => {
  const fetch = mockApi({
    'GET /api/admin/audit': vi
      .fn()
      .mockImplementationOnce(answer([priceChange], { nextCursor: '2027-03-01T03:00:00.000Z~2' }))
      .mockImplementation(answer([deletedSale], { previousCursor: '2027-03-01T02:00:00.000Z~1' })),
  });
  render();
  await screen.findByRole('cell', { name: /Mengubah$/ });
  const steps = screen.getByRole('navigation', { name: 'Halaman log aktivitas' });
  expect((within(steps).getByRole('button', { name: 'Lebih Baru' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  await userEvent.click(within(steps).getByRole('button', { name: 'Lebih Lama' }));
  await screen.findByRole('cell', { name: 'Menghapus' });
  expect(callsTo(fetch, 'GET /api/admin/audit').at(-1)?.url.searchParams.get('after')).toBe(
    '2027-03-01T03:00:00.000Z~2',
  );
  const older = screen.getByRole('navigation', { name: 'Halaman log aktivitas' });
  expect((within(older).getByRole('button', { name: 'Lebih Lama' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  await userEvent.click(within(older).getByRole('button', { name: 'Lebih Baru' }));
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/admin/audit').at(-1)?.url.searchParams.get('before')).toBe(
      '2027-03-01T02:00:00.000Z~1',
    ),
  );
});

it('says when nothing matches, and offers a retry when the log fails', async () => {
  mockApi({ 'GET /api/admin/audit': answer([]) });
  render('/admin?section=audit&entityType=order');
  expect(await screen.findByText('Tidak ada aktivitas yang cocok dengan filter.')).toBeTruthy();
  expect((screen.getByLabelText('Jenis data') as HTMLSelectElement).value).toBe('order');
  vi.unstubAllGlobals();

  mockApi({ 'GET /api/admin/audit': apiError(500) });
  render();
  expect(await screen.findByText('Gagal memuat log aktivitas. Silakan coba lagi.')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Coba lagi/i })).toBeTruthy();
});
