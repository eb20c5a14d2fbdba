import type { CourierSettingsAnswer } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { CourierSettingsEditor } from './courier-settings-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const areas = {
  'GET /api/areas/provinces': () =>
    Response.json({
      items: [
        { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
        { code: '32', name: 'Jawa Barat' },
      ],
    }),
  'GET /api/areas/provinces/31/regencies': () =>
    Response.json({ items: [{ code: '31.73', name: 'Kota Administrasi Jakarta Barat' }] }),
  'GET /api/areas/regencies/31.73/districts': () =>
    Response.json({
      items: [
        { code: '31.73.01', name: 'Cengkareng' },
        { code: '31.73.05', name: 'Kebon Jeruk' },
      ],
    }),
};

const origin = {
  customerName: 'Gudang Global Imperium',
  customerPhone: '+6281234567890',
  provinceCode: '31',
  regencyCode: '31.73',
  districtCode: '31.73.05',
  postalCode: '11530',
  customerAddress: 'Jl. Panjang No. 8, Kebon Jeruk',
};

const savedAnswer: CourierSettingsAnswer = {
  settings: {
    enabled: true,
    origin,
    packagingWeightGrams: 100,
    couriers: ['jne', 'sicepat'],
    bookOnPayment: false,
  },
  configured: true,
  originArea: {
    province: { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
    regency: { code: '31.73', name: 'Kota Administrasi Jakarta Barat' },
    district: { code: '31.73.05', name: 'Kebon Jeruk' },
  },
};

it('sets up live rates from nothing: origin picked level by level, packaging and couriers, then saves', async () => {
  const fetch = mockApi({
    ...areas,
    'GET /api/admin/shipping/courier': () =>
      Response.json({ settings: null, configured: false, originArea: null }),
    'PUT /api/admin/shipping/courier': () => Response.json(savedAnswer),
  });
  const { toasts } = renderPage('/admin', <CourierSettingsEditor />);
  expect(
    await screen.findByText('Kunci API kurir belum dipasang: checkout memakai tarif zona.'),
  ).toBeTruthy();
  const enabled = screen.getByLabelText('Aktifkan tarif kurir langsung');
  expect(enabled).toHaveProperty('checked', false);
  // Every courier is offered until the admin unticks one.
  const couriers = within(screen.getByRole('group', { name: 'Kurir yang ditawarkan' }));
  expect(couriers.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  await userEvent.click(enabled);
  await userEvent.type(screen.getByLabelText('Nama Pengirim'), 'Gudang Global Imperium');
  await userEvent.type(screen.getByLabelText('Nomor Telepon Pengirim'), '0812-3456-7890');
  await userEvent.selectOptions(await screen.findByLabelText('Provinsi'), '31');
  await waitFor(() => expect(screen.getByLabelText('Kabupaten/Kota')).toHaveProperty('disabled', false));
  await userEvent.selectOptions(screen.getByLabelText('Kabupaten/Kota'), '31.73');
  await waitFor(() => expect(screen.getByLabelText('Kecamatan')).toHaveProperty('disabled', false));
  await userEvent.selectOptions(screen.getByLabelText('Kecamatan'), 'Kebon Jeruk');
  await userEvent.type(screen.getByLabelText('Kode Pos'), '11530');
  await userEvent.type(screen.getByLabelText('Alamat Penjemputan'), 'Jl. Panjang No. 8, Kebon Jeruk');
  await userEvent.click(couriers.getByLabelText('J&T Express'));
  await userEvent.click(couriers.getByLabelText('AnterAja'));
  await userEvent.click(couriers.getByLabelText('POS Indonesia'));
  // Booking on payment (decision 058): off until ticked.
  const autoBook = screen.getByLabelText('Pesan kurir otomatis setelah pembayaran dikonfirmasi');
  expect(autoBook).toHaveProperty('checked', false);
  await userEvent.click(autoBook);
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Tarif Kurir' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Tarif kurir langsung berhasil disimpan',
    }),
  );
  expect(callsTo(fetch, 'PUT /api/admin/shipping/courier')[0]?.body).toEqual({
    enabled: true,
    // The phone as couriers read it (the schema's output).
    origin,
    packagingWeightGrams: 100,
    couriers: ['jne', 'sicepat'],
    bookOnPayment: true,
  });
  await waitFor(() =>
    expect(screen.queryByText('Kunci API kurir belum dipasang: checkout memakai tarif zona.')).toBeNull(),
  );
});

it('shows the messages per field without calling the API, and the server’s word on the origin', async () => {
  const fetch = mockApi({
    ...areas,
    'GET /api/admin/shipping/courier': () => Response.json(savedAnswer),
    'PUT /api/admin/shipping/courier': apiError(400, 'Kecamatan tidak ditemukan', 'invalid_input', {
      'origin.districtCode': 'Kecamatan tidak ditemukan',
    }),
  });
  renderPage('/admin', <CourierSettingsEditor />);
  const packaging = await screen.findByLabelText('Berat kemasan (gram)');
  expect(packaging).toHaveProperty('value', '100');
  expect(screen.queryByText('Kunci API kurir belum dipasang: checkout memakai tarif zona.')).toBeNull();
  await waitFor(() => expect(screen.getByLabelText('Kecamatan')).toHaveProperty('value', '31.73.05'));
  await userEvent.clear(packaging);
  await userEvent.type(packaging, '6000');
  await userEvent.clear(screen.getByLabelText('Kode Pos'));
  await userEvent.type(screen.getByLabelText('Kode Pos'), '40132');
  const couriers = within(screen.getByRole('group', { name: 'Kurir yang ditawarkan' }));
  await userEvent.click(couriers.getByLabelText('JNE'));
  await userEvent.click(couriers.getByLabelText('SiCepat'));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Tarif Kurir' }));
  expect(screen.getByText('Berat kemasan maksimal 5.000 gram')).toBeTruthy();
  expect(screen.getByText('Kode pos tidak sesuai dengan provinsi yang dipilih')).toBeTruthy();
  expect(screen.getByText('Pilih minimal satu kurir')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/shipping/courier')).toHaveLength(0);

  await userEvent.clear(packaging);
  await userEvent.type(packaging, '150');
  await userEvent.clear(screen.getByLabelText('Kode Pos'));
  await userEvent.type(screen.getByLabelText('Kode Pos'), '11530');
  await userEvent.click(couriers.getByLabelText('JNE'));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Tarif Kurir' }));
  expect(await screen.findByText('Kecamatan tidak ditemukan', { selector: 'p[id$="-error"]' })).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/shipping/courier')[0]?.body).toMatchObject({
    packagingWeightGrams: 150,
    couriers: ['jne'],
  });
});
