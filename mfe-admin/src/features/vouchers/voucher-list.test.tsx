import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { voucher } from './fixtures.ts';
import { VoucherList } from './voucher-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = {
  ...voucher,
  id: 'vc2',
  code: 'ONGKIRGRATIS',
  kind: 'shipping' as const,
  value: 20_000,
  min_spend: 0,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: null,
  product_ids: [],
  collection_ids: [],
  variant_ids: [],
  active: true,
  uses_count: 0,
  discount_total: 0,
  sales_total: 0,
};

it('lists each code with its terms, period in WIB, uses, the discount it gave and the sales it brought', async () => {
  const fetch = mockApi({ 'GET /api/admin/vouchers': page([voucher, open], 12, 1, 10) });
  renderPage('/admin', <VoucherList />, {}, '/admin?section=vouchers&q=lebaran');
  const table = await screen.findByRole('table', { name: 'Daftar voucher' });
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(
    within(first as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    'LEBARAN251 produk · 1 koleksi · 1 ukuran',
    '25%Min. belanja Rp 200.000',
    '20 Maret 2027 pukul 00.00 – 5 April 2027 pukul 23.59',
    '3 / 5001× per pelanggan',
    'Rp 75.000',
    'Rp 1.200.000',
    'Nonaktif',
    'EditAktifkanHapus',
  ]);
  expect(
    within(second as HTMLElement)
      .getAllByRole('cell')
      .slice(0, 4)
      .map((cell) => cell.textContent),
  ).toEqual(['ONGKIRGRATISSemua produk', 'Ongkir s.d. Rp 20.000', 'Sejak dibuat – tanpa batas', '0 / ∞']);
  expect(screen.getByText('Menampilkan 1–10 dari 12 data')).toBeTruthy();
  expect(callsTo(fetch, 'GET /api/admin/vouchers')[0]?.url.search).toBe('?page=1&pageSize=10&q=lebaran');
});

it('turns a code off and on with PATCH, and says when a used code was deactivated instead of deleted', async () => {
  const fetch = mockApi({
    'GET /api/admin/vouchers': page([voucher, open]),
    'PATCH /api/admin/vouchers/vc2': () => Response.json({ ...open, active: false }),
    'DELETE /api/admin/vouchers/vc1': () => Response.json({ deleted: false }),
  });
  vi.stubGlobal('confirm', () => true);
  const { toasts } = renderPage('/admin', <VoucherList />, {}, '/admin?section=vouchers');
  await userEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan ONGKIRGRATIS' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Voucher dinonaktifkan' }));
  expect(callsTo(fetch, 'PATCH /api/admin/vouchers/vc2')[0]?.body).toEqual({ active: false });
  await userEvent.click(screen.getByRole('button', { name: 'Hapus LEBARAN25' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Voucher dinonaktifkan',
      description: 'Sudah dipakai pesanan, jadi tidak dihapus',
    }),
  );
  expect(callsTo(fetch, 'DELETE /api/admin/vouchers/vc1')).toHaveLength(1);
  // Both changes read the list again.
  expect(callsTo(fetch, 'GET /api/admin/vouchers').length).toBeGreaterThanOrEqual(3);
});

it('asks before deleting and sends nothing when the admin declines', async () => {
  const fetch = mockApi({ 'GET /api/admin/vouchers': page([open]) });
  vi.stubGlobal('confirm', () => false);
  renderPage('/admin', <VoucherList />, {}, '/admin?section=vouchers');
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus ONGKIRGRATIS' }));
  expect(callsTo(fetch, 'DELETE /api/admin/vouchers/vc2')).toHaveLength(0);
});

it('says so when there is no voucher yet', async () => {
  mockApi({ 'GET /api/admin/vouchers': page([]) });
  renderPage('/admin', <VoucherList />, {}, '/admin?section=vouchers');
  expect(await screen.findByText('Belum ada voucher.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Buat Kode Massal' }).getAttribute('href')).toBe(
    '/admin?section=bulk-vouchers',
  );
});
