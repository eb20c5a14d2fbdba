import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { CourierSettingsAnswer, CourierSettingsInput } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, shopRequest } from '../../test/helpers.ts';
import app from '../index.ts';

// The admin's live-rate setup (decision 032): GET/PUT /api/admin/shipping/courier.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const PATH = '/api/admin/shipping/courier';

/** A warehouse in Kebon Jeruk, Jakarta Barat. */
const settings: CourierSettingsInput = {
  enabled: true,
  origin: {
    customerName: 'Gudang Global Imperium',
    customerPhone: '0812-3456-7890',
    provinceCode: '31',
    regencyCode: '31.73',
    districtCode: '31.73.05',
    postalCode: '11530',
    customerAddress: 'Jl. Panjang No. 8, Kebon Jeruk',
  },
  packagingWeightGrams: 100,
  couriers: ['jne', 'sicepat', 'pos'],
};

const put = (cookie: string, json: unknown) => call(PATH, { method: 'PUT', cookie, json });

/** GET with the aggregator's key set, as a deployment with the secret runs. */
async function readWithKey(cookie: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    shopRequest(PATH, { cookie }),
    { ...env, BITESHIP_API_KEY: 'biteship_uji_rahasia' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('the courier settings', () => {
  it('are null until saved, then read back with the origin’s area names; the key never leaves', async () => {
    const { cookie } = await createUser('admin');
    const empty = await call(PATH, { cookie });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ settings: null, configured: false, originArea: null });

    const saved = await put(cookie, settings);
    expect(saved.status).toBe(200);
    const expected: CourierSettingsAnswer = {
      settings: {
        ...settings,
        origin: { ...settings.origin, customerPhone: '+6281234567890' },
        bookOnPayment: false,
      },
      configured: false,
      originArea: {
        province: { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
        regency: { code: '31.73', name: 'Kota Administrasi Jakarta Barat' },
        district: { code: '31.73.05', name: 'Kebon Jeruk' },
      },
    };
    expect(await saved.json()).toEqual(expected);
    expect(await (await call(PATH, { cookie })).json()).toEqual(expected);

    const keyed = await readWithKey(cookie);
    const text = await keyed.text();
    expect(JSON.parse(text)).toEqual({ ...expected, configured: true });
    expect(text).not.toContain('biteship_uji_rahasia');
  });

  it('refuses an origin whose areas do not exist or do not nest, and bad fields, changing nothing', async () => {
    const { cookie } = await createUser('admin');
    await put(cookie, settings);
    const origin = (changes: Partial<CourierSettingsInput['origin']>) => ({
      ...settings,
      origin: { ...settings.origin, ...changes },
    });
    const cases: [unknown, Record<string, string>][] = [
      [
        origin({ provinceCode: '30', regencyCode: '30.73', districtCode: '30.73.05' }),
        { 'origin.provinceCode': 'Provinsi tidak ditemukan' },
      ],
      // Kota Bandung is in Jawa Barat, not DKI Jakarta.
      [
        origin({ regencyCode: '32.73', districtCode: '32.73.01' }),
        { 'origin.regencyCode': 'Kabupaten/kota tidak ditemukan' },
      ],
      [origin({ districtCode: '31.73.99' }), { 'origin.districtCode': 'Kecamatan tidak ditemukan' }],
      [
        origin({ postalCode: '40132' }),
        { 'origin.postalCode': 'Kode pos tidak sesuai dengan provinsi yang dipilih' },
      ],
      [
        { ...settings, packagingWeightGrams: 6000 },
        { packagingWeightGrams: 'Berat kemasan maksimal 5.000 gram' },
      ],
      [{ ...settings, couriers: [] }, { couriers: 'Pilih minimal satu kurir' }],
      [{ ...settings, couriers: ['gojek'] }, { 'couriers.0': 'Kurir tidak dikenal' }],
    ];
    for (const [body, fields] of cases) {
      const res = await put(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields).toEqual(fields);
    }
    const kept = await (await call(PATH, { cookie })).json<CourierSettingsAnswer>();
    expect(kept.settings?.origin.districtCode).toBe('31.73.05');
    expect(kept.settings?.couriers).toEqual(['jne', 'sicepat', 'pos']);
  });

  it('are for admins only', async () => {
    const customer = await createUser('customer');
    expect((await call(PATH)).status).toBe(401);
    expect((await put('', settings)).status).toBe(401);
    expect((await call(PATH, { cookie: customer.cookie })).status).toBe(403);
    expect((await put(customer.cookie, settings)).status).toBe(403);
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM site_settings WHERE key = 'shipping_courier'",
    ).first('n');
    expect(row).toBe(0);
  });
});
