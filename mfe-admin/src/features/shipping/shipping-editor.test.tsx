import { type ShippingConfig, ZONES_REQUIRED } from '@gi/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { ShippingEditor } from './shipping-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const config: ShippingConfig = {
  zones: [
    {
      id: 'z1',
      name: 'Jabodetabek',
      areas: [
        { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
        { code: '32.76', name: 'Kota Depok' },
      ],
      services: [
        { id: 's1', name: 'Reguler', baseFee: 15_000, perItemFee: 2_000, etaMinDays: 1, etaMaxDays: 2 },
        { id: 's2', name: 'Kilat', baseFee: 25_000, perItemFee: 3_000, etaMinDays: 1, etaMaxDays: 1 },
      ],
    },
  ],
  freeShippingThreshold: null,
};

const provinces = () =>
  Response.json({
    items: [
      { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
      { code: '32', name: 'Jawa Barat' },
    ],
  });

it('edits a fee, a province and the free-shipping threshold and saves the whole setup', async () => {
  const fetch = mockApi({
    'GET /api/shipping': () => Response.json(config),
    'GET /api/areas/provinces': provinces,
    'PUT /api/admin/shipping': () => Response.json(config),
  });
  const { toasts } = renderPage('/admin', <ShippingEditor />);
  const fee = await screen.findByLabelText('Ongkir layanan 2 zona 1');
  expect(fee).toHaveProperty('value', '25000');
  expect(screen.getByLabelText('Kode Kabupaten/Kota (opsional)')).toHaveProperty('value', '32.76');
  await userEvent.clear(fee);
  await userEvent.type(fee, '30000');
  await userEvent.click(screen.getByText(/Provinsi \(1 dipilih\)/));
  await userEvent.click(screen.getByLabelText('Jawa Barat'));
  await userEvent.type(screen.getByLabelText(/Gratis ongkir/), '1000000');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengiriman' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Pengaturan pengiriman berhasil disimpan',
    }),
  );
  // Zones and services keep their ids, so quotes shoppers hold stay valid (decision 025).
  expect(callsTo(fetch, 'PUT /api/admin/shipping')[0]?.body).toEqual({
    zones: [
      {
        id: 'z1',
        name: 'Jabodetabek',
        areaCodes: ['31', '32', '32.76'],
        services: [
          { id: 's1', name: 'Reguler', baseFee: 15_000, perItemFee: 2_000, etaMinDays: 1, etaMaxDays: 2 },
          { id: 's2', name: 'Kilat', baseFee: 30_000, perItemFee: 3_000, etaMinDays: 1, etaMaxDays: 1 },
        ],
      },
    ],
    freeShippingThreshold: 1_000_000,
  });
});

it('shows the Indonesian message of a bad estimate and does not save', async () => {
  const fetch = mockApi({
    'GET /api/shipping': () => Response.json(config),
    'GET /api/areas/provinces': provinces,
  });
  renderPage('/admin', <ShippingEditor />);
  const max = await screen.findByLabelText('Estimasi maks layanan 1 zona 1');
  await userEvent.clear(max);
  await userEvent.type(max, '0');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengiriman' }));
  expect(await screen.findByText('Estimasi maksimal tidak boleh kurang dari minimal')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/shipping')).toEqual([]);
});

it('refuses to save a setup without zones: checkout would have nothing to fall back on', async () => {
  const fetch = mockApi({
    'GET /api/shipping': () => Response.json(config),
    'GET /api/areas/provinces': provinces,
  });
  renderPage('/admin', <ShippingEditor />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus Zona' }));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengiriman' }));
  expect((await screen.findByRole('alert')).textContent).toBe(ZONES_REQUIRED);
  expect(callsTo(fetch, 'PUT /api/admin/shipping')).toEqual([]);
});

it("after a refused save each message follows its field: the schema's as soon as it is valid, the server's when it changes", async () => {
  const unknownArea = {
    error: {
      code: 'invalid_input',
      message: 'Wilayah tidak ditemukan',
      fields: { 'zones.0.areaCodes.1': 'Wilayah tidak ditemukan' },
    },
  };
  mockApi({
    'GET /api/shipping': () => Response.json(config),
    'GET /api/areas/provinces': provinces,
    'PUT /api/admin/shipping': () => Response.json(unknownArea, { status: 400 }),
  });
  renderPage('/admin', <ShippingEditor />);
  const max = await screen.findByLabelText('Estimasi maks layanan 1 zona 1');
  await userEvent.clear(max);
  await userEvent.type(max, '0');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengiriman' }));
  expect(await screen.findByText('Estimasi maksimal tidak boleh kurang dari minimal')).toBeTruthy();
  await userEvent.type(max, '3');
  expect(screen.queryByText('Estimasi maksimal tidak boleh kurang dari minimal')).toBeNull();
  expect(max.getAttribute('aria-invalid')).toBeNull();

  const regencies = screen.getByLabelText('Kode Kabupaten/Kota (opsional)');
  await userEvent.clear(regencies);
  await userEvent.type(regencies, '32.99');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Pengiriman' }));
  expect(await screen.findByText('Wilayah tidak ditemukan', { selector: 'p' })).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Nama Zona'), ' Raya');
  expect(screen.getByText('Wilayah tidak ditemukan', { selector: 'p' })).toBeTruthy();
  await userEvent.clear(regencies);
  await userEvent.type(regencies, '32.76');
  expect(screen.queryByText('Wilayah tidak ditemukan', { selector: 'p' })).toBeNull();
});
