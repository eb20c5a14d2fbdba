import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { courierSettingsSchema, type OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, SETUP, shopRequest, type TestUser } from '../../test/helpers.ts';
import {
  cart,
  insertProducts,
  placeOrder,
  queuedEmails,
  savePaymentSettings,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import app from '../index.ts';
import { writeCourierSettings } from '../settings/rows.ts';
import { pollShipments, SHIPMENT_POLL_BATCH } from '../shipping/shipments.ts';

// Biteship is mocked at the network boundary: a fake that keeps the orders booked with it and
// answers POST /v1/orders, GET /v1/orders/:id with bodies shaped like its documented samples
// (orders/create, orders/retrieve, errors), and webhooks are posted as its dashboard log shows them.

const KEY = 'biteship_test.uji-pengiriman';
const WEBHOOK = '/api/shipping/biteship/webhook';
const BITESHIP = 'https://api.biteship.com';
/** The Worker with Biteship configured (the suite's wrangler bindings have no key). */
const biteshipEnv = { ...env, BITESHIP_API_KEY: KEY };

type CallInit = Parameters<typeof shopRequest>[1];

async function callWith(path: string, init: CallInit = {}, bindings: typeof env = biteshipEnv) {
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

interface FakeOrder {
  id: string;
  reference: string;
  waybill: string | null;
  status: string;
  history: { status: string; note: string; updated_at: string }[];
}

const STEP_NOTES: Record<string, string> = {
  confirmed: 'Order has been confirmed. Locating nearest driver to pick up.',
  allocated: 'Courier has been allocated. Waiting to pick up.',
  picked: 'Item has been picked and ready to be shipped.',
  dropping_off: 'Item is on the way to customer.',
  delivered: 'Item has been delivered.',
  returned: 'Order successfully returned.',
};

/** orders/create and orders/retrieve's order object, for the fake's state of one order. */
function orderBody(order: FakeOrder, courier: { company: string; type: string }) {
  return {
    success: true,
    object: 'order',
    id: order.id,
    draft_order_id: null,
    courier: {
      tracking_id: `trk-${order.id}`,
      waybill_id: order.waybill,
      company: courier.company,
      type: courier.type,
      link: `https://track.biteship.com/trk-${order.id}?environment=development`,
      history: order.history.map((step) => ({ service_type: 'reg', ...step })),
      driver_name: null,
      routing_code: null,
    },
    reference_id: order.reference,
    currency: 'IDR',
    price: 18_000,
    status: order.status,
  };
}

function fakeBiteship() {
  const orders = new Map<string, FakeOrder>();
  const booked: Record<string, unknown>[] = [];
  let down = false;
  let gets = 0;
  let clock = Date.parse('2026-11-27T01:00:00.000Z');
  const at = () => {
    clock += 60_000;
    return new Date(clock).toISOString().replace('.000Z', '+00:00');
  };
  let onBook: (() => Promise<void>) | null = null;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== BITESHIP) throw new Error(`unexpected fetch ${request.method} ${request.url}`);
    if (request.headers.get('authorization') !== KEY) return Response.json({}, { status: 401 });
    if (down) return Response.json({ success: false, error: 'Internal error' }, { status: 500 });
    if (request.method === 'POST' && url.pathname === '/v1/orders') {
      const body = await request.json<Record<string, unknown>>();
      booked.push(body);
      await onBook?.();
      if (body.destination_postal_code === 99999) {
        return Response.json(
          { success: false, error: 'Destination postal code is invalid', code: 40002020 },
          { status: 400 },
        );
      }
      const existing = [...orders.values()].find((order) => order.reference === body.reference_id);
      if (existing) {
        return Response.json(
          {
            success: false,
            error: 'Reference id has already been used before. Please input other reference id',
            code: 40002060,
            details: {
              order_id: existing.id,
              waybill_id: existing.waybill,
              reference_id: existing.reference,
            },
          },
          { status: 400 },
        );
      }
      const order: FakeOrder = {
        id: crypto.randomUUID().replaceAll('-', '').slice(0, 24),
        reference: String(body.reference_id),
        waybill: `WYB-${1775600036808 + orders.size}`,
        status: 'confirmed',
        history: [{ status: 'confirmed', note: STEP_NOTES.confirmed as string, updated_at: at() }],
      };
      orders.set(order.id, order);
      return Response.json(
        { ...orderBody(order, { company: String(body.courier_company), type: String(body.courier_type) }) },
        { status: 200 },
      );
    }
    const match = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      gets += 1;
      const order = orders.get(decodeURIComponent(match[1] ?? ''));
      if (!order)
        return Response.json({ success: false, error: 'Order not found', code: 40002057 }, { status: 404 });
      return Response.json(orderBody(order, { company: 'jne', type: 'reg' }));
    }
    throw new Error(`unexpected fetch ${request.method} ${request.url}`);
  });
  return {
    spy,
    booked,
    orders,
    gets: () => gets,
    down: (value: boolean) => {
      down = value;
    },
    onBook: (hook: (() => Promise<void>) | null) => {
      onBook = hook;
    },
    /** The courier reaches `status` (its history gains the step); the order.status webhook Biteship sends. */
    advance(providerOrderId: string, status: string, extra: Partial<FakeOrder> = {}) {
      const order = orders.get(providerOrderId);
      if (!order) throw new Error('no such fake order');
      order.status = status;
      order.history.push({ status, note: STEP_NOTES[status] ?? status, updated_at: at() });
      Object.assign(order, extra);
      return webhookBody(order, 'order.status');
    },
  };
}

/** order.status as Biteship's dashboard log shows it (research note §7). */
const webhookBody = (order: FakeOrder, event: string) => ({
  event,
  order_id: order.id,
  order_price: 18_000,
  courier_tracking_id: `trk-${order.id}`,
  courier_waybill_id: order.waybill,
  courier_company: 'jne',
  courier_type: 'reg',
  courier_link: `https://track.biteship.com/trk-${order.id}?environment=development`,
  status: order.status,
  updated_at: '2026-11-27T02:25:15.115Z',
});

/** Biteship posts it: no cookie, no Origin. */
const notify = (body: unknown) =>
  callWith(WEBHOOK, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: '' },
  });

afterEach(() => {
  vi.restoreAllMocks();
});

const PICKUP = courierSettingsSchema.parse({
  enabled: true,
  origin: {
    customerName: 'Gudang Global Imperium',
    customerPhone: '0812-1111-2222',
    provinceCode: '31',
    regencyCode: '31.74',
    districtCode: '31.74.01',
    postalCode: '12440',
    customerAddress: 'Jl. Fatmawati Raya No. 29',
  },
  packagingWeightGrams: 100,
  couriers: ['jne', 'sicepat'],
});

/** A paid order priced with JNE Reguler (what checkout's live rate stores), of a 400 g bottle. */
async function paidCourierOrder(admin?: TestUser) {
  const shopAdmin = admin ?? (await createUser('owner'));
  const customer = await createUser('customer');
  await savePaymentSettings(shopAdmin.cookie);
  await writeCourierSettings(getDb(env.DB), PICKUP, SETUP);
  const products = await insertProducts([250_000]);
  await env.DB.prepare('UPDATE product_variants SET weight_grams = 400 WHERE id = ?')
    .bind(products[0]?.variantId)
    .run();
  const order = await placeOrder(customer.cookie, cart(products, 2));
  await env.DB.prepare(
    "UPDATE orders SET shipping_courier_code = 'jne', shipping_service_code = 'reg', shipping_service = 'JNE · Reguler' WHERE id = ?",
  )
    .bind(order.id)
    .run();
  const confirmed = await call(`/api/admin/orders/${order.id}/payment/confirm`, {
    method: 'POST',
    cookie: shopAdmin.cookie,
  });
  expect(confirmed.status).toBe(200);
  return { admin: shopAdmin, customer, order };
}

const book = (cookie: string, orderId: string, bindings: typeof env = biteshipEnv) =>
  callWith(`/api/admin/orders/${orderId}/shipment`, { method: 'POST', cookie }, bindings);

const detail = async (cookie: string, id: string) =>
  (await call(`/api/orders/${id}`, { cookie })).json<OrderDetail>();

async function shipmentsOf(orderId: string) {
  const { results } = await env.DB.prepare(
    'SELECT id, status, provider_order_id, waybill_id, check_after FROM shipments WHERE order_id = ?',
  )
    .bind(orderId)
    .all<{
      id: string;
      status: string;
      provider_order_id: string;
      waybill_id: string;
      check_after: string | null;
    }>();
  return results;
}

const timeline = async (cookie: string, id: string) =>
  (await detail(cookie, id)).events.map((row) => `${row.type}:${row.actor}`);

const historyCount = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM shipment_events').first<{ n: number }>())?.n ?? 0;

describe("'Buat Pengiriman'", () => {
  it('books the courier service once: the order is shipped with the resi, the email carries it and the tracking link', async () => {
    const biteship = fakeBiteship();
    const { admin, customer, order } = await paidCourierOrder();
    const res = await book(admin.cookie, order.id);
    expect(res.status).toBe(201);
    const body = await res.json<OrderDetail>();
    expect(body).toMatchObject({ status: 'shipped', courier: 'JNE', tracking_number: 'WYB-1775600036808' });
    expect(body.shipment).toMatchObject({
      courier_code: 'jne',
      courier_name: 'JNE',
      service_code: 'reg',
      service_name: 'JNE · Reguler',
      waybill_id: 'WYB-1775600036808',
      status: 'confirmed',
      status_label: 'Pengiriman dipesan',
    });
    expect(body.shipment?.tracking_url).toMatch(/^https:\/\/track\.biteship\.com\/trk-/);
    expect(body.shipment?.history).toHaveLength(1);

    // What Biteship was asked: our order as the reference, the priced service, the parcel by weight.
    expect(biteship.booked).toHaveLength(1);
    expect(biteship.booked[0]).toMatchObject({
      reference_id: order.id,
      courier_company: 'jne',
      courier_type: 'reg',
      delivery_type: 'now',
      origin_postal_code: 12440,
      origin_contact_phone: '081211112222',
      destination_postal_code: 10110,
      destination_contact_name: 'Siti Aminah',
      items: [
        { name: 'Parfum Uji 1', value: 250_000, quantity: 2, weight: 400 },
        { name: 'Kemasan', value: 0, quantity: 1, weight: 100 },
      ],
    });

    const [mail] = await queuedEmails('order-shipped');
    expect(mail?.body).toContain('Nomor resi: WYB-1775600036808');
    expect(mail?.body).toContain(`Lacak pengiriman: ${body.shipment?.tracking_url}`);
    expect(await timeline(customer.cookie, order.id)).toEqual([
      'placed:customer',
      'payment_confirmed:admin',
      'shipped:admin',
    ]);
    // The customer's order page reads the same shipment.
    expect((await detail(customer.cookie, order.id)).shipment?.waybill_id).toBe('WYB-1775600036808');
  });

  it('pressed again: the same shipment, no second booking', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    expect((await book(admin.cookie, order.id)).status).toBe(201);
    const again = await book(admin.cookie, order.id);
    expect(again.status).toBe(200);
    expect((await again.json<OrderDetail>()).shipment?.waybill_id).toBe('WYB-1775600036808');
    expect(biteship.booked).toHaveLength(1);
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect(await queuedEmails('order-shipped')).toHaveLength(1);
  });

  it('pressed twice at once: one booking, one shipment, one email', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    const statuses = (await Promise.all([book(admin.cookie, order.id), book(admin.cookie, order.id)])).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect(biteship.booked).toHaveLength(1);
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect(await queuedEmails('order-shipped')).toHaveLength(1);
  });

  it('a booking Biteship already has for the order (its answer was lost): the same shipment is adopted', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    biteship.orders.set('660105377589b8dea565208b', {
      id: '660105377589b8dea565208b',
      reference: order.id,
      waybill: '1028309128390',
      status: 'allocated',
      history: [
        {
          status: 'allocated',
          note: STEP_NOTES.allocated as string,
          updated_at: '2026-11-27T01:00:00+07:00',
        },
      ],
    });
    const res = await book(admin.cookie, order.id);
    expect(res.status).toBe(201);
    expect(await res.json<OrderDetail>()).toMatchObject({
      status: 'shipped',
      tracking_number: '1028309128390',
    });
    expect(await shipmentsOf(order.id)).toMatchObject([
      { provider_order_id: '660105377589b8dea565208b', status: 'allocated' },
    ]);
    expect(biteship.orders.size).toBe(1);
  });

  it('Biteship down: 502 in Indonesian, the order unchanged, no shipment, no email; a later press books', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    biteship.down(true);
    const res = await book(admin.cookie, order.id);
    expect(res.status).toBe(502);
    expect((await res.json<{ error: { message: string } }>()).error.message).toContain(
      'Layanan kurir sedang tidak dapat dihubungi',
    );
    expect((await detail(admin.cookie, order.id)).status).toBe('processing');
    expect(await shipmentsOf(order.id)).toEqual([]);
    expect(await queuedEmails('order-shipped')).toEqual([]);
    biteship.down(false);
    expect((await book(admin.cookie, order.id)).status).toBe(201);
  });

  it('refused by Biteship (an invalid postal code): 422, nothing changed', async () => {
    fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    await env.DB.prepare("UPDATE orders SET postal_code = '99999' WHERE id = ?").bind(order.id).run();
    const res = await book(admin.cookie, order.id);
    expect(res.status).toBe(422);
    expect((await res.json<{ error: { message: string } }>()).error.message).toContain('kode 40002020');
    expect(await shipmentsOf(order.id)).toEqual([]);
    expect((await detail(admin.cookie, order.id)).status).toBe('processing');
  });

  it('refused without a call: an order priced by the zones, an unpaid order, no aggregator configured', async () => {
    const biteship = fakeBiteship();
    const { admin, customer, order } = await paidCourierOrder();
    const off = await book(admin.cookie, order.id, env);
    expect(off.status).toBe(409);
    expect((await off.json<{ error: { message: string } }>()).error.message).toMatch(
      /^Pengiriman otomatis belum aktif/,
    );

    await env.DB.prepare('UPDATE orders SET shipping_courier_code = NULL WHERE id = ?').bind(order.id).run();
    const zone = await book(admin.cookie, order.id);
    expect(zone.status).toBe(409);
    expect((await zone.json<{ error: { message: string } }>()).error.message).toContain('nomor resi');

    const products = await insertProducts([100_000]);
    const unpaid = await placeOrder(customer.cookie, cart(products));
    expect((await book(admin.cookie, unpaid.id)).status).toBe(409);
    expect((await book(admin.cookie, 'tidak-ada')).status).toBe(404);
    expect(biteship.booked).toEqual([]);
  });

  it('only an admin: a customer is refused, a visitor is asked to sign in', async () => {
    const biteship = fakeBiteship();
    const { customer, order } = await paidCourierOrder();
    expect((await book(customer.cookie, order.id)).status).toBe(403);
    expect((await callWith(`/api/admin/orders/${order.id}/shipment`, { method: 'POST' })).status).toBe(401);
    expect(biteship.booked).toEqual([]);
  });

  it('the order cancelled while Biteship was asked: 409, the shipment kept on record, the order still cancelled', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    biteship.onBook(async () => {
      const res = await call(`/api/admin/orders/${order.id}/status`, {
        method: 'PATCH',
        cookie: admin.cookie,
        json: { status: 'cancelled', reason: 'Stok rusak' },
      });
      expect(res.status).toBe(200);
    });
    expect((await book(admin.cookie, order.id)).status).toBe(409);
    expect((await detail(admin.cookie, order.id)).status).toBe('cancelled');
    expect(await shipmentsOf(order.id)).toMatchObject([
      { status: 'confirmed', waybill_id: 'WYB-1775600036808' },
    ]);
    expect(await queuedEmails('order-shipped')).toEqual([]);
  });
});

/** A booked order and its Biteship order id. */
async function bookedOrder() {
  const biteship = fakeBiteship();
  const setup = await paidCourierOrder();
  expect((await book(setup.admin.cookie, setup.order.id)).status).toBe(201);
  const [shipment] = await shipmentsOf(setup.order.id);
  return { ...setup, biteship, providerId: shipment?.provider_order_id as string };
}

describe('Biteship webhooks', () => {
  it('picked then delivered: the timeline steps by the system, delivered with its email; repeats change nothing', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    const picked = biteship.advance(providerId, 'picked');
    const res = await notify(picked);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, result: 'applied' });
    const rows = await historyCount();
    expect((await notify(picked)).status).toBe(200);
    expect(await historyCount()).toBe(rows);
    expect(await timeline(customer.cookie, order.id)).toEqual([
      'placed:customer',
      'payment_confirmed:admin',
      'shipped:admin',
      'picked_up:system',
    ]);
    expect((await shipmentsOf(order.id))[0]?.check_after).not.toBeNull();

    await notify(biteship.advance(providerId, 'dropping_off'));
    await notify(biteship.advance(providerId, 'delivered'));
    const after = await detail(customer.cookie, order.id);
    expect(after.status).toBe('delivered');
    expect(after.events.map((row) => `${row.type}:${row.actor}`).slice(3)).toEqual([
      'picked_up:system',
      'in_transit:system',
      'delivered:system',
    ]);
    // Newest first, each step in Indonesian with the courier's words.
    expect(after.shipment?.history.map((step) => step.label)).toEqual([
      'Terkirim',
      'Sedang diantar ke penerima',
      'Paket dijemput kurir',
      'Pengiriman dipesan',
    ]);
    expect(after.shipment?.history[0]?.note).toBe('Item has been delivered.');
    expect(await queuedEmails('order-delivered')).toHaveLength(1);
    // Final: the Cron stops asking.
    expect((await shipmentsOf(order.id))[0]).toMatchObject({ status: 'delivered', check_after: null });
  });

  it('out of order: delivered before picked delivers; a late picked moves nothing back', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    biteship.advance(providerId, 'picked');
    const delivered = biteship.advance(providerId, 'delivered');
    expect((await notify(delivered)).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).status).toBe('delivered');
    // Biteship's answer lags behind its own webhook (a stale read): it says picked again.
    const fake = biteship.orders.get(providerId);
    if (fake) fake.status = 'picked';
    const events = await timeline(customer.cookie, order.id);
    expect(await (await notify({ ...delivered, status: 'picked' })).json()).toEqual({
      ok: true,
      result: 'applied',
    });
    expect(await timeline(customer.cookie, order.id)).toEqual(events);
    expect((await shipmentsOf(order.id))[0]?.status).toBe('delivered');
    expect(await queuedEmails('order-delivered')).toHaveLength(1);
  });

  it('steps of the same second read newest first, in the order the courier listed them', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    const fake = biteship.orders.get(providerId);
    if (!fake) throw new Error('no fake order');
    const at = '2026-11-27T10:15:00+07:00';
    fake.history.push(
      { status: 'picked', note: STEP_NOTES.picked as string, updated_at: at },
      { status: 'dropping_off', note: STEP_NOTES.dropping_off as string, updated_at: at },
    );
    fake.status = 'dropping_off';
    expect((await notify(webhookBody(fake, 'order.status'))).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).shipment?.history.map((step) => step.status)).toEqual([
      'dropping_off',
      'picked',
      'confirmed',
    ]);
  });

  it('a problem the courier reports: the timeline and the shop are told, the order is not cancelled', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    await notify(biteship.advance(providerId, 'returned'));
    const after = await detail(customer.cookie, order.id);
    expect(after.status).toBe('shipped');
    expect(after.events.at(-1)).toMatchObject({
      type: 'shipment_issue',
      actor: 'system',
      note: 'Paket dikembalikan ke toko oleh kurir',
    });
    const [mail] = await queuedEmails('shop-shipment-issue');
    expect(mail?.to_address).toBe('toko@contoh.id');
    expect(mail?.body).toContain('WYB-1775600036808');
  });

  it('a waybill the courier assigns later becomes the shipment and the order resi', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    const fake = biteship.orders.get(providerId);
    if (!fake) throw new Error('no fake order');
    fake.waybill = 'JNE0099887766';
    expect((await notify(webhookBody(fake, 'order.waybill_id'))).status).toBe(200);
    const after = await detail(customer.cookie, order.id);
    expect(after.tracking_number).toBe('JNE0099887766');
    expect(after.shipment?.waybill_id).toBe('JNE0099887766');
  });

  it('forged calls naming one real order ask Biteship at most 6 times a minute (issue 38: 200 made 200)', async () => {
    const { biteship, providerId } = await bookedOrder();
    const fake = biteship.orders.get(providerId);
    if (!fake) throw new Error('no fake order');
    const before = biteship.gets();
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push((await notify(webhookBody(fake, 'order.status'))).status);
    expect(biteship.gets() - before).toBe(6);
    expect(answers.filter((status) => status === 200)).toHaveLength(6);
    expect(answers.filter((status) => status === 429)).toHaveLength(34);
  }, 30_000);

  it("Biteship's installation check and unknown orders: 200, nothing asked, nothing written", async () => {
    const { order, biteship } = await bookedOrder();
    const rows = await historyCount();
    for (const body of [
      '',
      '{}',
      { event: 'order.status' },
      { order_id: 'bukan-pesanan-kami', status: 'delivered' },
    ]) {
      const res = await notify(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, result: 'ignored' });
    }
    expect(biteship.gets()).toBe(0);
    expect(await historyCount()).toBe(rows);
    expect((await shipmentsOf(order.id))[0]?.status).toBe('confirmed');
  });

  it('the confirmation fails: 503 (Biteship sends it again), nothing written', async () => {
    const { customer, order, biteship, providerId } = await bookedOrder();
    const picked = biteship.advance(providerId, 'picked');
    biteship.down(true);
    const rows = await historyCount();
    expect((await notify(picked)).status).toBe(503);
    expect(await historyCount()).toBe(rows);
    expect((await shipmentsOf(order.id))[0]?.status).toBe('confirmed');
    expect((await timeline(customer.cookie, order.id)).at(-1)).toBe('shipped:admin');
  });

  it('for a cancelled order: the history is recorded, the order stays cancelled', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await paidCourierOrder();
    biteship.onBook(async () => {
      await call(`/api/admin/orders/${order.id}/status`, {
        method: 'PATCH',
        cookie: admin.cookie,
        json: { status: 'cancelled' },
      });
    });
    await book(admin.cookie, order.id);
    biteship.onBook(null);
    const providerId = (await shipmentsOf(order.id))[0]?.provider_order_id as string;
    const rows = await historyCount();
    expect((await notify(biteship.advance(providerId, 'delivered'))).status).toBe(200);
    expect(await historyCount()).toBe(rows + 1);
    const after = await detail(admin.cookie, order.id);
    expect(after.status).toBe('cancelled');
    expect(after.events.at(-1)?.type).toBe('cancelled');
    expect(await queuedEmails('order-delivered')).toEqual([]);
  });

  it('refuses a body past 16 KB before reading it', async () => {
    const biteship = fakeBiteship();
    const res = await notify({ order_id: 'x', padding: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(biteship.gets()).toBe(0);
  });

  it('is off without an aggregator: 404', async () => {
    const res = await callWith(WEBHOOK, { method: 'POST', body: '{}', headers: { origin: '' } }, env);
    expect(res.status).toBe(404);
  });
});

describe("the Cron's poll of open shipments", () => {
  it('asks about at most 10 due shipments, applies what Biteship says, and asks again 30 minutes later', async () => {
    const { order, biteship, providerId, customer } = await bookedOrder();
    const user = await env.DB.prepare('SELECT user_id FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ user_id: string }>();
    // Eleven more open shipments, all due, for orders of their own.
    const others = Array.from({ length: 11 }, () => crypto.randomUUID());
    await env.DB.batch(
      others.flatMap((id, i) => [
        env.DB.prepare(
          "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status) VALUES (?, ?, 'Uji', 'uji@contoh.id', 'Jl. Uji 1', 1000, 'shipped')",
        ).bind(id, user?.user_id),
        env.DB.prepare(
          "INSERT INTO shipments (id, order_id, provider, provider_order_id, courier_code, service_code, status, check_after) VALUES (?, ?, 'biteship', ?, 'jne', 'reg', 'confirmed', '2026-01-01T00:00:00.000Z')",
        ).bind(crypto.randomUUID(), id, `tak-dikenal-${i}`),
      ]),
    );
    await env.DB.prepare("UPDATE shipments SET check_after = '2025-12-31T00:00:00.000Z' WHERE order_id = ?")
      .bind(order.id)
      .run();
    biteship.advance(providerId, 'picked');
    const now = new Date();
    const applied = await pollShipments(biteshipEnv, now);
    expect(applied).toBe(1);
    expect(biteship.gets()).toBe(SHIPMENT_POLL_BATCH);
    expect((await timeline(customer.cookie, order.id)).at(-1)).toBe('picked_up:system');
    const due = await env.DB.prepare('SELECT count(*) AS n FROM shipments WHERE check_after <= ?')
      .bind(now.toISOString())
      .first<{ n: number }>();
    expect(due?.n).toBe(12 - SHIPMENT_POLL_BATCH);
  });
});
