import { env } from 'cloudflare:test';
import type { ShippingQuote } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  areasAnswer,
  BITESHIP_KEY,
  courierCall,
  mapsArea,
  ratesAnswer,
  saveCourierSettings,
} from '../../test/courier-fixtures.ts';
import { call } from '../../test/helpers.ts';
import { CUSTOMER, cart, insertProducts } from '../../test/order-fixtures.ts';
import { POSTAL_AREA_KEEP_MS } from '../lib/cleanup.ts';
import { policies } from '../lib/throttle.ts';
import { POSTAL_CODE_NOT_IN_DISTRICT } from './postal-area.ts';

// The postal code checked against the district with the aggregator's area search (Biteship Maps,
// GET /v1/maps/areas, single search), Biteship mocked at fetch with its documented answer shape.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * Biteship at the network boundary: the area search answers `areas(input)` (a Response), the
 * rates the fixtures' prices. Records the area searches' URLs and headers.
 */
function mockBiteship(areas: (input: string) => Response = (input) => Response.json(areasAnswer(input))) {
  const searches: { url: URL; authorization: string | null }[] = [];
  const rates = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/v1/maps/areas') {
      searches.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return areas(url.searchParams.get('input') ?? '');
    }
    if (url.pathname !== '/v1/rates/couriers') throw new Error(`unexpected fetch ${url}`);
    rates();
    const body = JSON.parse(String(init?.body)) as { destination_postal_code: number };
    return Response.json(ratesAnswer({ destination: body.destination_postal_code, grams: 450 }));
  });
  return { searches, rates };
}

const quote = async (postalCode: string, request = courierCall) => {
  const [product] = await insertProducts([150_000]);
  return request('/api/shipping/quote', {
    method: 'POST',
    json: { districtCode: CUSTOMER.districtCode, postalCode, items: cart(product ? [product] : []) },
  });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the postal code against the district, where live rates are on', () => {
  it("answers 422 on the postal code when the aggregator's areas for it are another district's, no prices", async () => {
    await saveCourierSettings();
    const { searches } = mockBiteship();
    // 12410 is Kebayoran Lama's (Jakarta Selatan), not Gambir's.
    const res = await quote('12410');
    expect(res.status).toBe(422);
    expect(await res.json<ErrorBody>()).toEqual({
      error: {
        code: 'postal_code_not_in_district',
        message: POSTAL_CODE_NOT_IN_DISTRICT,
        fields: { postalCode: 'Kode pos tidak sesuai dengan kecamatan yang dipilih' },
      },
    });
    // The documented request: single search of Indonesia by the postal code, the raw key.
    expect(searches).toHaveLength(1);
    const [search] = searches;
    expect(search?.url.origin + (search?.url.pathname ?? '')).toBe('https://api.biteship.com/v1/maps/areas');
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toEqual({
      countries: 'ID',
      input: '12410',
      type: 'single',
    });
    expect(search?.authorization).toBe(BITESHIP_KEY);
  });

  it("prices a postal code that is the district's, and asks the aggregator once per district and code", async () => {
    await saveCourierSettings();
    const { searches, rates } = mockBiteship((input) =>
      // Names as Biteship writes them: other case and spacing than the official list's 'Gambir'.
      Response.json({ success: true, areas: [mapsArea(Number(input), 'GAMBIR', 'Jakarta Pusat')] }),
    );
    const first = await quote('10110');
    expect(first.status).toBe(200);
    expect((await first.json<ShippingQuote>()).source).toBe('courier');
    const second = await quote('10110');
    expect(second.status).toBe(200);
    expect(searches).toHaveLength(1);
    expect(rates).toHaveBeenCalled();

    // Past the retention the stored answer is not used: asked again.
    const old = new Date(Date.now() - POSTAL_AREA_KEEP_MS - 60_000).toISOString();
    await env.DB.prepare('UPDATE postal_area_checks SET checked_at = ?1').bind(old).run();
    expect((await quote('10110')).status).toBe(200);
    expect(searches).toHaveLength(2);
  });

  it('leaves the province check alone when the aggregator is down, knows no area for the code, or is off', async () => {
    await saveCourierSettings();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = mockBiteship(() =>
      Response.json({ success: false, error: 'Internal server error', code: 50000000 }, { status: 500 }),
    );
    // A code of Jakarta (the province holds): the checkout goes on with the couriers' prices.
    const res = await quote('10150');
    expect(res.status).toBe(200);
    expect((await res.json<ShippingQuote>()).source).toBe('courier');
    expect(down.searches).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"courier_areas_failed"'));
    // Nothing stored: the next quote asks again.
    const { results } = await env.DB.prepare('SELECT * FROM postal_area_checks').all();
    expect(results).toEqual([]);
    vi.restoreAllMocks();

    const unknown = mockBiteship((input) => Response.json(areasAnswer(input)));
    expect((await quote('10999')).status).toBe(200);
    expect(unknown.searches).toHaveLength(1);
    vi.restoreAllMocks();

    // A code of another province is still refused by the schema's province check.
    const province = mockBiteship();
    const far = await quote('99111');
    expect(far.status).toBe(400);
    expect((await far.json<ErrorBody>()).error.fields?.postalCode).toBe(
      'Kode pos tidak sesuai dengan provinsi yang dipilih',
    );
    expect(province.searches).toHaveLength(0);
    vi.restoreAllMocks();

    // Live rates off (no key): the aggregator is not asked; the zones answer.
    const off = mockBiteship();
    const zones = await quote('12410', call);
    expect(zones.status).toBe(200);
    expect((await zones.json<ShippingQuote>()).source).toBe('zones');
    expect(off.searches).toHaveLength(0);
  });

  it('asks through the one throttle: past the per-address limit the province check stands alone', async () => {
    await saveCourierSettings();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Codes the aggregator does not know: nothing cached, each quote would ask again.
    const { searches } = mockBiteship(() => Response.json({ success: true, areas: [] }));
    const limit = policies.courierAreasClient.limit;
    for (let i = 0; i <= limit; i++) expect((await quote(String(10200 + i))).status).toBe(200);
    expect(searches).toHaveLength(limit);
  });
});
