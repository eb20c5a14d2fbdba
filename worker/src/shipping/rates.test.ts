import { env } from 'cloudflare:test';
import type { Order, ShippingQuote } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BITESHIP_KEY,
  COURIER_SETTINGS,
  courierCall,
  mockRates,
  ratesAnswer,
  saveCourierSettings,
} from '../../test/courier-fixtures.ts';
import { type CallInit, call, createUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { COURIER_RATES_PER_CLIENT, LIVE_RATES_FAILED, QUOTE_CHANGED, RATES_TIMEOUT_MS } from './rates.ts';

// Live courier rates at checkout and in the order (decision 032), Biteship mocked at fetch.

type ErrorBody = { error: { code: string; message: string } };

const JAKARTA = { districtCode: CUSTOMER.districtCode, postalCode: CUSTOMER.postalCode };
/** Kec. Jayapura Utara, Kota Jayapura (Papua). */
const JAYAPURA = {
  provinceCode: '91',
  regencyCode: '91.71',
  districtCode: '91.71.01',
  postalCode: '99111',
};

const quoteOf = async (
  items: ReturnType<typeof cart>,
  where: { districtCode: string; postalCode?: string } = JAKARTA,
  request = courierCall,
) => {
  const res = await request('/api/shipping/quote', { method: 'POST', json: { ...where, items } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ShippingQuote>();
};

/** POST /api/orders; paid by manual transfer unless `json` names a channel. */
const order = (cookie: string, json: Record<string, unknown>) =>
  courierCall('/api/orders', {
    method: 'POST',
    cookie,
    json: { paymentChannel: 'bank_transfer', ...json },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

/** An order of the cart to CUSTOMER's address with a courier option of a quote. */
const courierOrder = (cookie: string, products: TestProduct[], serviceId: string, quoteId: string | null) =>
  order(cookie, {
    items: cart(products),
    customer: CUSTOMER,
    shippingServiceId: serviceId,
    shippingQuoteId: quoteId,
  });

/** Every stored quote past its expiry (within the day the Cron keeps it). */
const expireQuotes = () =>
  env.DB.prepare("UPDATE shipping_quotes SET expires_at = '2000-01-01T00:00:00.000Z'").run();

/** A cart of one 50 ml bottle (300 g, the migration's default) of Rp 150.000. */
async function oneBottle(): Promise<TestProduct[]> {
  return insertProducts([150_000]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('courier rates at checkout', () => {
  it('price the parcel from D1 by destination and weight, cheapest first, the cheapest and fastest marked', async () => {
    await saveCourierSettings();
    const { bodies } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();

    const jakarta = await quoteOf(cart(products));
    expect(jakarta).toEqual({
      zone: 'Kurir langsung',
      subtotal: 150_000,
      source: 'courier',
      quoteId: expect.any(String),
      notice: null,
      // 300 g bottle + 150 g packaging: one started kilogram.
      weightGrams: 450,
      options: [
        {
          id: 'sicepat:reg',
          name: 'SiCepat Reguler',
          fee: 9_000,
          etaMinDays: 2,
          etaMaxDays: 3,
          courier: { code: 'sicepat', name: 'SiCepat', service: 'reg', serviceName: 'Reguler', cod: true },
          tags: ['cheapest'],
        },
        {
          id: 'jne:reg',
          name: 'JNE Reguler',
          fee: 11_000,
          etaMinDays: 1,
          etaMaxDays: 2,
          courier: { code: 'jne', name: 'JNE', service: 'reg', serviceName: 'Reguler', cod: true },
          tags: [],
        },
        {
          id: 'sicepat:best',
          name: 'SiCepat Besok Sampai Tujuan',
          fee: 18_000,
          etaMinDays: 1,
          etaMaxDays: 1,
          courier: {
            code: 'sicepat',
            name: 'SiCepat',
            service: 'best',
            serviceName: 'Besok Sampai Tujuan',
            cod: true,
          },
          tags: ['fastest'],
        },
      ],
    });
    const fees = (quote: ShippingQuote) => quote.options.map((o) => [o.id, o.fee]);
    const { districtCode, postalCode } = JAYAPURA;
    expect(fees(await quoteOf(cart(products), { districtCode, postalCode }))).toEqual([
      ['sicepat:reg', 38_000],
      ['jne:reg', 40_000],
      ['sicepat:best', 76_000],
    ]);
    // Five bottles: 1.650 g, two started kilograms.
    const heavier = await quoteOf(cart(products, 5));
    expect(heavier.weightGrams).toBe(1_650);
    expect(fees(heavier)).toEqual([
      ['sicepat:reg', 18_000],
      ['jne:reg', 20_000],
      ['sicepat:best', 36_000],
    ]);
    // The request: the origin and couriers of the settings, the sizes' weights from D1, the
    // packaging, and the rest of the started kilogram (decision 037), of no value.
    expect(bodies[0]).toEqual({
      origin_postal_code: 12440,
      destination_postal_code: 10110,
      couriers: 'jne,sicepat',
      items: [
        { name: 'Parfum Uji 1 50 ml', category: 'beauty', value: 150_000, quantity: 1, weight: 300 },
        { name: 'Kemasan', category: 'beauty', value: 0, quantity: 1, weight: 150 },
        { name: 'Pembulatan berat', category: 'beauty', value: 0, quantity: 1, weight: 550 },
      ],
    });
  });

  it('reuse a cached quote for the same parcel and destination: the aggregator is asked once', async () => {
    await saveCourierSettings();
    const { spy } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    const first = await quoteOf(cart(products));
    const second = await quoteOf(cart(products));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    const stored = await env.DB.prepare(
      'SELECT provider, weight_grams, destination_postal_code, cache_key FROM shipping_quotes',
    ).all();
    expect(stored.results).toEqual([
      {
        provider: 'biteship',
        weight_grams: 1000,
        destination_postal_code: '10110',
        cache_key: 'biteship|12440|10110|1000|jne,sicepat',
      },
    ]);
  });

  it(
    'fall back to the zones with a notice when the aggregator does not answer in time',
    async () => {
      await saveCourierSettings();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // Never answers: the adapter's timeout is what ends the wait.
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        (_input, init) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      );
      const products = await oneBottle();
      const started = Date.now();
      const quote = await quoteOf(cart(products));
      expect(Date.now() - started).toBeGreaterThanOrEqual(RATES_TIMEOUT_MS - 100);
      expect(quote).toMatchObject({
        zone: 'Jabodetabek',
        source: 'zones',
        quoteId: null,
        notice: LIVE_RATES_FAILED,
        weightGrams: 450,
      });
      expect(quote.options.map((o) => o.id)).toEqual(['jabodetabek-reguler', 'jabodetabek-kilat']);
      // The postal code's area search, asked side by side, timed out too (its own line).
      const lines = warn.mock.calls.map(([line]) => String(line)).filter((l) => l.includes('courier_rates'));
      expect(lines).toHaveLength(1);
      const line = String(lines[0]);
      expect(JSON.parse(line)).toMatchObject({
        event: 'courier_rates_failed',
        error: 'AggregatorUnavailable',
      });
      expect(line).not.toContain(BITESHIP_KEY);
    },
    RATES_TIMEOUT_MS + 10_000,
  );

  it('fall back to the zones with a notice when the aggregator fails or refuses, and cache nothing', async () => {
    await saveCourierSettings();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const products = await oneBottle();
    const answers = [
      Response.json({ success: false, error: 'Internal error' }, { status: 500 }),
      Response.json(
        { success: false, error: 'Failed due to invalid or not available postal code', code: 40001001 },
        { status: 400 },
      ),
      Response.json({ ...ratesAnswer({ destination: 10110, grams: 450 }), pricing: [] }),
    ];
    const { spy } = mockRates(() => answers.shift() as Response);
    for (let i = 0; i < 3; i += 1) {
      const quote = await quoteOf(cart(products));
      expect(quote).toMatchObject({ source: 'zones', zone: 'Jabodetabek', notice: LIVE_RATES_FAILED });
    }
    expect(spy).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.map((args) => JSON.parse(String(args[0])))).toEqual([
      expect.objectContaining({ error: 'AggregatorUnavailable', status: 500 }),
      expect.objectContaining({ error: 'AggregatorRefused', status: 400, code: 40001001 }),
      expect.objectContaining({ event: 'courier_rates_empty' }),
    ]);
    for (const [line] of warn.mock.calls) expect(String(line)).not.toContain(BITESHIP_KEY);
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM shipping_quotes').first('n');
    expect(stored).toBe(0);
  });

  it('ask the aggregator for one network at most COURIER_RATES_PER_CLIENT times in its window: beyond, the zones (a shopper cannot run up the shop’s bill)', async () => {
    await saveCourierSettings();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { spy } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    const from =
      (address: string) =>
      (path: string, init: CallInit = {}) =>
        courierCall(path, { ...init, headers: { ...init.headers, 'cf-connecting-ip': address } });
    // Every quote a new destination (another postal code each time): nothing comes from the cache.
    const to = (n: number) => ({ ...JAKARTA, postalCode: String(10110 + n) });
    for (let n = 1; n <= COURIER_RATES_PER_CLIENT; n += 1) {
      const quote = await quoteOf(cart(products), to(n), from('203.0.113.7'));
      expect(quote.source).toBe('courier');
    }
    const beyond = await quoteOf(cart(products), to(COURIER_RATES_PER_CLIENT + 1), from('203.0.113.7'));
    expect(beyond).toMatchObject({ source: 'zones', notice: LIVE_RATES_FAILED });
    expect(spy).toHaveBeenCalledTimes(COURIER_RATES_PER_CLIENT);
    // A cached parcel costs the aggregator nothing: still priced live for that address.
    expect((await quoteOf(cart(products), to(1), from('203.0.113.7'))).source).toBe('courier');
    // Another address has its own allowance.
    const papua = { districtCode: JAYAPURA.districtCode, postalCode: JAYAPURA.postalCode };
    expect((await quoteOf(cart(products, 2), papua, from('198.51.100.4'))).source).toBe('courier');
  });

  it('quote by the started kilogram: carts of one weight step to one postal code share one quote, priced at the step’s top', async () => {
    await saveCourierSettings();
    const { spy, bodies } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    // 1, 2 and 3 bottles with the packaging: 450, 750 and 1.050 g.
    const one = await quoteOf(cart(products, 1));
    const two = await quoteOf(cart(products, 2));
    expect(two.quoteId).toBe(one.quoteId);
    expect(two.options).toEqual(one.options);
    expect([one.weightGrams, two.weightGrams]).toEqual([450, 750]);
    const three = await quoteOf(cart(products, 3));
    expect(three.quoteId).not.toBe(one.quoteId);
    expect(spy).toHaveBeenCalledTimes(2);
    const asked = (body: Record<string, unknown>) =>
      (body.items as { weight: number; quantity: number }[]).reduce((g, i) => g + i.weight * i.quantity, 0);
    expect(bodies.map(asked)).toEqual([1000, 2000]);
    // An order of two bottles names the quote the one-bottle cart made: the same price binds it.
    const { cookie } = await createUser();
    const res = await order(cookie, {
      items: cart(products, 2),
      customer: CUSTOMER,
      shippingServiceId: 'jne:reg',
      shippingQuoteId: one.quoteId,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('red team: 640 askings from 32 addresses of one /64, and one account from 32 networks, leave the shop’s cap to honest shoppers', async () => {
    await saveCourierSettings();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { spy } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    const as =
      (address: string, cookie?: string) =>
      (path: string, init: CallInit = {}) =>
        courierCall(path, {
          ...init,
          ...(cookie ? { cookie } : {}),
          headers: { ...init.headers, 'cf-connecting-ip': address },
        });
    const ask = async (
      request: ReturnType<typeof as>,
      items: ReturnType<typeof cart>,
      postalCode: string,
    ) => {
      const res = await request('/api/shipping/quote', {
        method: 'POST',
        json: { districtCode: JAKARTA.districtCode, postalCode, items },
      });
      expect(res.status).toBe(200);
    };
    const { cookie } = await createUser();
    // 32 addresses of one /64, 20 askings each: every one of 1–5 bottles to one of four postal codes.
    for (let a = 0; a < 32; a += 1) {
      const request = as(`2001:db8:7:9:${(a + 1).toString(16)}::1`);
      for (let n = 0; n < 20; n += 1)
        await ask(request, cart(products, (n % 5) + 1), String(10110 + (n % 4)));
    }
    // The weight step folds the 5 weights into 2 steps: 8 quotes, the other 632 askings cache hits.
    expect(spy).toHaveBeenCalledTimes(8);
    // The same /64 asking new postal codes: one network's budget for all its addresses.
    for (let a = 0; a < 32; a += 1) {
      await ask(as(`2001:db8:7:9:${(a + 1).toString(16)}::2`), cart(products), String(10300 + a));
    }
    expect(spy).toHaveBeenCalledTimes(COURIER_RATES_PER_CLIENT);
    // One account from 32 networks, new postal codes each: the session's budget holds them all.
    for (let a = 0; a < 32; a += 1) {
      const request = as(`198.51.100.${a + 1}`, cookie);
      for (let n = 0; n < 2; n += 1) await ask(request, cart(products), String(12000 + a * 2 + n));
    }
    expect(spy).toHaveBeenCalledTimes(2 * COURIER_RATES_PER_CLIENT);
    // An honest shopper elsewhere is priced live: the shop's 600 a minute was never reached.
    const honest = await quoteOf(cart(products), { ...JAKARTA, postalCode: '12950' }, as('192.0.2.50'));
    expect(honest).toMatchObject({ source: 'courier', notice: null });
  }, 120_000);

  it('use the zones with no notice when no aggregator is configured, live rates are off, or no postal code is sent', async () => {
    const { spy } = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    await saveCourierSettings();
    // No BITESHIP_API_KEY: the tests' own bindings.
    const unconfigured = await quoteOf(cart(products), JAKARTA, call);
    expect(unconfigured).toMatchObject({ source: 'zones', quoteId: null, notice: null, weightGrams: 450 });
    // An old client sends no postal code.
    const old = await quoteOf(cart(products), { districtCode: JAKARTA.districtCode });
    expect(old).toMatchObject({ source: 'zones', notice: null });
    await saveCourierSettings({ enabled: false });
    expect(await quoteOf(cart(products))).toMatchObject({ source: 'zones', notice: null });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuse a postal code outside the district’s province', async () => {
    const products = await oneBottle();
    const res = await courierCall('/api/shipping/quote', {
      method: 'POST',
      json: { districtCode: JAKARTA.districtCode, postalCode: '99111', items: cart(products) },
    });
    expect(res.status).toBe(400);
  });

  it('ship free past the free-shipping threshold (decision 012), for couriers too', async () => {
    await saveCourierSettings();
    await env.DB.prepare(
      "INSERT INTO site_settings (key, value) VALUES ('shippingFreeThreshold', '100000')",
    ).run();
    mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    const quote = await quoteOf(cart(products));
    expect(quote.options.map((o) => [o.id, o.fee, o.tags])).toEqual([
      ['sicepat:reg', 0, []],
      ['jne:reg', 0, []],
      ['sicepat:best', 0, ['fastest']],
    ]);
    const { cookie } = await createUser();
    const res = await courierOrder(cookie, products, 'jne:reg', quote.quoteId);
    expect(res.status).toBe(201);
    expect((await res.json<Order>()).shipping_fee).toBe(0);
  });
});

describe('an order priced by a courier quote', () => {
  async function quoted() {
    await saveCourierSettings();
    const mock = mockRates((asked) => Response.json(ratesAnswer(asked)));
    const products = await oneBottle();
    const quote = await quoteOf(cart(products));
    const { cookie } = await createUser();
    return { ...mock, products, quote, cookie };
  }

  it('stores the courier, service, fee, estimate, weight and quote the server made', async () => {
    const { spy, products, quote, cookie } = await quoted();
    const res = await courierOrder(cookie, products, 'jne:reg', quote.quoteId);
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<Order>();
    expect(placed).toMatchObject({
      shipping_zone: 'Kurir langsung',
      shipping_service: 'JNE Reguler',
      shipping_fee: 11_000,
      shipping_eta_min_days: 1,
      shipping_eta_max_days: 2,
      shipping_courier_code: 'jne',
      shipping_service_code: 'reg',
      shipping_weight_grams: 450,
      subtotal_amount: 150_000,
    });
    expect(placed.total_amount).toBe(150_000 + 11_000 + placed.unique_code);
    const row = await env.DB.prepare('SELECT shipping_quote_id FROM orders WHERE id = ?')
      .bind(placed.id)
      .first('shipping_quote_id');
    expect(row).toBe(quote.quoteId);
    // The quote was valid: no second question to the aggregator.
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('refuses a service the quote does not hold (422) and a fee sent by the browser (400)', async () => {
    const { products, quote, cookie } = await quoted();
    const body = { items: cart(products), customer: CUSTOMER, shippingQuoteId: quote.quoteId };
    const tampered = await order(cookie, { ...body, shippingServiceId: 'jne:yes' });
    expect(tampered.status).toBe(422);
    expect((await tampered.json<ErrorBody>()).error.code).toBe('shipping_service_unavailable');
    const priced = await order(cookie, { ...body, shippingServiceId: 'jne:reg', shippingFee: 0 });
    expect(priced.status).toBe(400);
    // A courier option named without its quote is no zone's service either.
    const bare = await order(cookie, {
      items: cart(products),
      customer: CUSTOMER,
      shippingServiceId: 'jne:reg',
    });
    expect(bare.status).toBe(422);
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('refuses a quote of another weight, destination or origin, or an unknown one: checkout asks again (409)', async () => {
    const { products, quote, cookie } = await quoted();
    const refused = async (json: Record<string, unknown>) => {
      const res = await order(cookie, {
        shippingServiceId: 'jne:reg',
        shippingQuoteId: quote.quoteId,
        ...json,
      });
      expect(res.status).toBe(409);
      const { error } = await res.json<ErrorBody>();
      expect(error).toMatchObject({ code: 'shipping_quote_changed', message: QUOTE_CHANGED });
    };
    await refused({ items: cart(products, 5), customer: CUSTOMER });
    await refused({ items: cart(products), customer: { ...CUSTOMER, ...JAYAPURA } });
    await refused({ items: cart(products), customer: CUSTOMER, shippingQuoteId: crypto.randomUUID() });
    await saveCourierSettings({ origin: { ...COURIER_SETTINGS.origin, postalCode: '12430' } });
    await refused({ items: cart(products), customer: CUSTOMER });
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('asks again once the quote expired: the same price goes through, bound to the new quote', async () => {
    const { spy, products, quote, cookie } = await quoted();
    await expireQuotes();
    const res = await courierOrder(cookie, products, 'sicepat:reg', quote.quoteId);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(spy).toHaveBeenCalledTimes(2);
    const placed = await res.json<Order>();
    expect(placed.shipping_fee).toBe(9_000);
    const bound = await env.DB.prepare('SELECT shipping_quote_id FROM orders WHERE id = ?')
      .bind(placed.id)
      .first<string>('shipping_quote_id');
    expect(bound).not.toBe(quote.quoteId);
    expect(await env.DB.prepare('SELECT id FROM shipping_quotes WHERE id = ?').bind(bound).first('id')).toBe(
      bound,
    );
  });

  it('refuses an expired quote whose price changed or whose service is gone (409)', async () => {
    const { spy, products, quote, cookie } = await quoted();
    await expireQuotes();
    spy.mockImplementation(async () => Response.json(ratesAnswer({ destination: 10110, grams: 450 }, 1_000)));
    const res = await courierOrder(cookie, products, 'sicepat:reg', quote.quoteId);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.code).toBe('shipping_quote_changed');
    await expireQuotes();
    spy.mockImplementation(async () =>
      Response.json({ success: false, error: 'No courier available', code: 40001010 }, { status: 400 }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gone = await courierOrder(cookie, products, 'sicepat:reg', quote.quoteId);
    expect(gone.status).toBe(409);
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('covers the quote in the idempotency hash: the same key with another quote is a conflict', async () => {
    const { products, quote, cookie } = await quoted();
    const key = crypto.randomUUID();
    const send = (shippingQuoteId: string | null) =>
      courierCall('/api/orders', {
        method: 'POST',
        cookie,
        json: {
          items: cart(products),
          customer: CUSTOMER,
          shippingServiceId: 'jne:reg',
          shippingQuoteId,
          paymentChannel: 'bank_transfer',
        },
        headers: { 'idempotency-key': key },
      });
    expect((await send(quote.quoteId)).status).toBe(201);
    expect((await send(quote.quoteId)).status).toBe(200);
    const other = await send(crypto.randomUUID());
    expect(other.status).toBe(409);
    expect((await other.json<ErrorBody>()).error.code).toBe('idempotency_conflict');
  });
});
