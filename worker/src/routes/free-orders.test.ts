import { env } from 'cloudflare:test';
import type { OrderDetail, ShippingConfig, ShippingConfigInput, ShippingQuote } from '@gi/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courierCall, mockRates, ratesAnswer, saveCourierSettings } from '../../test/courier-fixtures.ts';
import { call, createUser, SETUP, type TestUser } from '../../test/helpers.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  postOrder,
  queuedEmails,
  savePaymentSettings,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import { writeGatewaySettings } from '../settings/rows.ts';

// Free orders (decision 062): a voucher (or a sample's credit) that leaves nothing to pay, on free
// shipping, places the order paid whatever method the body names: no unique code, no gateway
// charge (Midtrans mocked at fetch: it must never be asked), no deadline.

const PRICE = 150_000;

let admin: TestUser;
let customer: TestUser;
let products: TestProduct[];

/** The admin's free shipping from `threshold`: the seeded zones saved again with it. */
async function freeShippingFrom(threshold: number) {
  const loaded = await (await call('/api/shipping')).json<ShippingConfig>();
  const input: ShippingConfigInput = {
    zones: loaded.zones.map(({ id, name, areas, services }) => ({
      id,
      name,
      areaCodes: areas.map((area) => area.code),
      services,
    })),
    freeShippingThreshold: threshold,
  };
  const res = await call('/api/admin/shipping', { method: 'PUT', cookie: admin.cookie, json: input });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function voucher(json: Record<string, unknown>): Promise<string> {
  const res = await call('/api/admin/vouchers', { method: 'POST', cookie: admin.cookie, json });
  expect(res.status, await res.clone().text()).toBe(201);
  return json.code as string;
}

async function placed(paymentChannel: string, voucherCode: string): Promise<OrderDetail> {
  const res = await postOrder(customer.cookie, {
    items: cart(products),
    customer: CUSTOMER,
    paymentChannel,
    voucherCode,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OrderDetail>();
}

/** The shop's cash on delivery with `fee`, beside the transfer; the courier's rates mocked at fetch. */
async function offerCod(fee: number) {
  await saveCourierSettings();
  await writeGatewaySettings(
    getDb(env.DB),
    { channels: [], manualTransfer: true, cod: { enabled: true, fee, maxOrderValue: 1_000_000 } },
    SETUP,
  );
  mockRates((asked) => Response.json(ratesAnswer(asked)));
}

/** A COD order on JNE REG (a courier's COD service), quoted first as the checkout does. */
async function placedCod(voucherCode: string): Promise<OrderDetail> {
  const quote = await courierCall('/api/shipping/quote', {
    method: 'POST',
    json: { districtCode: CUSTOMER.districtCode, postalCode: CUSTOMER.postalCode, items: cart(products) },
  });
  const { quoteId } = await quote.json<ShippingQuote>();
  const res = await courierCall('/api/orders', {
    method: 'POST',
    cookie: customer.cookie,
    json: {
      items: cart(products),
      customer: CUSTOMER,
      paymentChannel: 'cod',
      shippingServiceId: 'jne:reg',
      shippingQuoteId: quoteId,
      voucherCode,
    },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OrderDetail>();
}

const stock = async () =>
  env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(products[0]?.variantId)
    .first<number>('stock');

/** The sales rows of one channel ('free': the free attempt's method). */
const salesOf = (channel: string) =>
  env.DB.prepare(
    "SELECT sum(orders) AS orders, sum(revenue) AS revenue FROM sales_daily WHERE dimension = 'channel' AND key = ?",
  )
    .bind(channel)
    .first<{ orders: number | null; revenue: number | null }>();

beforeEach(async () => {
  admin = await createUser('owner');
  customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  products = await insertProducts([PRICE]);
  await env.DB.prepare('UPDATE product_variants SET stock = 10 WHERE id = ?')
    .bind(products[0]?.variantId)
    .run();
  await freeShippingFrom(PRICE);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a free order is, whatever method placed it. */
const PAID_AS_PLACED = {
  subtotal_amount: PRICE,
  discount_amount: PRICE,
  shipping_fee: 0,
  unique_code: 0,
  cod_fee: 0,
  total_amount: 0,
  status: 'processing',
  payment_status: 'paid',
  payment_due_at: null,
};

describe('an order with nothing to pay (a voucher covering the items, free shipping)', () => {
  it('by transfer: placed paid, no unique code to transfer, no deadline, stock taken, counted as a sale, one mail saying so', async () => {
    const code = await voucher({ code: 'GRATIS', kind: 'fixed', value: PRICE });
    const order = await placed('bank_transfer', code);
    expect(order).toMatchObject(PAID_AS_PLACED);
    expect(order.payments).toMatchObject([{ method: 'free', status: 'paid', amount: 0 }]);
    expect(order.payment_instructions).toBeNull();
    expect(order.events.map((e) => [e.type, e.status, e.note])).toEqual([
      ['placed', 'pending', null],
      ['payment_confirmed', 'processing', 'Tidak perlu pembayaran: total pesanan Rp 0'],
    ]);
    expect(await stock()).toBe(9);
    expect(await salesOf('free')).toEqual({ orders: 1, revenue: 0 });
    // It is a paid order: it has its invoice.
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM invoices WHERE order_id = ?').bind(order.id).first('n'),
    ).toBe(1);

    // The shopper's one mail: what was bought, and that nothing is to be paid (no account, no code).
    const [mail, ...more] = await queuedEmails('order-placed');
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('tidak perlu pembayaran');
    expect(mail?.body).toContain('Tidak perlu pembayaran');
    expect(mail?.body).not.toContain('5425017788');
    expect(mail?.body).not.toContain('Transfer tepat');
    expect(await queuedEmails('payment-confirmed')).toEqual([]);
    expect(await queuedEmails('shop-new-order')).toHaveLength(1);
  });

  it('100 % off: the same, by a percent voucher', async () => {
    const code = await voucher({ code: 'SERATUS', kind: 'percent', value: 100 });
    expect(await placed('bank_transfer', code)).toMatchObject(PAID_AS_PLACED);
  });

  it('by a gateway: placed paid and the gateway never asked to charge Rp 0', async () => {
    const midtrans = fakeMidtrans();
    const code = await voucher({ code: 'GRATIS', kind: 'fixed', value: PRICE });
    const order = await placed('other_qris', code);
    expect(order).toMatchObject(PAID_AS_PLACED);
    expect(order.payments).toMatchObject([{ method: 'free', channel: null, status: 'paid', amount: 0 }]);
    expect(midtrans.spy).not.toHaveBeenCalled();
    expect(await stock()).toBe(9);
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain('Tidak perlu pembayaran');
  });

  it('by a method the shop does not offer now: nothing to pay, so nothing to refuse', async () => {
    await writeGatewaySettings(
      getDb(env.DB),
      { channels: [], manualTransfer: false, cod: { enabled: false, fee: 0, maxOrderValue: 0 } },
      SETUP,
    );
    const code = await voucher({ code: 'GRATIS', kind: 'fixed', value: PRICE });
    expect(await placed('bank_transfer', code)).toMatchObject(PAID_AS_PLACED);
  });

  it('by COD: without a fee placed paid; with the admin’s fee not free, a COD order whose fee the courier collects', async () => {
    await offerCod(0);
    const code = await voucher({ code: 'GRATIS', kind: 'fixed', value: PRICE });
    const free = await placedCod(code);
    expect(free).toMatchObject(PAID_AS_PLACED);
    expect(free.payments).toMatchObject([{ method: 'free', status: 'paid', amount: 0 }]);

    await offerCod(5_000);
    const cod = await placedCod(code);
    expect(cod).toMatchObject({
      total_amount: 5_000,
      cod_fee: 5_000,
      status: 'processing',
      payment_status: 'pending',
      payment_due_at: null,
    });
    expect(cod.payments).toMatchObject([{ method: 'cod', status: 'pending', amount: 5_000 }]);
    expect(await salesOf('cod')).toEqual({ orders: 1, revenue: 5_000 });
  });

  it('cancelled by the admin: no refund owed, the units back', async () => {
    const code = await voucher({ code: 'GRATIS', kind: 'fixed', value: PRICE });
    const order = await placed('bank_transfer', code);
    expect(order.status).toBe('processing');
    const res = await call(`/api/admin/orders/${order.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json<OrderDetail>()).toMatchObject({ status: 'cancelled', refund_status: null });
    expect(await stock()).toBe(10);
  });

  it('by a sample’s credit with a voucher: placed paid, the credit used', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO site_settings (key, value) VALUES ('sampleCredit', ?)")
      .bind(JSON.stringify({ enabled: true, validDays: 30 }))
      .run();
    const [bottle] = products as [TestProduct];
    const sample = { productId: bottle.id, variantId: crypto.randomUUID() };
    await env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 2, 25000, NULL, 10)',
    )
      .bind(sample.variantId, bottle.id)
      .run();
    // The sample's order, delivered: its Rp 25.000 credit is available toward the bottle.
    const source = await postOrder(customer.cookie, {
      items: [{ ...sample, quantity: 1 }],
      customer: CUSTOMER,
    });
    expect(source.status, await source.clone().text()).toBe(201);
    const sourceId = (await source.json<OrderDetail>()).id;
    await env.DB.batch(
      [
        "UPDATE orders SET status = 'processing' WHERE id = ?",
        "UPDATE orders SET status = 'shipped', courier = 'JNE', tracking_number = 'RESI1' WHERE id = ?",
        "UPDATE orders SET status = 'delivered' WHERE id = ?",
      ].map((statement) => env.DB.prepare(statement).bind(sourceId)),
    );
    const code = await voucher({ code: 'HAMPIR', kind: 'fixed', value: PRICE - 25_000 });
    const order = await placed('other_qris', code);
    expect(order).toMatchObject({
      ...PAID_AS_PLACED,
      discount_amount: PRICE - 25_000,
      credit_amount: 25_000,
    });
    expect(order.payments).toMatchObject([{ method: 'free', status: 'paid', amount: 0 }]);
  });
});
