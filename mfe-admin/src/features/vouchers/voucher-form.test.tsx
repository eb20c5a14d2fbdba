import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { detail, pickerRoutes } from './fixtures.ts';
import { VoucherEditor } from './voucher-editor.tsx';
import { VoucherForm } from './voucher-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label);
const save = (name = 'Simpan Voucher') => userEvent.click(screen.getByRole('button', { name }));

it("checks the fields with the API's messages before sending anything", async () => {
  const fetch = mockApi(pickerRoutes);
  renderPage('/admin', <VoucherForm onSaved={() => {}} onCancel={() => {}} />);
  await save();
  expect(screen.getByText('Kode voucher harus diisi')).toBeTruthy();
  expect(screen.getByText('Nilai voucher harus angka')).toBeTruthy();
  await userEvent.type(field('Kode Voucher'), 'HEMAT');
  await userEvent.type(field('Nilai'), '150');
  fireEvent.change(field('Mulai (WIB)'), { target: { value: '2027-03-20T00:00' } });
  fireEvent.change(field('Berakhir (WIB)'), { target: { value: '2027-03-19T23:00' } });
  await save();
  expect(await screen.findByText('Persentase maksimal 100')).toBeTruthy();
  expect(screen.getByText('Waktu berakhir harus setelah waktu mulai')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/vouchers')).toHaveLength(0);
});

it('creates a voucher with every field, its period entered in WIB and sent with the offset, and its targets', async () => {
  const fetch = mockApi({
    ...pickerRoutes,
    'POST /api/admin/vouchers': () => Response.json(detail, { status: 201 }),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <VoucherForm onSaved={onSaved} onCancel={() => {}} />);
  await userEvent.type(field('Kode Voucher'), 'lebaran25');
  await userEvent.selectOptions(field('Jenis'), 'fixed');
  await userEvent.type(field('Nilai'), '25000');
  await userEvent.type(field('Belanja Minimum (Rp)'), '200000');
  fireEvent.change(field('Mulai (WIB)'), { target: { value: '2027-03-20T00:00' } });
  fireEvent.change(field('Berakhir (WIB)'), { target: { value: '2027-04-05T23:59' } });
  await userEvent.type(field('Batas Pemakaian Total'), '500');
  await userEvent.type(field('Batas per Pelanggan'), '1');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Koleksi Unggulan' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Ukuran Citrus Breeze 100 ml' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Oud Royale (semua ukuran)' }));
  const chosen = screen.getByRole('list', { name: 'Target terpilih' });
  expect(
    within(chosen)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Koleksi Koleksi Unggulan×', 'Oud Royale×', 'Citrus Breeze 100 ml×']);
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Berlaku juga untuk produk yang sedang promo' }),
  );
  await save();
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Voucher berhasil dibuat' }));
  expect(callsTo(fetch, 'POST /api/admin/vouchers')[0]?.body).toEqual({
    code: 'LEBARAN25',
    kind: 'fixed',
    value: 25_000,
    minSpend: 200_000,
    startsAt: '2027-03-19T17:00:00.000Z',
    endsAt: '2027-04-05T16:59:00.000Z',
    usageLimit: 500,
    perCustomerLimit: 1,
    productIds: ['p1'],
    collectionIds: ['c1'],
    variantIds: ['v3'],
    combinesWithSale: false,
    active: true,
  });
  expect(onSaved).toHaveBeenCalled();
});

it("shows the server's refusal of a code already taken under 'Kode Voucher'", async () => {
  mockApi({
    ...pickerRoutes,
    'POST /api/admin/vouchers': apiError(
      409,
      'Kode voucher ini sudah dipakai voucher lain',
      'voucher_code_taken',
      {
        code: 'Kode voucher ini sudah dipakai voucher lain',
      },
    ),
  });
  const { toasts } = renderPage('/admin', <VoucherForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(field('Kode Voucher'), 'HEMAT10');
  await userEvent.type(field('Nilai'), '10');
  await save();
  expect(await screen.findByText('Kode voucher ini sudah dipakai voucher lain')).toBeTruthy();
  expect(field('Kode Voucher').getAttribute('aria-invalid')).toBe('true');
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Gagal membuat voucher',
    variant: 'destructive',
  });
});

it('edits a voucher read with its named targets and WIB period, and replaces it whole with PUT', async () => {
  const fetch = mockApi({
    ...pickerRoutes,
    'GET /api/admin/vouchers/vc1': () => Response.json(detail),
    'PUT /api/admin/vouchers/vc1': () => Response.json(detail),
  });
  const onDone = vi.fn();
  const { toasts } = renderPage('/admin', <VoucherEditor id="vc1" onDone={onDone} />);
  expect(await screen.findByLabelText('Kode Voucher')).toHaveProperty('value', 'LEBARAN25');
  expect(field('Mulai (WIB)')).toHaveProperty('value', '2027-03-20T00:00');
  expect(field('Berakhir (WIB)')).toHaveProperty('value', '2027-04-05T23:59');
  expect(field('Batas Pemakaian Total')).toHaveProperty('value', '500');
  expect(screen.getByRole('checkbox', { name: 'Aktif (kode bisa dipakai saat checkout)' })).toHaveProperty(
    'checked',
    false,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Hapus target Oud Royale' }));
  expect(screen.getByRole('button', { name: 'Hapus target Citrus Breeze 30 ml' })).toBeTruthy();
  await userEvent.clear(field('Batas Pemakaian Total'));
  await save('Perbarui Voucher');
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Voucher berhasil diperbarui' }));
  expect(callsTo(fetch, 'PUT /api/admin/vouchers/vc1')[0]?.body).toEqual({
    code: 'LEBARAN25',
    kind: 'percent',
    value: 25,
    minSpend: 200_000,
    startsAt: '2027-03-19T17:00:00.000Z',
    endsAt: '2027-04-05T16:59:00.000Z',
    usageLimit: null,
    perCustomerLimit: 1,
    productIds: [],
    collectionIds: ['c1'],
    variantIds: ['v2'],
    combinesWithSale: false,
    active: false,
  });
  expect(onDone).toHaveBeenCalled();
});
