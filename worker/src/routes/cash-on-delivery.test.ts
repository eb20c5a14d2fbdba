import { env } from 'cloudflare:test';
import type { AdminStats, OperationsAnswer, OrderDetail, ShippingQuote } from '@gi/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courierCall, ratesAnswer, saveCourierSettings } from '../../test/courier-fixtures.ts';
import { createUser, SETUP, type TestUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  queuedEmails,
  savePaymentSettings,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import { AUTO_DELIVER_DAYS, closeShippedOrders } from '../orders/auto-deliver.ts';
import { writeGatewaySettings } from '../settings/rows.ts';

// Cash on delivery (decision 034). Biteship is mocked at the network boundary: its rates answer
// (rates/retrieve's pricing, `available_for_cash_on_delivery` per service; SiCepat BEST marked
// false here) and its orders (orders/create, orders/retrieve), the webhook posted as it sends it.

const BITESHIP = 'https://api.biteship.com';
const WEBHOOK = '/api/shipping/biteship/webhook';
const COD_FEE = 5_000;

interface FakeOrder {
  id: string;
  reference: string;
  status: string;
  history: { status: string; note: string; updated_at: string }[];
}

/** `refuse`: orders/create answers as Biteship refuses a booking (its documented error shape). */
function fakeBiteship({ refuse = false } = {}) {
  const orders = new Map<string, FakeOrder>();
  const booked: Record<string, unknown>[] = [];
  let clock = Date.parse('2026-11-28T01:00:00.000Z');
  const at = () => {
    clock += 60_000;
    return new Date(clock).toISOString().replace('.000Z', '+00:00');
  };
  const body = (order: FakeOrder) => ({
    success: true,
    object: 'order',
    id: order.id,
    courier: {
      tracking_id: `trk-${order.id}`,
      waybill_id: `WYB-${order.id.slice(0, 8)}`,
      company: 'jne',
      type: 'reg',
      link: `https://track.biteship.com/trk-${order.id}`,
      history: order.history,
    },
    reference_id: order.reference,
    price: 11_000,
    status: order.status,
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== BITESHIP) throw new Error(`unexpected fetch ${request.url}`);
    if (request.method === 'POST' && url.pathname === '/v1/rates/couriers') {
      const asked = await request.json<{ destination_postal_code: number; items: { weight: number }[] }>();
      const answer = ratesAnswer({ destination: asked.destination_postal_code, grams: 450 });
      for (const entry of answer.pricing) {
        entry.available_for_cash_on_delivery = entry.courier_service_code !== 'best';
      }
      return Response.json(answer);
    }
    if (request.method === 'POST' && url.pathname === '/v1/orders' && refuse) {
      return Response.json(
        { success: false, error: 'Destination postal code is invalid', code: 40002020 },
        { status: 400 },
      );
    }
    if (request.method === 'POST' && url.pathname === '/v1/orders') {
      const sent = await request.json<Record<string, unknown>>();
      booked.push(sent);
      const order: FakeOrder = {
        id: crypto.randomUUID().replaceAll('-', '').slice(0, 24),
        reference: String(sent.reference_id),
        status: 'confirmed',
        history: [{ status: 'confirmed', note: 'Order has been confirmed.', updated_at: at() }],
      };
      orders.set(order.id, order);
      return Response.json(body(order));
    }
    const match = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
    const order = match && orders.get(match[1] ?? '');
    if (request.method === 'GET' && order) return Response.json(body(order));
    throw new Error(`unexpected fetch ${request.method} ${request.url}`);
  });
  return {
    booked,
    /** The courier reaches `status`; the order.status webhook Biteship posts. */
    advance(id: string, status: string) {
      const order = orders.get(id) as FakeOrder;
      order.status = status;
      order.history.push({ status, note: status, updated_at: at() });
      return { event: 'order.status', order_id: id, status };
    },
  };
}

const notify = (json: unknown) => courierCall(WEBHOOK, { method: 'POST', json, headers: { origin: '' } });

let admin: TestUser;
let customer: TestUser;
let products: TestProduct[];

beforeEach(async () => {
  admin = await createUser('owner');
  customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  await saveCourierSettings();
  await writeGatewaySettings(
    getDb(env.DB),
    {
      channels: [],
      manualTransfer: true,
      cod: { enabled: true, fee: COD_FEE, maxOrderValue: 1_000_000 },
    },
    SETUP,
  );
  products = await insertProducts([150_000]);
  // Counted stock, so taking it and giving it back shows.
  await env.DB.prepare('UPDATE product_variants SET stock = 10 WHERE id = ?')
    .bind(products[0]?.variantId)
    .run();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function quote(): Promise<ShippingQuote> {
  const res = await courierCall('/api/shipping/quote', {
    method: 'POST',
    json: { districtCode: CUSTOMER.districtCode, postalCode: CUSTOMER.postalCode, items: cart(products) },
  });
  expect(res.status).toBe(200);
  return res.json<ShippingQuote>();
}

const order = (json: Record<string, unknown>) =>
  courierCall('/api/orders', {
    method: 'POST',
    cookie: customer.cookie,
    json: { items: cart(products), customer: CUSTOMER, paymentChannel: 'cod', ...json },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

async function codOrder(serviceId = 'jne:reg'): Promise<OrderDetail> {
  const { quoteId } = await quote();
  const res = await order({ shippingServiceId: serviceId, shippingQuoteId: quoteId });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OrderDetail>();
}

const detail = async (id: string) =>
  (await courierCall(`/api/orders/${id}`, { cookie: customer.cookie })).json<OrderDetail>();
const stock = async () =>
  (await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(products[0]?.variantId)
    .first<number>('stock')) as number;
const sales = async () =>
  (await (await courierCall('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>()).totalSales;

describe('placing a COD order', () => {
  it('ships unpaid at once: the fee is its own line in the total, no code, no deadline, a pending cod attempt, stock taken', async () => {
    fakeBiteship();
    const placed = await codOrder();
    // JNE Reguler to postal region 1 for 450 g: Rp 9.000 + Rp 2.000 (courier-fixtures).
    expect(placed).toMatchObject({
      status: 'processing',
      subtotal_amount: 150_000,
      shipping_fee: 11_000,
      unique_code: 0,
      cod_fee: COD_FEE,
      total_amount: 150_000 + 11_000 + COD_FEE,
      payment_status: 'pending',
      payment_due_at: null,
    });
    expect(placed.payments).toMatchObject([{ method: 'cod', status: 'pending', amount: 166_000 }]);
    expect(await stock()).toBe(9);
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain('Biaya COD: Rp 5.000');
    expect(mail?.body).toContain('Siapkan uang tunai Rp 166.000');
    // Not yet revenue: the cash is still with the courier.
    expect(await sales()).toBe(0);
  });

  it('is refused (409, nothing written) when off, over the limit, zone-priced or on a service not taking COD', async () => {
    fakeBiteship();
    const refused = async (json: Record<string, unknown>) => {
      const res = await order(json);
      expect(res.status, await res.clone().text()).toBe(409);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe('payment_not_available');
    };
    const { quoteId } = await quote();
    // SiCepat BEST: the rates answer says available_for_cash_on_delivery false.
    await refused({ shippingServiceId: 'sicepat:best', shippingQuoteId: quoteId });
    // The admin's zones price the order: no courier said anything about COD.
    await refused({ shippingServiceId: 'jabodetabek-reguler' });
    const settings = { channels: [], manualTransfer: true };
    await writeGatewaySettings(
      getDb(env.DB),
      {
        ...settings,
        cod: { enabled: true, fee: COD_FEE, maxOrderValue: 165_999 },
      },
      SETUP,
    );
    await refused({ shippingServiceId: 'jne:reg', shippingQuoteId: quoteId });
    await writeGatewaySettings(
      getDb(env.DB),
      {
        ...settings,
        cod: { enabled: false, fee: COD_FEE, maxOrderValue: 0 },
      },
      SETUP,
    );
    await refused({ shippingServiceId: 'jne:reg', shippingQuoteId: quoteId });
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });
});

describe('a COD parcel', () => {
  async function booked() {
    const biteship = fakeBiteship();
    const placed = await codOrder();
    const res = await courierCall(`/api/admin/orders/${placed.id}/shipment`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const providerId = await env.DB.prepare('SELECT provider_order_id FROM shipments WHERE order_id = ?')
      .bind(placed.id)
      .first<string>('provider_order_id');
    return { biteship, placed, providerId: providerId as string };
  }

  it("is booked with Biteship's COD fields: the whole total to collect, paid out 7 days after delivery", async () => {
    const { biteship, placed } = await booked();
    expect(biteship.booked[0]).toMatchObject({
      reference_id: placed.id,
      courier_company: 'jne',
      courier_type: 'reg',
      destination_cash_on_delivery: 166_000,
      destination_cash_on_delivery_type: '7_days',
    });
  });

  it('delivered: the cash is collected, the attempt paid in the same step, on the timeline by the system, and revenue counts it', async () => {
    const { biteship, placed, providerId } = await booked();
    expect(await sales()).toBe(0);
    expect((await notify(biteship.advance(providerId, 'delivered'))).status).toBe(200);
    const after = await detail(placed.id);
    expect(after.status).toBe('delivered');
    expect(after.payments).toMatchObject([{ method: 'cod', status: 'paid', amount: 166_000 }]);
    expect(after.events.map((row) => `${row.type}:${row.actor}`)).toEqual(
      expect.arrayContaining(['delivered:system', 'payment_confirmed:system']),
    );
    expect(await sales()).toBe(166_000);
  });

  it('refused and returned: the shop is told, then the order is cancelled with its stock back and no refund owed', async () => {
    const { biteship, placed, providerId } = await booked();
    expect(await stock()).toBe(9);
    expect((await notify(biteship.advance(providerId, 'return_in_transit'))).status).toBe(200);
    expect((await detail(placed.id)).status).toBe('shipped');
    expect((await notify(biteship.advance(providerId, 'returned'))).status).toBe(200);
    const after = await detail(placed.id);
    expect(after).toMatchObject({ status: 'cancelled', refund_status: null });
    expect(after.payments).toMatchObject([{ method: 'cod', status: 'void' }]);
    expect(after.events.filter((row) => row.type === 'shipment_issue')).toHaveLength(2);
    expect(await queuedEmails('shop-shipment-issue')).toHaveLength(2);
    expect(await stock()).toBe(10);
    expect(await sales()).toBe(0);
  });

  it("is never closed as delivered by the Cron's 14 days: its cash is paid only on the courier's word", async () => {
    const { placed } = await booked();
    const later = new Date(Date.now() + (AUTO_DELIVER_DAYS + 1) * 86_400_000);
    expect(await closeShippedOrders(env, later)).toBe(0);
    const after = await detail(placed.id);
    expect(after.status).toBe('shipped');
    expect(after.payments).toMatchObject([{ method: 'cod', status: 'pending' }]);
  });
});

describe('a COD order under booking on payment (decision 058)', () => {
  const bookingRow = (id: string) =>
    env.DB.prepare('SELECT status, attempts, message_id FROM shipment_bookings WHERE id = ?')
      .bind(id)
      .first<{ status: string; attempts: number; message_id: string | null }>();
  const failedBookings = async () =>
    (await (await courierCall('/api/admin/operations', { cookie: admin.cookie })).json<OperationsAnswer>())
      .failedBookings;

  it('is booked as it is placed (nothing to pay first), with no press and the COD fields', async () => {
    await saveCourierSettings({ bookOnPayment: true });
    const biteship = fakeBiteship();
    const placed = await codOrder();
    // The checkout's answer does not wait on the courier; the booking follows it.
    expect(placed.status).toBe('processing');
    expect(biteship.booked).toHaveLength(1);
    expect(biteship.booked[0]).toMatchObject({
      reference_id: placed.id,
      courier_company: 'jne',
      courier_type: 'reg',
      destination_cash_on_delivery: 166_000,
      destination_cash_on_delivery_type: '7_days',
    });
    expect(await bookingRow(placed.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const after = await detail(placed.id);
    expect(after.status).toBe('shipped');
    expect(after.payments).toMatchObject([{ method: 'cod', status: 'pending' }]);
  });

  it('a refusal is listed on the dashboard until the admin books it by hand; off, nothing is queued', async () => {
    await saveCourierSettings({ bookOnPayment: true });
    fakeBiteship({ refuse: true });
    const placed = await codOrder();
    expect(await bookingRow(placed.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await failedBookings()).toEqual([
      {
        order_id: placed.id,
        reason: expect.stringContaining('Layanan kurir menolak pemesanan (kode 40002020)'),
        attempts: 1,
        created_at: expect.any(String),
      },
    ]);
    vi.restoreAllMocks();
    fakeBiteship();
    const res = await courierCall(`/api/admin/orders/${placed.id}/shipment`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // Shipped by hand: settled by 0058's trigger, off the list.
    expect(await failedBookings()).toEqual([]);
    expect(await bookingRow(placed.id)).toBeNull();

    // The setting off (the default): a COD order waits for the admin's press.
    await saveCourierSettings({ bookOnPayment: false });
    const waiting = await codOrder();
    expect(await bookingRow(waiting.id)).toBeNull();
    expect((await detail(waiting.id)).status).toBe('processing');
  });
});
