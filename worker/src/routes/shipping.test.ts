import { env } from 'cloudflare:test';
import {
  type Order,
  type ShippingConfig,
  type ShippingConfigInput,
  type ShippingQuote,
  ZONES_REQUIRED,
} from '@gi/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  cart,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  postOrder,
} from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

/** Addresses in each seeded zone: [province, regency, district, zone]. */
// Each with a postal code of its region (the address schema checks the pair).
const ADDRESSES = [
  ['31', '31.71', '31.71.01', 'jabodetabek', '10110'], // Jakarta Pusat
  ['32', '32.76', '32.76.01', 'jabodetabek', '16411'], // Kota Depok, inside Jawa Barat
  ['36', '36.74', '36.74.01', 'jabodetabek', '15411'], // Kota Tangerang Selatan, inside Banten
  ['32', '32.73', '32.73.01', 'jawa', '40132'], // Kota Bandung
  ['35', '35.78', '35.78.01', 'jawa', '60111'], // Kota Surabaya
  ['51', '51.71', '51.71.01', 'luar-jawa', '80111'], // Kota Denpasar
  ['96', '96.71', '96.71.01', 'luar-jawa', '98411'], // Kota Sorong
] as const;

interface ServiceRow {
  id: string;
  zone_id: string;
  base_fee: number;
  per_item_fee: number;
  eta_min_days: number;
  eta_max_days: number;
}

async function servicesOfZone(zoneId: string): Promise<ServiceRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT * FROM shipping_services WHERE zone_id = ? ORDER BY position',
  )
    .bind(zoneId)
    .all<ServiceRow>();
  return results;
}

const admin = async () => (await createUser('admin')).cookie;

function putConfig(cookie: string, json: ShippingConfigInput) {
  return call('/api/admin/shipping', { method: 'PUT', cookie, json });
}

describe('shipping fee', () => {
  it('is computed by the server from D1 for any cart and address, in the quote and the order alike', async () => {
    // Every order from the tests' one address; each from its own account (10 orders an hour each).
    await allowManyUnpaid();
    const line = fc.record({
      price: fc.integer({ min: 0, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...ADDRESSES),
        fc.nat(),
        async (lines, [provinceCode, regencyCode, districtCode, zoneId, postalCode], pick) => {
          const products = await insertProducts(lines.map((l) => l.price));
          const items = products.map((p, i) => ({
            productId: p.id,
            variantId: p.variantId,
            quantity: lines[i]?.quantity ?? 1,
          }));
          const services = await servicesOfZone(zoneId);
          const service = services[pick % services.length] as ServiceRow;
          const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
          const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0);
          const fee = service.base_fee + service.per_item_fee * (itemCount - 1);

          const quote = await call('/api/shipping/quote', { method: 'POST', json: { districtCode, items } });
          expect(quote.status).toBe(200);
          const offered = (await quote.json<ShippingQuote>()).options.find((o) => o.id === service.id);
          expect(offered?.fee).toBe(fee);

          const res = await postOrder((await createUser()).cookie, {
            items,
            customer: { ...CUSTOMER, provinceCode, regencyCode, districtCode, postalCode },
            shippingServiceId: service.id,
          });
          expect(res.status).toBe(201);
          const order = await res.json<Order>();
          expect(order).toMatchObject({
            subtotal_amount: subtotal,
            shipping_fee: fee,
            // The transfer's unique code joins the sum (decision 015).
            total_amount: subtotal + fee + order.unique_code,
            shipping_eta_min_days: service.eta_min_days,
            shipping_eta_max_days: service.eta_max_days,
            district_code: districtCode,
          });
          const stored = await env.DB.prepare(
            'SELECT subtotal_amount, shipping_fee, unique_code, total_amount FROM orders WHERE id = ?',
          )
            .bind(order.id)
            .first();
          expect(stored).toEqual({
            subtotal_amount: subtotal,
            shipping_fee: fee,
            unique_code: order.unique_code,
            total_amount: subtotal + fee + order.unique_code,
          });
        },
      ),
      { numRuns: 30 },
    );
    // 30 quotes and orders, each order now queuing and sending two emails: over 5 s on a busy machine.
  }, 30_000);

  it('ignores nothing silently: a fee or total sent by the browser is refused and no order is made', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    for (const extra of [{ shippingFee: 0 }, { total_amount: 1 }, { shipping_fee: 0 }]) {
      const res = await postOrder(user.cookie, { items: cart(products), customer: CUSTOMER, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const customer = { ...CUSTOMER, shippingFee: 0 };
    expect((await postOrder(user.cookie, { items: cart(products), customer })).status).toBe(400);
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('refuses a service of another zone for the address', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const res = await postOrder(user.cookie, {
      items: cart(products),
      customer: CUSTOMER,
      shippingServiceId: 'luar-jawa-reguler',
    });
    expect(res.status).toBe(422);
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('refuses an address in no zone with a clear message and no order, not a zero fee', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const saved = await putConfig(await admin(), {
      zones: [
        {
          name: 'Jakarta',
          areaCodes: ['31'],
          services: [{ name: 'Reguler', baseFee: 10_000, perItemFee: 0, etaMinDays: 1, etaMaxDays: 2 }],
        },
      ],
      freeShippingThreshold: null,
    });
    expect(saved.status).toBe(200);
    const bali = {
      ...CUSTOMER,
      provinceCode: '51',
      regencyCode: '51.71',
      districtCode: '51.71.01',
      postalCode: '80111',
    };
    const quote = await call('/api/shipping/quote', {
      method: 'POST',
      json: { districtCode: bali.districtCode, items: cart(products) },
    });
    expect(quote.status).toBe(422);
    expect((await quote.json<ErrorBody>()).error.message).toMatch(/belum tersedia/);
    const res = await postOrder(user.cookie, {
      items: cart(products),
      customer: bali,
      shippingServiceId: 'luar-jawa-reguler',
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).error.code).toBe('no_shipping_zone');
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('refuses an address whose codes do not nest', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const customer = { ...CUSTOMER, regencyCode: '32.73', districtCode: '32.73.01' };
    const res = await postOrder(user.cookie, { items: cart(products), customer });
    expect(res.status).toBe(400);
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });
});

describe('shipping zones', () => {
  it('are seeded from the spec: Jabodetabek 1–2, Java 2–3, outside Java 3–7 working days', async () => {
    const config = await (await call('/api/shipping')).json<ShippingConfig>();
    const reguler = config.zones.map((z) => {
      const s = z.services.find((x) => x.name === 'Reguler');
      return [z.name, s?.etaMinDays, s?.etaMaxDays];
    });
    expect(reguler).toEqual([
      ['Jabodetabek', 1, 2],
      ['Pulau Jawa', 2, 3],
      ['Luar Pulau Jawa', 3, 7],
    ]);
    expect(config.zones[0]?.areas.map((a) => a.name)).toContain('Kota Depok');
    expect(config.freeShippingThreshold).toBeNull();
  });

  it('are replaced by the admin, a regency winning over its province, with the free-shipping threshold', async () => {
    const cookie = await admin();
    const res = await putConfig(cookie, {
      zones: [
        {
          name: 'Bandung Raya',
          areaCodes: ['32.73'],
          services: [{ name: 'Kilat', baseFee: 9_000, perItemFee: 1_000, etaMinDays: 1, etaMaxDays: 1 }],
        },
        {
          name: 'Jawa Barat',
          areaCodes: ['32'],
          services: [{ name: 'Reguler', baseFee: 20_000, perItemFee: 0, etaMinDays: 2, etaMaxDays: 3 }],
        },
      ],
      freeShippingThreshold: 500_000,
    });
    expect(res.status).toBe(200);
    const products = await insertProducts([100_000]);
    const quote = async (districtCode: string, quantity: number) =>
      (
        await (
          await call('/api/shipping/quote', {
            method: 'POST',
            json: { districtCode, items: cart(products, quantity) },
          })
        ).json<ShippingQuote>()
      ).options.map((o) => [o.name, o.fee]);
    expect(await quote('32.73.01', 2)).toEqual([['Kilat', 10_000]]);
    expect(await quote('32.04.05', 2)).toEqual([['Reguler', 20_000]]);
    // 5 × Rp 100.000 reaches the threshold.
    expect(await quote('32.73.01', 5)).toEqual([['Kilat', 0]]);
  });

  it('keep their ids across saves: a quote from before an unchanged save still places the order (issue 27, finding 8)', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const quoted = await (
      await call('/api/shipping/quote', {
        method: 'POST',
        json: { districtCode: CUSTOMER.districtCode, items: cart(products) },
      })
    ).json<ShippingQuote>();
    const chosen = quoted.options[0]?.id as string;
    // The admin's editor sends back what it loaded: zones and services with their ids.
    const loaded = await (await call('/api/shipping')).json<ShippingConfig>();
    const unchanged: ShippingConfigInput = {
      zones: loaded.zones.map(({ id, name, areas, services }) => ({
        id,
        name,
        areaCodes: areas.map((area) => area.code),
        services,
      })),
      freeShippingThreshold: loaded.freeShippingThreshold,
    };
    const saved = await putConfig(await admin(), unchanged);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(loaded);
    const res = await postOrder(user.cookie, {
      items: cart(products),
      customer: CUSTOMER,
      shippingServiceId: chosen,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json<Order>()).shipping_service).toBe(quoted.options[0]?.name);
  });

  it('gives new rows, and ids not saved or named twice, ids of their own', async () => {
    const cookie = await admin();
    const service = { name: 'Reguler', baseFee: 1, perItemFee: 0, etaMinDays: 1, etaMaxDays: 2 };
    const res = await putConfig(cookie, {
      zones: [
        { id: 'jabodetabek', name: 'A', areaCodes: ['31'], services: [{ ...service, id: 'tidak-ada' }] },
        {
          id: 'jabodetabek',
          name: 'B',
          areaCodes: ['32'],
          services: [{ ...service, id: 'jabodetabek-reguler' }],
        },
      ],
    });
    expect(res.status).toBe(200);
    const { zones } = await res.json<ShippingConfig>();
    expect(zones[0]?.id).toBe('jabodetabek');
    expect(zones[1]?.id).not.toBe('jabodetabek');
    expect(zones[0]?.services[0]?.id).not.toBe('tidak-ada');
    expect(zones[1]?.services[0]?.id).toBe('jabodetabek-reguler');
  });

  it('refuses an area in two zones, an unknown area, or a non-admin, and keeps the setup', async () => {
    const before = await (await call('/api/shipping')).json<ShippingConfig>();
    const service = { name: 'Reguler', baseFee: 1, perItemFee: 0, etaMinDays: 1, etaMaxDays: 2 };
    const twice = { name: 'A', areaCodes: ['32'], services: [service] };
    const cookie = await admin();
    const bad: ShippingConfigInput[] = [
      { zones: [twice, { ...twice, name: 'B' }] },
      { zones: [{ ...twice, areaCodes: ['99'] }] },
      { zones: [{ ...twice, services: [{ ...service, etaMinDays: 3, etaMaxDays: 2 }] }] },
      { zones: [{ ...twice, services: [{ ...service, baseFee: -1 }] }] },
      // No zone: checkout would have nothing to fall back on when live rates fail (issue 38).
      { zones: [] },
    ];
    for (const json of bad) expect((await putConfig(cookie, json)).status, JSON.stringify(json)).toBe(400);
    const none = await putConfig(cookie, { zones: [] });
    expect((await none.json<{ error: { fields: Record<string, string> } }>()).error.fields).toEqual({
      zones: ZONES_REQUIRED,
    });
    const customer = await createUser();
    expect((await putConfig(customer.cookie, { zones: [] })).status).toBe(403);
    expect(await (await call('/api/shipping')).json()).toEqual(before);
  });
});

describe('areas', () => {
  it('come one level at a time and may be cached', async () => {
    const provinces = await call('/api/areas/provinces');
    expect(provinces.headers.get('cache-control')).toMatch(/public/);
    const { items } = await provinces.json<{ items: { code: string; name: string }[] }>();
    expect(items).toHaveLength(38);
    const regencies = await (await call('/api/areas/provinces/32/regencies')).json<{
      items: { code: string }[];
    }>();
    expect(regencies.items.every((r) => r.code.startsWith('32.'))).toBe(true);
    const districts = await (await call('/api/areas/regencies/31.71/districts')).json<{
      items: { name: string }[];
    }>();
    expect(districts.items.map((d) => d.name)).toContain('Gambir');
    expect((await call('/api/areas/provinces/99/regencies')).status).toBe(404);
    expect((await call('/api/areas/regencies/__proto__/districts')).status).toBe(404);
  });
});
