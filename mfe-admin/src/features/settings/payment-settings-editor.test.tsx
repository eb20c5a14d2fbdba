import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { PaymentSettingsEditor } from './payment-settings-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored = {
  bankAccounts: [{ bank: 'BCA', accountNumber: '1234567890', holder: 'PT. Global Imperium' }],
  paymentWindowHours: 24,
  qrisImage: null,
  notificationEmail: 'pesanan@globalimperium.id',
  unpaidOrdersPerCustomer: 3,
  unpaidOrdersPerClient: 20,
};

function paymentApi() {
  let current: Record<string, unknown> = stored;
  return mockApi({
    'GET /api/admin/settings/payment': () => Response.json(current),
    'PUT /api/admin/settings/payment': (_, init) => {
      current = JSON.parse(String(init.body));
      return Response.json(current);
    },
    'POST /api/images': () => Response.json({ url: '/images/qris.png' }, { status: 201 }),
  });
}

it('adds and removes bank accounts, sets the payment window, QRIS, notification email and unpaid-order limits, and saves them', async () => {
  const fetch = paymentApi();
  const { toasts } = renderPage('/admin', <PaymentSettingsEditor />);
  const accounts = await screen.findByRole('group', { name: 'Rekening Bank' });
  expect(within(accounts).getByLabelText('Bank 1')).toHaveProperty('value', 'BCA');
  expect(within(accounts).getByRole('button', { name: 'Hapus rekening 1' })).toHaveProperty('disabled', true);

  await userEvent.click(within(accounts).getByRole('button', { name: 'Tambah Rekening' }));
  await userEvent.type(within(accounts).getByLabelText('Bank 2'), 'Mandiri');
  await userEvent.type(within(accounts).getByLabelText('Nomor Rekening 2'), '123-000-4567');
  await userEvent.type(within(accounts).getByLabelText('Atas Nama 2'), 'PT. Global Imperium');
  await userEvent.click(within(accounts).getByRole('button', { name: 'Tambah Rekening' }));
  await userEvent.click(within(accounts).getByRole('button', { name: 'Hapus rekening 3' }));
  const hours = screen.getByLabelText('Batas Waktu Pembayaran (jam)');
  await userEvent.clear(hours);
  await userEvent.type(hours, '2');
  const qris = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'qris.png', { type: 'image/png' });
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), qris);
  expect(await screen.findByRole('img', { name: 'Pratinjau Gambar QRIS (opsional)' })).toBeTruthy();
  const email = screen.getByLabelText('Email Notifikasi Toko');
  await userEvent.clear(email);
  await userEvent.type(email, 'cs@globalimperium.id');
  const perCustomer = screen.getByLabelText('Maks. Pesanan Belum Dibayar per Pelanggan');
  expect(perCustomer).toHaveProperty('value', '3');
  await userEvent.clear(perCustomer);
  await userEvent.type(perCustomer, '5');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan Pembayaran' }));

  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Pengaturan pembayaran berhasil disimpan',
    }),
  );
  expect(callsTo(fetch, 'PUT /api/admin/settings/payment')[0]?.body).toEqual({
    bankAccounts: [
      { bank: 'BCA', accountNumber: '1234567890', holder: 'PT. Global Imperium' },
      { bank: 'Mandiri', accountNumber: '1230004567', holder: 'PT. Global Imperium' },
    ],
    paymentWindowHours: 2,
    qrisImage: '/images/qris.png',
    notificationEmail: 'cs@globalimperium.id',
    unpaidOrdersPerCustomer: 5,
    unpaidOrdersPerClient: 20,
  });
});

it('shows the shared schema messages and sends nothing while a field is wrong', async () => {
  const fetch = paymentApi();
  renderPage('/admin', <PaymentSettingsEditor />);
  const accounts = await screen.findByRole('group', { name: 'Rekening Bank' });
  await userEvent.clear(within(accounts).getByLabelText('Nomor Rekening 1'));
  await userEvent.type(within(accounts).getByLabelText('Nomor Rekening 1'), '12ab');
  await userEvent.clear(screen.getByLabelText('Batas Waktu Pembayaran (jam)'));
  await userEvent.type(screen.getByLabelText('Batas Waktu Pembayaran (jam)'), '200');
  await userEvent.clear(screen.getByLabelText('Email Notifikasi Toko'));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan Pembayaran' }));
  expect(screen.getByText('Nomor rekening harus 5–30 angka')).toBeTruthy();
  expect(screen.getByText('Batas waktu pembayaran maksimal 168 jam (7 hari)')).toBeTruthy();
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/settings/payment')).toEqual([]);
});

it('takes a message away as soon as its field is right, and shows the server’s on the field it names', async () => {
  const fetch = mockApi({
    'GET /api/admin/settings/payment': () => Response.json(stored),
    'PUT /api/admin/settings/payment': () =>
      Response.json(
        {
          error: {
            code: 'invalid_input',
            message: 'Nama bank maksimal 60 karakter',
            fields: { 'bankAccounts.0.bank': 'Nama bank maksimal 60 karakter' },
          },
        },
        { status: 400 },
      ),
  });
  const { toasts } = renderPage('/admin', <PaymentSettingsEditor />);
  const accounts = await screen.findByRole('group', { name: 'Rekening Bank' });
  const number = within(accounts).getByLabelText('Nomor Rekening 1');
  const hours = screen.getByLabelText('Batas Waktu Pembayaran (jam)');
  await userEvent.clear(number);
  await userEvent.type(number, '12ab');
  await userEvent.clear(hours);
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan Pembayaran' }));
  expect(screen.getByText('Nomor rekening harus 5–30 angka')).toBeTruthy();
  expect(screen.getByText('Batas waktu pembayaran harus berupa angka')).toBeTruthy();

  // Fixing one field takes its message away; the other stays until it is fixed too.
  await userEvent.clear(number);
  await userEvent.type(number, '1234567890');
  expect(screen.queryByText('Nomor rekening harus 5–30 angka')).toBeNull();
  expect(number.getAttribute('aria-invalid')).toBeNull();
  expect(screen.getByText('Batas waktu pembayaran harus berupa angka')).toBeTruthy();
  await userEvent.type(hours, '24');
  expect(screen.queryByText('Batas waktu pembayaran harus berupa angka')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengaturan Pembayaran' }));
  await waitFor(() =>
    expect(within(accounts).getByLabelText('Bank 1').getAttribute('aria-invalid')).toBe('true'),
  );
  expect(screen.getByText('Nama bank maksimal 60 karakter')).toBeTruthy();
  expect(toasts).toContainEqual(
    expect.objectContaining({ description: 'Gagal menyimpan pengaturan pembayaran' }),
  );
  expect(callsTo(fetch, 'PUT /api/admin/settings/payment')).toHaveLength(1);
});
