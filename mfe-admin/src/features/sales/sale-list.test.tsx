import type { Sale } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { SaleList } from './sale-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const sale: Sale = {
  id: 's1',
  name: 'Promo Ramadan',
  kind: 'percent',
  value: 20,
  starts_at: '2027-03-01T00:00:00.000Z',
  ends_at: '2027-03-31T17:00:00.000Z',
  product_ids: [],
  collection_ids: [],
  variant_ids: [],
  created_at: '2027-02-20T00:00:00.000Z',
  updated_at: '2027-02-20T00:00:00.000Z',
};

it('says it is loading, then lists each sale with its cut and its period in WIB', async () => {
  mockApi({ 'GET /api/admin/sales': page([sale]) });
  renderPage('/admin', <SaleList />, {}, '/admin?section=sales');
  expect(screen.getByText('Memuat promo...')).toBeTruthy();
  const row = (await screen.findByRole('cell', { name: 'Promo Ramadan' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('20%')).toBeTruthy();
  expect(within(row).getAllByText(/WIB$/)).toHaveLength(2);
});

it('offers the first sale when there is none, and a retry when the list fails', async () => {
  mockApi({ 'GET /api/admin/sales': page([]) });
  renderPage('/admin', <SaleList />, {}, '/admin?section=sales');
  expect(await screen.findByText('Belum ada promo.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Tambah Promo Pertama' })).toBeTruthy();
  vi.unstubAllGlobals();

  mockApi({ 'GET /api/admin/sales': apiError(500) });
  renderPage('/admin', <SaleList />, {}, '/admin?section=sales&q=x');
  expect(await screen.findByText('Gagal memuat promo. Silakan coba lagi.')).toBeTruthy();
});

it('deletes a sale after the confirmation, toasts and reads the list again', async () => {
  const fetch = mockApi({
    'GET /api/admin/sales': vi
      .fn()
      .mockImplementationOnce(page([sale]))
      .mockImplementation(page([])),
    'DELETE /api/admin/sales/s1': () => new Response(null, { status: 204 }),
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { toasts } = renderPage('/admin', <SaleList />, {}, '/admin?section=sales');
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus Promo Ramadan' }));
  expect(confirm).toHaveBeenCalledWith('Hapus promo Promo Ramadan? Harga kembali normal saat itu juga.');
  // The row leaves the refreshed list; the toast is raised all the same.
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Promo berhasil dihapus' }));
  await screen.findByText('Belum ada promo.');
  expect(callsTo(fetch, 'DELETE /api/admin/sales/s1')).toHaveLength(1);
});
