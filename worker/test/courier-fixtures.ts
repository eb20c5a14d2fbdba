import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { CourierSettings } from '@gi/contracts';
import { vi } from 'vitest';
import { getDb } from '../src/db/client.ts';
import app from '../src/index.ts';
import { writeCourierSettings } from '../src/settings/rows.ts';
import { type CallInit, SETUP, shopRequest } from './helpers.ts';

// Live courier rates in tests (decision 032): Biteship mocked at the network boundary with
// answers shaped like its documented rates sample (rates/retrieve, "API Response").

export const BITESHIP_KEY = 'biteship_test.rahasia-uji-tarif';

/** The Worker's bindings with an aggregator configured. */
export const courierEnv = { ...env, BITESHIP_API_KEY: BITESHIP_KEY };

/** Like `call`, with an aggregator configured. */
export async function courierCall(path: string, init: CallInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), courierEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Picked up in Jakarta Selatan, 150 g of packaging, JNE and SiCepat. */
export const COURIER_SETTINGS: CourierSettings = {
  enabled: true,
  origin: {
    customerName: 'Gudang Global Imperium',
    customerPhone: '+6281234567890',
    provinceCode: '31',
    regencyCode: '31.74',
    districtCode: '31.74.01',
    postalCode: '12440',
    customerAddress: 'Jl. RS. Fatmawati Raya No. 29',
  },
  packagingWeightGrams: 150,
  couriers: ['sicepat', 'jne'],
  bookOnPayment: false,
};

export const saveCourierSettings = (settings: Partial<CourierSettings> = {}) =>
  writeCourierSettings(getDb(env.DB), { ...COURIER_SETTINGS, ...settings }, SETUP);

/** What the mock read of one rates request. */
export interface RatesAsked {
  destination: number;
  grams: number;
}

/**
 * Per started kilogram: Rp 9.000 to postal region 1 (Jabodetabek), Rp 38.000 elsewhere (Papua).
 * SiCepat Reguler costs that, JNE Reguler Rp 2.000 more but a day sooner, SiCepat BEST double.
 */
export function ratesAnswer({ destination, grams }: RatesAsked, surcharge = 0) {
  const base = (String(destination).startsWith('1') ? 9_000 : 38_000) * Math.ceil(grams / 1000) + surcharge;
  const entry = (
    company: string,
    name: string,
    code: string,
    service: string,
    price: number,
    range: string,
  ) => ({
    available_collection_method: ['pickup'],
    available_for_cash_on_delivery: true,
    available_for_proof_of_delivery: false,
    available_for_instant_waybill_id: true,
    available_for_insurance: true,
    company,
    courier_name: name,
    courier_code: company,
    courier_service_name: service,
    courier_service_code: code,
    currency: 'IDR',
    description: 'Layanan reguler',
    duration: `${range} days`,
    shipment_duration_range: range,
    shipment_duration_unit: 'days',
    service_type: 'standard',
    shipping_type: 'parcel',
    shipping_fee: price,
    shipping_fee_discount: 0,
    shipping_fee_surcharge: 0,
    insurance_fee: 0,
    cash_on_delivery_fee: 0,
    price,
    tax_lines: [],
    type: code,
  });
  return {
    success: true,
    object: 'courier_pricing',
    message: 'Success to retrieve courier pricing',
    code: 20001007,
    origin: { postal_code: 12440 },
    destination: { postal_code: destination },
    pricing: [
      entry('jne', 'JNE', 'reg', 'Reguler', base + 2_000, '1 - 2'),
      entry('sicepat', 'SiCepat', 'best', 'Besok Sampai Tujuan', base * 2, '1'),
      entry('sicepat', 'SiCepat', 'reg', 'Reguler', base, '2 - 3'),
    ],
  };
}

/** One area of Biteship's Maps answer (maps/retrieve_area, single search), as its sample has it. */
export const mapsArea = (postalCode: number, district: string, city: string, province = 'DKI Jakarta') => ({
  id: `IDNP6IDNC148IDND836IDZ${postalCode}`,
  name: `${district}, ${city}, ${province}. ${postalCode}`,
  country_name: 'Indonesia',
  country_code: 'ID',
  administrative_division_level_1_name: province,
  administrative_division_level_1_type: 'province',
  administrative_division_level_2_name: city,
  administrative_division_level_2_type: 'city',
  administrative_division_level_3_name: district,
  administrative_division_level_3_type: 'district',
  postal_code: postalCode,
});

/** The areas Biteship's GET /v1/maps/areas answers for a postal code: CUSTOMER's in Gambir, none for others. */
export function areasAnswer(postalCode: string) {
  const known: Record<string, ReturnType<typeof mapsArea>[]> = {
    '10110': [mapsArea(10110, 'Gambir', 'Jakarta Pusat')],
    '12410': [mapsArea(12410, 'Kebayoran Lama', 'Jakarta Selatan')],
  };
  return { success: true, areas: known[postalCode] ?? [] };
}

/**
 * Mocks Biteship's POST /v1/rates/couriers: `answer` gets what was asked (destination postal
 * code, total grams) and gives the Response. The spy (rates requests only) also records each
 * request's body. The area search that checks the postal code first answers `areasAnswer`.
 */
export function mockRates(answer: (asked: RatesAsked) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  const spy = vi.fn<typeof fetch>(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/v1/rates/couriers')) throw new Error(`unexpected fetch ${url}`);
    const body = JSON.parse(String(init?.body)) as {
      destination_postal_code: number;
      items: { weight: number; quantity: number }[];
    };
    bodies.push(body);
    const grams = body.items.reduce((sum, item) => sum + item.weight * item.quantity, 0);
    return answer({ destination: body.destination_postal_code, grams });
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.pathname === '/v1/maps/areas'
      ? Response.json(areasAnswer(url.searchParams.get('input') ?? ''))
      : spy(input, init);
  });
  return { spy, bodies };
}
