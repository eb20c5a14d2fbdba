import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AggregatorRefused,
  AggregatorUnavailable,
  type BookingRequest,
  type RateRequest,
} from './aggregator.ts';
import { biteship, normaliseStatus } from './biteship.ts';
import { courierAggregator } from './configured-aggregator.ts';

// Biteship is mocked at the network boundary with bodies copied from its documented samples
// (rates/retrieve, draft_orders/retrieve_rates, orders/create, orders/retrieve, errors).

const KEY = 'biteship_test.eyJhbGciOiJIUzI1NiJ9.rahasia-uji';

/** POST /v1/rates/couriers "API Response" (rates/retrieve), origin and destination abridged. */
const RATES_SAMPLE = {
  success: true,
  object: 'courier_pricing',
  message: 'Success to retrieve courier pricing',
  code: 20001007,
  origin: {
    postal_code: 12440,
    administrative_division_level_2_name: 'Jakarta Selatan',
  },
  destination: {
    postal_code: 12240,
    administrative_division_level_2_name: 'Jakarta Selatan',
  },
  pricing: [
    {
      available_collection_method: ['pickup'],
      available_for_cash_on_delivery: true,
      available_for_proof_of_delivery: true,
      available_for_instant_waybill_id: true,
      available_for_insurance: false,
      company: 'jne',
      courier_name: 'JNE',
      courier_code: 'jne',
      courier_service_name: 'City to City (CTC)',
      courier_service_code: 'ctc',
      currency: 'IDR',
      description: 'Pengiriman city to city',
      duration: '2 - 3 days',
      shipment_duration_range: '2 - 3',
      shipment_duration_unit: 'days',
      service_type: 'standard',
      shipping_type: 'parcel',
      shipping_fee: 9000,
      shipping_fee_discount: 0,
      shipping_fee_surcharge: 0,
      insurance_fee: 0,
      cash_on_delivery_fee: 2000,
      price: 11000,
      tax_lines: [],
      type: 'ctc',
    },
    {
      available_collection_method: ['pickup'],
      available_for_cash_on_delivery: true,
      available_for_proof_of_delivery: false,
      available_for_instant_waybill_id: true,
      available_for_insurance: true,
      company: 'sicepat',
      courier_name: 'SiCepat',
      courier_code: 'sicepat',
      courier_service_name: 'Reguler',
      courier_service_code: 'reg',
      currency: 'IDR',
      description: 'Layanan reguler',
      duration: '1 - 2 days',
      shipment_duration_range: '1 - 2',
      shipment_duration_unit: 'days',
      service_type: 'standard',
      shipping_type: 'parcel',
      shipping_fee: 32000,
      shipping_fee_discount: 0,
      shipping_fee_surcharge: 0,
      insurance_fee: 1000,
      cash_on_delivery_fee: 2000,
      price: 35000,
      tax_lines: [],
      type: 'reg',
    },
    {
      available_collection_method: ['pickup'],
      available_for_cash_on_delivery: true,
      available_for_proof_of_delivery: false,
      available_for_instant_waybill_id: true,
      available_for_insurance: true,
      company: 'sicepat',
      courier_name: 'SiCepat',
      courier_code: 'sicepat',
      courier_service_name: 'Besok Sampai Tujuan',
      courier_service_code: 'best',
      description: 'Besok sampai tujuan',
      duration: '1 days',
      shipment_duration_range: '1',
      shipment_duration_unit: 'days',
      service_type: 'overnight',
      shipping_type: 'parcel',
      shipping_fee: 40000,
      shipping_fee_discount: 0,
      shipping_fee_surcharge: 2000,
      insurance_fee: 1000,
      cash_on_delivery_fee: 2000,
      price: 45000,
      tax_lines: [],
      type: 'best',
    },
    {
      available_collection_method: ['drop_off'],
      available_for_cash_on_delivery: false,
      available_for_proof_of_delivery: false,
      available_for_instant_waybill_id: true,
      available_for_insurance: true,
      company: 'wahana',
      courier_name: 'Wahana',
      courier_code: 'wahana',
      courier_service_name: 'Deno',
      courier_service_code: 'deno',
      currency: 'IDR',
      description: 'Layanan reguler',
      duration: '2 - 3 days',
      shipment_duration_range: '2 - 3',
      shipment_duration_unit: 'days',
      service_type: 'standard',
      shipping_type: 'parcel',
      shipping_fee: 4000,
      shipping_fee_discount: 4000,
      shipping_fee_surcharge: 0,
      insurance_fee: 1000,
      cash_on_delivery_fee: 0,
      price: 1000,
      tax_lines: [],
      type: 'deno',
    },
  ],
};

/** An instant courier priced in hours (draft_orders/retrieve_rates sample). */
const GRAB_ENTRY = {
  available_collection_method: ['pickup'],
  available_for_cash_on_delivery: false,
  available_for_proof_of_delivery: false,
  available_for_instant_waybill_id: true,
  available_for_insurance: true,
  company: 'grab',
  courier_name: 'GRAB',
  courier_code: 'grab',
  courier_service_name: 'Instant',
  courier_service_code: 'instant',
  description: 'Instant service for on demand needs.',
  duration: '1 - 3 Hours',
  shipment_duration_range: '1 - 3',
  shipment_duration_unit: 'hours',
  service_type: 'same_day',
  shipping_type: 'parcel',
  price: 11000,
  type: 'instant',
};

/** POST /v1/orders "Order Created" (orders/create), its `// Deprecated` comments stripped. */
const ORDER_CREATED = {
  success: true,
  message: 'Order successfully created',
  object: 'order',
  id: '5dd599ebdefcd4158eb8470b',
  draft_order_id: null,
  shipper: {
    name: 'Biteship Indonesia',
    email: 'Biteship@gmail.com',
    phone: '08123456789',
    organization: 'Biteship',
  },
  origin: {
    contact_name: 'Akbar',
    contact_phone: '08123456789',
    coordinate: {
      latitude: -6.2253114,
      longitude: 106.7993735,
    },
    address: 'Plaza Senayan, Jalan Asia Afrika, RT.1/RW.3',
    note: 'Deket pintu masuk STC',
    postal_code: 12440,
  },
  destination: {
    contact_name: 'Bambang',
    contact_phone: '088888888888',
    contact_email: 'mirsa@biteship.com',
    address: 'Lebak Bulus MRT, Jalan R.A.Kartini',
    note: 'Di deket pintu MRT',
    proof_of_delivery: {
      use: false,
      fee: 0,
      note: null,
      link: null,
    },
    cash_on_delivery: {
      id: '77bb0f60b029822ecb1411da',
      amount: 500000,
      amount_currency: 'IDR',
      fee: 20000,
      fee_currency: 'IDR',
      note: null,
      type: '7_days',
    },
    coordinate: {
      latitude: -6.28927,
      longitude: 106.77492000000007,
    },
    postal_code: 12950,
  },
  courier: {
    tracking_id: '6de509ebdefgh4158ij3451c',
    waybill_id: 'WYB-1112223333443',
    company: 'anteraja',
    name: null,
    phone: null,
    driver_name: null,
    driver_phone: null,
    driver_photo_url: null,
    driver_plate_number: null,
    type: 'reg',
    link: null,
    insurance: {
      amount: 500000,
      amount_currency: 'IDR',
      fee: 2500,
      fee_currency: 'IDR',
      note: '',
    },
    routing_code: null,
  },
  delivery: {
    datetime: '2029-09-24T12:00+07:00',
    note: null,
    type: 'now',
    distance: 9.8,
    distance_unit: 'kilometer',
  },
  reference_id: null,
  items: [
    {
      name: 'Black L',
      description: "Feast/Bangkok'19 Invasion",
      sku: null,
      value: 165000,
      quantity: 1,
      length: 10,
      width: 10,
      height: 10,
      weight: 200,
    },
  ],
  extra: [],
  currency: 'IDR',
  tax_lines: [],
  price: 48000,
  metadata: {},
  note: 'Please be careful',
  status: 'confirmed',
};

/** GET /v1/orders/:id (orders/retrieve): the created order with its courier's history. */
const orderRetrieved = (status: string, history: { status: string; updated_at: string; note: string }[]) => ({
  ...ORDER_CREATED,
  message: 'Order successfully retrieved',
  short_id: 'URf_UO2nY3V',
  reference_id: 'ord_01',
  courier: {
    ...ORDER_CREATED.courier,
    link: 'https://example.com/10298309123809',
    history: history.map((entry) => ({ service_type: '-', ...entry })),
    shipment_fee: 25000,
    routing_code: '123-JKT45A-67',
  },
  price: 27500,
  status,
  ticket_status: null,
});

/** orders/create: a second order with a reference id already used. */
const REFERENCE_USED = {
  success: false,
  error: 'Reference id has already been used before. Please input other reference id',
  code: 40002060,
  details: {
    order_id: '660105377589b8dea565208b',
    waybill_id: '1028309128390',
    reference_id: '66010548c90b557a9e2dd7a4',
  },
};

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** Answers each request with what `answer` returns, recording what the adapter sent. */
function fakeBiteship(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const entry = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
    sent.push(entry);
    return answer(entry);
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const rateRequest: RateRequest = {
  originPostalCode: '12440',
  destinationPostalCode: '12240',
  couriers: ['jne', 'sicepat', 'wahana', 'grab'],
  items: [
    {
      name: 'Eau de Parfum 30 ml',
      value: 199_000,
      quantity: 2,
      weightGrams: 200,
      lengthCm: 30,
      widthCm: 15,
      heightCm: 20,
    },
    { name: 'Kemasan', value: 0, quantity: 1, weightGrams: 50 },
  ],
};

const booking: BookingRequest = {
  referenceId: 'ord_01',
  courierCode: 'anteraja',
  serviceCode: 'reg',
  origin: {
    contactName: 'Gudang Global Imperium',
    contactPhone: '+6281234567890',
    contactEmail: 'gudang@globalimperium.id',
    address: 'Jl. RS. Fatmawati Raya No.29, Cilandak',
    postalCode: '12440',
  },
  destination: {
    contactName: 'Bambang',
    contactPhone: '+62888888888',
    contactEmail: null,
    address: 'Lebak Bulus MRT, Jalan R.A.Kartini',
    postalCode: '12950',
  },
  items: [{ name: 'Eau de Parfum 100 ml', value: 165_000, quantity: 1, weightGrams: 200 }],
  note: 'Mudah pecah',
};

const adapter = () => biteship({}, KEY);

/** The error the promise rejects with, for its class, fields and message. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(err instanceof Error)) throw new Error('expected a rejection');
  expect(err.message).not.toContain(KEY);
  expect(err.message).not.toContain('rahasia');
  return err;
}

describe('normaliseStatus', () => {
  it('reads the snake_case order statuses and the camelCase tracking statuses as one', () => {
    expect(normaliseStatus('picking_up')).toBe('picking_up');
    expect(normaliseStatus('pickingUp')).toBe('picking_up');
    expect(normaliseStatus('PICKING_UP')).toBe('picking_up');
    expect(normaliseStatus('droppingOff')).toBe('dropping_off');
    expect(normaliseStatus('returnInTransit')).toBe('return_in_transit');
    expect(normaliseStatus('courierNotFound')).toBe('courier_not_found');
    expect(normaliseStatus('onHold')).toBe('on_hold');
    expect(normaliseStatus('in_transit')).toBe('in_transit');
    expect(normaliseStatus('delivered')).toBe('delivered');
    expect(normaliseStatus('lost_in_space')).toBeNull();
    expect(normaliseStatus('')).toBeNull();
  });
});

describe('courierAggregator', () => {
  it('is off without a key, and Biteship with one', () => {
    expect(courierAggregator({})).toBeNull();
    expect(courierAggregator({ BITESHIP_API_KEY: KEY })?.provider).toBe('biteship');
  });
});

describe('Biteship rates', () => {
  it('asks with the documented request: raw key, postal codes and grams as numbers, couriers comma-joined', async () => {
    const sent = fakeBiteship(() => Response.json(RATES_SAMPLE));
    await adapter().rates(rateRequest);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://api.biteship.com/v1/rates/couriers');
    expect(request?.headers.get('authorization')).toBe(KEY);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({
      origin_postal_code: 12440,
      destination_postal_code: 12240,
      couriers: 'jne,sicepat,wahana,grab',
      items: [
        {
          name: 'Eau de Parfum 30 ml',
          category: 'beauty',
          value: 199000,
          quantity: 2,
          weight: 200,
          length: 30,
          width: 15,
          height: 20,
        },
        { name: 'Kemasan', category: 'beauty', value: 0, quantity: 1, weight: 50 },
      ],
    });
  });

  it("maps each pricing entry: `price` charged, duration range in days, an instant courier's hours as same day", async () => {
    fakeBiteship(() => Response.json({ ...RATES_SAMPLE, pricing: [...RATES_SAMPLE.pricing, GRAB_ENTRY] }));
    expect(await adapter().rates(rateRequest)).toEqual([
      {
        courierCode: 'jne',
        courierName: 'JNE',
        serviceCode: 'ctc',
        serviceName: 'City to City (CTC)',
        price: 11000,
        etaMinDays: 2,
        etaMaxDays: 3,
        cod: true,
      },
      {
        courierCode: 'sicepat',
        courierName: 'SiCepat',
        serviceCode: 'reg',
        serviceName: 'Reguler',
        price: 35000,
        etaMinDays: 1,
        etaMaxDays: 2,
        cod: true,
      },
      {
        courierCode: 'sicepat',
        courierName: 'SiCepat',
        serviceCode: 'best',
        serviceName: 'Besok Sampai Tujuan',
        price: 45000,
        etaMinDays: 1,
        etaMaxDays: 1,
        cod: true,
      },
      {
        courierCode: 'wahana',
        courierName: 'Wahana',
        serviceCode: 'deno',
        serviceName: 'Deno',
        price: 1000,
        etaMinDays: 2,
        etaMaxDays: 3,
        cod: false,
      },
      {
        courierCode: 'grab',
        courierName: 'GRAB',
        serviceCode: 'instant',
        serviceName: 'Instant',
        price: 11000,
        etaMinDays: 0,
        etaMaxDays: 1,
        cod: false,
      },
    ]);
  });

  it('skips an entry without a positive whole price or a readable duration', async () => {
    const [jne] = RATES_SAMPLE.pricing;
    fakeBiteship(() =>
      Response.json({
        ...RATES_SAMPLE,
        pricing: [
          { ...jne, price: 0 },
          { ...jne, price: 11000.5 },
          { ...jne, price: '11000' },
          { ...jne, shipment_duration_range: 'segera' },
          { ...jne, shipment_duration_unit: 'weeks' },
          jne,
        ],
      }),
    );
    const rates = await adapter().rates(rateRequest);
    expect(rates.map((rate) => rate.price)).toEqual([11000]);
  });

  it("goes to the simulator's origin when BITESHIP_API_URL is set", async () => {
    const sent = fakeBiteship(() => Response.json(RATES_SAMPLE));
    await biteship({ BITESHIP_API_URL: 'http://127.0.0.1:10831' }, KEY).rates(rateRequest);
    expect(sent[0]?.url).toBe('http://127.0.0.1:10831/v1/rates/couriers');
  });

  it('gives up after timeoutMs: unavailable, so checkout falls back to the zones', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const err = await failure(adapter().rates({ ...rateRequest, timeoutMs: 50 }));
    expect(err).toBeInstanceOf(AggregatorUnavailable);
    expect(err.message).toContain('50 ms');
  });

  it('is refused on an invalid postal code (40001001) and on no courier for the place (40001010)', async () => {
    for (const code of [40001001, 40001010]) {
      fakeBiteship(() =>
        Response.json(
          { success: false, error: `Failed due to invalid or not available postal code (key ${KEY})`, code },
          { status: 400 },
        ),
      );
      const err = await failure(adapter().rates(rateRequest));
      expect(err).toBeInstanceOf(AggregatorRefused);
      expect(err).toMatchObject({ status: 400, code });
      vi.restoreAllMocks();
    }
  });

  it('refuses a postal code that is not five digits without asking', async () => {
    const sent = fakeBiteship(() => Response.json(RATES_SAMPLE));
    const err = await failure(adapter().rates({ ...rateRequest, destinationPostalCode: '1224' }));
    expect(err).toBeInstanceOf(AggregatorRefused);
    expect(sent).toHaveLength(0);
  });

  it('is unavailable on a 500, a 429, an unreadable body or no network', async () => {
    const answers = [
      () => new Response('Internal Server Error', { status: 500 }),
      () => Response.json({ success: false, error: 'Something went wrong', code: 50000000 }, { status: 500 }),
      () => Response.json({ success: false, error: 'Too many requests', code: 42900000 }, { status: 429 }),
      () => Response.json({ success: true, object: 'courier_pricing' }),
      () => Response.json({ success: false, error: `Authorization failed for ${KEY}` }, { status: 401 }),
      () => {
        throw new TypeError(`connect ECONNREFUSED ${KEY}`);
      },
    ];
    for (const answer of answers) {
      fakeBiteship(answer);
      expect(await failure(adapter().rates(rateRequest))).toBeInstanceOf(AggregatorUnavailable);
      vi.restoreAllMocks();
    }
  });
});

describe('Biteship orders', () => {
  it('books with the documented fields and reads the created order as the shipment', async () => {
    const sent = fakeBiteship(() => Response.json(ORDER_CREATED));
    const shipment = await adapter().book(booking);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('https://api.biteship.com/v1/orders');
    expect(sent[0]?.headers.get('authorization')).toBe(KEY);
    expect(sent[0]?.body).toEqual({
      shipper_contact_name: 'Gudang Global Imperium',
      shipper_contact_phone: '081234567890',
      shipper_contact_email: 'gudang@globalimperium.id',
      origin_contact_name: 'Gudang Global Imperium',
      origin_contact_phone: '081234567890',
      origin_contact_email: 'gudang@globalimperium.id',
      origin_address: 'Jl. RS. Fatmawati Raya No.29, Cilandak',
      origin_postal_code: 12440,
      destination_contact_name: 'Bambang',
      destination_contact_phone: '0888888888',
      destination_address: 'Lebak Bulus MRT, Jalan R.A.Kartini',
      destination_postal_code: 12950,
      courier_company: 'anteraja',
      courier_type: 'reg',
      delivery_type: 'now',
      reference_id: 'ord_01',
      order_note: 'Mudah pecah',
      items: [{ name: 'Eau de Parfum 100 ml', category: 'beauty', value: 165000, quantity: 1, weight: 200 }],
    });
    expect(shipment).toEqual({
      providerOrderId: '5dd599ebdefcd4158eb8470b',
      referenceId: null,
      status: 'confirmed',
      waybillId: 'WYB-1112223333443',
      trackingId: '6de509ebdefgh4158ij3451c',
      trackingUrl: null,
      courierCode: 'anteraja',
      serviceCode: 'reg',
      price: 48000,
      history: [],
    });
  });

  it('answers the order booked before when the reference was used (40002060): one shipment', async () => {
    const existing = orderRetrieved('confirmed', [
      { status: 'confirmed', note: 'Order has been confirmed.', updated_at: '2021-01-11T14:03:41+07:00' },
    ]);
    const sent = fakeBiteship(({ method, url }) => {
      if (method === 'POST') return Response.json(REFERENCE_USED, { status: 400 });
      expect(url).toBe('https://api.biteship.com/v1/orders/660105377589b8dea565208b');
      return Response.json({ ...existing, id: '660105377589b8dea565208b' });
    });
    const shipment = await adapter().book(booking);
    expect(sent.map((request) => request.method)).toEqual(['POST', 'GET']);
    expect(shipment.providerOrderId).toBe('660105377589b8dea565208b');
    expect(shipment.waybillId).toBe('WYB-1112223333443');
  });

  it('is refused on another booking error, unavailable on a 5xx', async () => {
    fakeBiteship(() =>
      Response.json({ success: false, error: 'Invalid postal code', code: 40002020 }, { status: 400 }),
    );
    expect(await failure(adapter().book(booking))).toMatchObject({
      name: 'AggregatorRefused',
      code: 40002020,
    });
    vi.restoreAllMocks();
    fakeBiteship(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failure(adapter().book(booking))).toBeInstanceOf(AggregatorUnavailable);
  });

  it('reads an order with its history oldest first, camelCase and unknown statuses normalised', async () => {
    const sent = fakeBiteship(() =>
      Response.json(
        orderRetrieved('pickingUp', [
          {
            status: 'allocated',
            note: 'Courier has been allocated. Waiting to pick up.',
            updated_at: '2021-01-11T15:49:25+07:00',
          },
          {
            status: 'confirmed',
            note: 'Order has been confirmed. Locating nearest driver to pickup.',
            updated_at: '2021-01-11T14:03:41+07:00',
          },
          {
            status: 'pickingUp',
            note: 'Courier is on the way to pick up item.',
            updated_at: '2021-01-11T16:10:00+07:00',
          },
          {
            status: 'menunggu_kurir',
            note: 'Status yang tidak dikenal',
            updated_at: '2021-01-11T16:20:00+07:00',
          },
        ]),
      ),
    );
    const shipment = await adapter().shipment('5dd599ebdefcd4158eb8470b');
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('https://api.biteship.com/v1/orders/5dd599ebdefcd4158eb8470b');
    expect(sent[0]?.headers.get('authorization')).toBe(KEY);
    expect(shipment).toEqual({
      providerOrderId: '5dd599ebdefcd4158eb8470b',
      referenceId: 'ord_01',
      status: 'picking_up',
      waybillId: 'WYB-1112223333443',
      trackingId: '6de509ebdefgh4158ij3451c',
      trackingUrl: 'https://example.com/10298309123809',
      courierCode: 'anteraja',
      serviceCode: 'reg',
      price: 27500,
      history: [
        {
          status: 'confirmed',
          note: 'Order has been confirmed. Locating nearest driver to pickup.',
          at: '2021-01-11T14:03:41+07:00',
        },
        {
          status: 'allocated',
          note: 'Courier has been allocated. Waiting to pick up.',
          at: '2021-01-11T15:49:25+07:00',
        },
        {
          status: 'picking_up',
          note: 'Courier is on the way to pick up item.',
          at: '2021-01-11T16:10:00+07:00',
        },
        { status: 'confirmed', note: 'Status yang tidak dikenal', at: '2021-01-11T16:20:00+07:00' },
      ],
    });
  });

  it('treats an unknown order status as the lowest rank', async () => {
    fakeBiteship(() => Response.json(orderRetrieved('menunggu_kurir', [])));
    expect((await adapter().shipment('5dd599ebdefcd4158eb8470b'))?.status).toBe('confirmed');
  });

  it('answers null for an order Biteship does not know (404, or 40002057)', async () => {
    fakeBiteship(() =>
      Response.json({ success: false, error: 'Order not found', code: 40402057 }, { status: 404 }),
    );
    expect(await adapter().shipment('tidak-ada')).toBeNull();
    vi.restoreAllMocks();
    fakeBiteship(() =>
      Response.json({ success: false, error: 'Order not found', code: 40002057 }, { status: 400 }),
    );
    expect(await adapter().shipment('tidak-ada')).toBeNull();
  });

  it('is unavailable on an order body it cannot read', async () => {
    fakeBiteship(() => Response.json({ ...ORDER_CREATED, price: null }));
    expect(await failure(adapter().shipment('5dd599ebdefcd4158eb8470b'))).toBeInstanceOf(
      AggregatorUnavailable,
    );
  });
});
