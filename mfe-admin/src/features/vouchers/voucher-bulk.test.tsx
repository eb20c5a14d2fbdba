import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { pickerRoutes } from './fixtures.ts';
import { VoucherBulk } from './voucher-bulk.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const codes = ['RINA-ABCD2345', 'RINA-EFGH6789', 'RINA-JKLM2345', 'RINA-NPQR6789', 'RINA-STUV2345'];
const field = (label: string) => screen.getByLabelText(label);

it("checks the prefix and the count with the API's messages", async () => {
  const fetch = mockApi(pickerRoutes);
  renderPage('/admin', <VoucherBulk onCancel={() => {}} />);
  await userEvent.type(field('Awalan Kode'), 'r');
  await userEvent.type(field('Jumlah Kode'), '501');
  await userEvent.type(field('Nilai'), '25000');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Kode' }));
  expect(screen.getByText('Awalan kode 2–12 huruf atau angka')).toBeTruthy();
  expect(screen.getByText('Maksimal 500 kode sekali buat')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/vouchers/bulk')).toHaveLength(0);
});

it('makes 5 single-use codes and shows them to copy or download as CSV', async () => {
  const fetch = mockApi({
    ...pickerRoutes,
    'POST /api/admin/vouchers/bulk': () => Response.json({ codes }, { status: 201 }),
  });
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:kode';
      },
      revokeObjectURL: () => {},
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const { toasts } = renderPage('/admin', <VoucherBulk onCancel={() => {}} />);
  await userEvent.type(field('Awalan Kode'), 'rina');
  await userEvent.type(field('Jumlah Kode'), '5');
  await userEvent.selectOptions(field('Jenis'), 'fixed');
  await userEvent.type(field('Nilai'), '25000');
  await userEvent.type(field('Belanja Minimum (Rp)'), '150000');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Kode' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Kode voucher berhasil dibuat' }));
  expect(callsTo(fetch, 'POST /api/admin/vouchers/bulk')[0]?.body).toEqual({
    prefix: 'RINA',
    count: 5,
    kind: 'fixed',
    value: 25_000,
    minSpend: 150_000,
    startsAt: null,
    endsAt: null,
    productIds: [],
    collectionIds: [],
    variantIds: [],
    combinesWithSale: true,
  });
  expect(screen.getByRole('heading', { name: '5 kode sekali pakai dibuat' })).toBeTruthy();
  expect(field('Kode yang dibuat')).toHaveProperty('value', codes.join('\n'));

  await userEvent.click(screen.getByRole('button', { name: 'Salin Semua Kode' }));
  expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Kode disalin', description: '5 kode disalin ke clipboard' }),
  );

  await userEvent.click(screen.getByRole('button', { name: 'Unduh CSV' }));
  expect(click).toHaveBeenCalled();
  expect(await blobs[0]?.text()).toBe(`kode\n${codes.join('\n')}\n`);
});
