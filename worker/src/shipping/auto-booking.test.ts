import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import {
  type BulkShipmentAnswer,
  courierSettingsSchema,
  type OperationsAnswer,
  type OrderDetail,
} from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, SETUP, shopRequest } from '../../test/helpers.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  cart,
  choosePaymentMethod,
  insertProducts,
  placeOrder,
  queuedEmails,
  savePaymentSettings,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import app from '../index.ts';
import { INCIDENT_THRESHOLD, recordFailure, recordSuccess, watched } from '../lib/incidents.ts';
import { writeCourierSettings } from '../settings/rows.ts';
import { sweepBookings } from './auto-booking.ts';

// Booking on payment, bulk 'Buat Pengiriman' and the incidents they feed (decision 058). Biteship
// is mocked at the network boundary with bodies shaped like its documented orders/create sample
// and errors, as routes/shipments.test.ts does.

const KEY = 'biteship_test.uji-otomatis';
const BITESHIP = 'https://api.biteship.com';
const biteshipEnv = { ...env, BITESHIP_API_KEY: KEY };

async function callWith(path: string, init: Parameters<typeof shopRequest>[1] = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(shopRequest(path, init), biteshipEnv, ctx);
  // The booking runs after the answer (waitUntil): waited for here.
  await waitOnExecutionContext(ctx);
  return res;
}

type Mode = 'ok' | 'down' | 'refuse';

function fakeBiteship() {
  const booked: Record<string, unknown>[] = [];
  let mode: Mode = 'ok';
  // A fake gateway set up before (test/midtrans-fake.ts) keeps answering its own requests.
  const gateway = vi.mocked(globalThis.fetch).getMockImplementation?.();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== BITESHIP && gateway) return gateway(input, init);
    if (url.origin !== BITESHIP || request.method !== 'POST' || url.pathname !== '/v1/orders')
      throw new Error(`unexpected fetch ${request.method} ${request.url}`);
    if (mode === 'down') return Response.json({ success: false, error: 'Internal error' }, { status: 500 });
    if (mode === 'refuse')
      return Response.json(
        { success: false, error: 'Destination postal code is invalid', code: 40002020 },
        { status: 400 },
      );
    const body = await request.json<Record<string, unknown>>();
    booked.push(body);
    const id = `bs${String(booked.length).padStart(22, '0')}`;
    return Response.json({
      success: true,
      object: 'order',
      id,
      courier: {
        tracking_id: `trk-${id}`,
        waybill_id: `WYB-${booked.length}`,
        company: body.courier_company,
        type: body.courier_type,
        link: `https://track.biteship.com/trk-${id}?environment=development`,
        history: [
          {
            service_type: 'reg',
            status: 'confirmed',
            note: 'Order has been confirmed. Locating nearest driver to pick up.',
            updated_at: '2026-11-27T08:00:00+07:00',
          },
        ],
      },
      reference_id: body.reference_id,
      currency: 'IDR',
      price: 18_000,
      status: 'confirmed',
    });
  });
  return {
    booked,
    mode: (next: Mode) => {
      mode = next;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const pickup = (bookOnPayment: boolean) =>
  courierSettingsSchema.parse({
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
    bookOnPayment,
  });

/** An unpaid order priced with JNE Reguler (what checkout's live rate stores). */
async function courierOrder(bookOnPayment: boolean) {
  // The owner: only they set the payment up (decision 052).
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  await writeCourierSettings(getDb(env.DB), pickup(bookOnPayment), SETUP);
  const products = await insertProducts([250_000]);
  const order = await placeOrder(customer.cookie, cart(products, 1));
  await env.DB.prepare(
    "UPDATE orders SET shipping_courier_code = 'jne', shipping_service_code = 'reg', shipping_service = 'JNE · Reguler' WHERE id = ?",
  )
    .bind(order.id)
    .run();
  return { admin, customer, order };
}

const confirm = (cookie: string, id: string) =>
  callWith(`/api/admin/orders/${id}/payment/confirm`, { method: 'POST', cookie });

const orderRow = (id: string) =>
  env.DB.prepare('SELECT status, tracking_number FROM orders WHERE id = ?')
    .bind(id)
    .first<{ status: string; tracking_number: string | null }>();

const bookingRow = (id: string) =>
  env.DB.prepare('SELECT status, attempts, last_error, message_id FROM shipment_bookings WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; last_error: string | null; message_id: string | null }>();

/** The retry's wait has passed. */
const due = (id: string) =>
  env.DB.prepare("UPDATE shipment_bookings SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
    .bind(id)
    .run();

describe('booking on payment', { timeout: 30_000 }, () => {
  it('books the courier once the payment is confirmed: no press, one booking however often it runs', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await courierOrder(true);
    const res = await confirm(admin.cookie, order.id);
    // The payment's answer does not wait on the courier: it is the paid order.
    expect(res.status).toBe(200);
    expect((await res.json<{ status: string }>()).status).toBe('processing');

    expect(await orderRow(order.id)).toEqual({ status: 'shipped', tracking_number: 'WYB-1' });
    expect(await bookingRow(order.id)).toMatchObject({ status: 'sent', attempts: 1, message_id: 'WYB-1' });
    expect(biteship.booked).toHaveLength(1);
    expect(biteship.booked[0]).toMatchObject({ reference_id: order.id, courier_company: 'jne' });
    expect(await queuedEmails('order-shipped')).toHaveLength(1);

    // The Cron's sweep, a repeated confirm: nothing more is booked.
    await sweepBookings(biteshipEnv);
    expect((await confirm(admin.cookie, order.id)).status).toBe(409);
    expect(biteship.booked).toHaveLength(1);
  });

  it('paid at the gateway: the notification answers 200 and the courier is booked after it, with no admin click', async () => {
    const midtrans = fakeMidtrans();
    const biteship = fakeBiteship();
    const { customer, order } = await courierOrder(true);
    const chosen = await choosePaymentMethod(customer.cookie, order.id, 'other_qris');
    expect(chosen.status).toBe(200);
    const attempt = (await chosen.json<OrderDetail>()).payments[0];
    if (!attempt) throw new Error('no attempt');
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: `${attempt.amount}.00`,
    });
    const notify = () =>
      callWith('/api/payments/midtrans/notification', {
        method: 'POST',
        body: JSON.stringify(note),
        headers: { 'content-type': 'application/json', origin: '' },
      });
    expect((await notify()).status).toBe(200);
    expect(await orderRow(order.id)).toEqual({ status: 'shipped', tracking_number: 'WYB-1' });
    expect(biteship.booked).toHaveLength(1);
    // The gateway sends it again (twice at once, then once more): still one booking, one attempt.
    const repeats = [...(await Promise.all([notify(), notify()])), await notify()];
    expect(repeats.map((repeat) => repeat.status)).toEqual([200, 200, 200]);
    expect(biteship.booked).toHaveLength(1);
    expect(await bookingRow(order.id)).toMatchObject({ status: 'sent', attempts: 1, message_id: 'WYB-1' });
  });

  it('off (the default): the paid order waits for the admin', async () => {
    const biteship = fakeBiteship();
    const { admin, order } = await courierOrder(false);
    expect((await confirm(admin.cookie, order.id)).status).toBe(200);
    expect(await orderRow(order.id)).toEqual({ status: 'processing', tracking_number: null });
    expect(await bookingRow(order.id)).toBeNull();
    expect(biteship.booked).toHaveLength(0);
  });

  it('a courier that does not answer: the payment stands, the Cron retries until it books', async () => {
    const biteship = fakeBiteship();
    biteship.mode('down');
    const { admin, order } = await courierOrder(true);
    expect((await confirm(admin.cookie, order.id)).status).toBe(200);
    expect(await orderRow(order.id)).toEqual({ status: 'processing', tracking_number: null });
    expect(await bookingRow(order.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error:
        'Layanan kurir sedang tidak dapat dihubungi. Pesanan tidak berubah; coba lagi sebentar lagi.',
    });

    // Not due yet: the sweep leaves it.
    await sweepBookings(biteshipEnv);
    expect((await bookingRow(order.id))?.attempts).toBe(1);

    biteship.mode('ok');
    await due(order.id);
    await sweepBookings(biteshipEnv);
    expect(await orderRow(order.id)).toEqual({ status: 'shipped', tracking_number: 'WYB-1' });
    expect(await bookingRow(order.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(biteship.booked).toHaveLength(1);
  });

  it('a refusal fails at once and shows on the dashboard with its reason, until the admin books it', async () => {
    const biteship = fakeBiteship();
    biteship.mode('refuse');
    const { admin, order } = await courierOrder(true);
    expect((await confirm(admin.cookie, order.id)).status).toBe(200);
    expect(await bookingRow(order.id)).toMatchObject({ status: 'failed', attempts: 1 });

    const seen = await (
      await callWith('/api/admin/operations', { cookie: admin.cookie })
    ).json<OperationsAnswer>();
    expect(seen.failedBookings).toEqual([
      {
        order_id: order.id,
        reason: expect.stringContaining('Layanan kurir menolak pemesanan (kode 40002020)'),
        attempts: 1,
        created_at: expect.any(String),
      },
    ]);

    // Booked by hand: off the list.
    biteship.mode('ok');
    expect(
      (await callWith(`/api/admin/orders/${order.id}/shipment`, { method: 'POST', cookie: admin.cookie }))
        .status,
    ).toBe(201);
    const after = await (
      await callWith('/api/admin/operations', { cookie: admin.cookie })
    ).json<OperationsAnswer>();
    expect(after.failedBookings).toEqual([]);
    // Settled, not left for the dashboard's list to walk past ever after.
    expect(await bookingRow(order.id)).toBeNull();
  });

  it('a paid order cancelled while its booking waits for a retry: the booking goes with it, nothing is booked', async () => {
    const biteship = fakeBiteship();
    biteship.mode('down');
    const { admin, order } = await courierOrder(true);
    expect((await confirm(admin.cookie, order.id)).status).toBe(200);
    expect(await bookingRow(order.id)).toMatchObject({ status: 'pending', attempts: 1 });
    const cancelled = await callWith(`/api/admin/orders/${order.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(await bookingRow(order.id)).toBeNull();
    biteship.mode('ok');
    await sweepBookings(biteshipEnv);
    expect(biteship.booked).toHaveLength(0);
  });
});

// Three orders placed and paid before the bulk press: slow on a busy machine.
describe("bulk 'Buat Pengiriman'", { timeout: 60_000 }, () => {
  it('books each order through the single path and answers each one: booked, booked before, or why not', async () => {
    const biteship = fakeBiteship();
    const first = await courierOrder(false);
    const second = await courierOrder(false);
    const unpaid = await courierOrder(false);
    const { admin } = first;
    expect((await confirm(admin.cookie, first.order.id)).status).toBe(200);
    expect((await confirm(admin.cookie, second.order.id)).status).toBe(200);
    expect(
      (
        await callWith(`/api/admin/orders/${second.order.id}/shipment`, {
          method: 'POST',
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(201);

    const res = await callWith('/api/admin/shipments/bulk', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ids: [first.order.id, second.order.id, unpaid.order.id, 'tidak-ada'] },
    });
    expect(res.status).toBe(200);
    expect((await res.json<BulkShipmentAnswer>()).results).toEqual([
      { id: first.order.id, ok: true, message: 'Pengiriman dibuat', tracking_number: 'WYB-2' },
      {
        id: second.order.id,
        ok: true,
        message: 'Pengiriman sudah dibuat sebelumnya',
        tracking_number: 'WYB-1',
      },
      {
        id: unpaid.order.id,
        ok: false,
        message: 'Hanya pesanan yang sudah dibayar (Diproses) yang dapat dibuatkan pengiriman',
        tracking_number: null,
      },
      { id: 'tidak-ada', ok: false, message: 'Pesanan tidak ditemukan', tracking_number: null },
    ]);
    expect(biteship.booked).toHaveLength(2);
  });

  it('refuses an empty or too long list with nothing booked', async () => {
    const biteship = fakeBiteship();
    const admin = await createUser('owner');
    const post = (ids: string[]) =>
      callWith('/api/admin/shipments/bulk', { method: 'POST', cookie: admin.cookie, json: { ids } });
    expect((await post([])).status).toBe(400);
    const long = await post(Array.from({ length: 21 }, (_, i) => `pesanan-${i}`));
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('Paling banyak 20 pesanan sekaligus');
    expect(biteship.booked).toHaveLength(0);
  });
});

const incidentRows = () =>
  env.DB.prepare('SELECT kind, status, failures FROM incidents ORDER BY started_at, rowid').all<{
    kind: string;
    status: string;
    failures: number;
  }>();

describe('incidents', { timeout: 30_000 }, () => {
  it('the courier refusing again and again: one email per incident, not per attempt; resolved, then a new one', async () => {
    const biteship = fakeBiteship();
    biteship.mode('down');
    const { admin, order } = await courierOrder(false);
    expect((await confirm(admin.cookie, order.id)).status).toBe(200);
    const press = () =>
      callWith(`/api/admin/orders/${order.id}/shipment`, { method: 'POST', cookie: admin.cookie });

    for (let i = 1; i < INCIDENT_THRESHOLD; i += 1) expect((await press()).status).toBe(502);
    expect(await queuedEmails('owner-incident')).toHaveLength(0);
    expect((await press()).status).toBe(502);
    for (let i = 0; i < 3; i += 1) await press();
    const mails = await queuedEmails('owner-incident');
    expect(mails).toEqual([
      expect.objectContaining({ to_address: admin.email, subject: 'Gangguan: Layanan kurir' }),
    ]);
    expect(mails[0]?.body).toContain('Kegagalan beruntun: 3');

    const open = await (
      await callWith('/api/admin/operations', { cookie: admin.cookie })
    ).json<OperationsAnswer>();
    expect(open.incidents).toEqual([
      expect.objectContaining({ kind: 'courier', title: 'Layanan kurir', failures: 6 }),
    ]);

    // It works again: resolved, off the dashboard.
    biteship.mode('ok');
    expect((await press()).status).toBe(201);
    const calm = await (
      await callWith('/api/admin/operations', { cookie: admin.cookie })
    ).json<OperationsAnswer>();
    expect(calm.incidents).toEqual([]);

    // Failing again later is a new incident, told once more; it stays opened by the third failure.
    const db = getDb(env.DB);
    const minute = (i: number) => new Date(Date.UTC(2027, 0, 1, 0, i));
    for (let i = 1; i <= INCIDENT_THRESHOLD + 2; i += 1)
      await recordFailure(db, env, 'courier', new Error('500'), minute(i));
    expect(await queuedEmails('owner-incident')).toHaveLength(2);
    expect((await incidentRows()).results).toEqual([
      { kind: 'courier', status: 'resolved', failures: 6 },
      { kind: 'courier', status: 'open', failures: 5 },
    ]);
    const again = await (
      await callWith('/api/admin/operations', { cookie: admin.cookie })
    ).json<OperationsAnswer>();
    expect(again.incidents).toEqual([
      expect.objectContaining({
        started_at: minute(1).toISOString(),
        opened_at: minute(INCIDENT_THRESHOLD).toISOString(),
        last_failed_at: minute(INCIDENT_THRESHOLD + 2).toISOString(),
      }),
    ]);
  });

  it('a Cron job failing at once from racing runs opens one incident; failures below the threshold are forgotten on success', async () => {
    const admin = await createUser('owner');
    const db = getDb(env.DB);
    const failing = () => watched(db, env, 'cron:expiry', Promise.reject(new Error('D1 timeout')));
    await expect(failing()).rejects.toThrow('D1 timeout');
    await watched(db, env, 'cron:expiry', Promise.resolve(1));
    expect((await incidentRows()).results).toEqual([]);

    await Promise.allSettled(Array.from({ length: 6 }, failing));
    const mails = await queuedEmails('owner-incident');
    expect(mails).toEqual([
      expect.objectContaining({
        to_address: admin.email,
        subject: 'Gangguan: Tugas terjadwal: Pembatalan pesanan lewat batas bayar',
      }),
    ]);
    expect(mails[0]?.body).toContain('Galat terakhir: D1 timeout');
    await recordSuccess(db, 'cron:expiry');
    expect((await incidentRows()).results).toEqual([
      { kind: 'cron:expiry', status: 'resolved', failures: 6 },
    ]);
  });
});
