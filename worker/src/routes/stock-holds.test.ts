import { env } from 'cloudflare:test';
import type { OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  savePaymentSettings,
  type TestProduct,
  withService,
} from '../../test/order-fixtures.ts';

// Stock held no longer than the method can stay unpaid, and by a network no more than twice a
// size's per-customer maximum (issue 38 item 5, decision 037). Midtrans is mocked at fetch.

type ErrorBody = { error: { code: string; message: string } };

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** POST /api/orders of `quantity` of each product, paid by `paymentChannel`, from `address`. */
const checkout = (
  cookie: string,
  products: TestProduct[],
  paymentChannel: string,
  { quantity = 1, address = '203.0.113.9' } = {},
) =>
  call('/api/orders', {
    method: 'POST',
    cookie,
    json: withService({ items: cart(products, quantity), customer: CUSTOMER, paymentChannel }),
    headers: { 'idempotency-key': crypto.randomUUID(), 'cf-connecting-ip': address },
  });

async function placed(cookie: string, products: TestProduct[], paymentChannel: string): Promise<OrderDetail> {
  const res = await checkout(cookie, products, paymentChannel);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<OrderDetail>();
}

const choose = (cookie: string, orderId: string, channel: string) =>
  call(`/api/orders/${orderId}/payment-method`, { method: 'POST', cookie, json: { channel } });

/** The order's deadline, in ms after it was placed. */
async function holdOf(orderId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT created_at, payment_due_at FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ created_at: string; payment_due_at: string }>();
  return Date.parse(row?.payment_due_at ?? '') - Date.parse(row?.created_at ?? '');
}

/** Moves the order's placing (and its first attempt) `ms` into the past. */
async function age(orderId: string, ms: number) {
  const shift = `-${Math.round(ms / 1000)} seconds`;
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE orders SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?), payment_due_at = strftime('%Y-%m-%dT%H:%M:%fZ', payment_due_at, ?) WHERE id = ?",
    ).bind(shift, shift, orderId),
    env.DB.prepare(
      "UPDATE payments SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?) WHERE order_id = ?",
    ).bind(shift, orderId),
  ]);
}

async function setup(stock: number | null = null, maxPerOrder = 5) {
  const admin = await createUser('owner');
  await savePaymentSettings(admin.cookie);
  return insertProducts([250_000], stock, maxPerOrder);
}

describe('how long an unpaid order holds its stock', () => {
  it('QRIS and e-wallets an hour; a VA and the manual transfer the admin’s window (24 h)', async () => {
    const products = await setup();
    fakeMidtrans();
    const within = (ms: number, expected: number) => expect(Math.abs(ms - expected)).toBeLessThan(5_000);
    for (const channel of ['other_qris', 'gopay', 'shopeepay']) {
      const { cookie } = await createUser();
      const order = await placed(cookie, products, channel);
      within(await holdOf(order.id), HOUR);
    }
    for (const channel of ['bca_va', 'bank_transfer']) {
      const { cookie } = await createUser();
      const order = await placed(cookie, products, channel);
      within(await holdOf(order.id), 24 * HOUR);
    }
  }, 60_000);

  it('the gateway is charged to lapse with the deadline: QRIS’s transaction expires in an hour', async () => {
    const products = await setup();
    const midtrans = fakeMidtrans();
    const { cookie } = await createUser();
    await placed(cookie, products, 'other_qris');
    const expiry = midtrans.charges[0]?.custom_expiry as { expiry_duration: number; unit: string };
    expect(expiry.unit).toBe('second');
    expect(expiry.expiry_duration).toBeGreaterThan(HOUR / 1000 - 60);
    expect(expiry.expiry_duration).toBeLessThanOrEqual(HOUR / 1000);
  }, 60_000);

  it('switching never holds longer than the first choice allowed: QRIS → transfer keeps the hour; VA → QRIS shortens to an hour from now', async () => {
    const products = await setup();
    fakeMidtrans();
    const a = await createUser();
    const qris = await placed(a.cookie, products, 'other_qris');
    expect((await choose(a.cookie, qris.id, 'bank_transfer')).status).toBe(200);
    expect(Math.abs((await holdOf(qris.id)) - HOUR)).toBeLessThan(5_000);
    expect((await choose(a.cookie, qris.id, 'bca_va')).status).toBe(200);
    expect(Math.abs((await holdOf(qris.id)) - HOUR)).toBeLessThan(5_000);

    const b = await createUser();
    const va = await placed(b.cookie, products, 'bca_va');
    await age(va.id, 3 * HOUR);
    expect((await choose(b.cookie, va.id, 'gopay')).status).toBe(200);
    // Placed 3 hours ago: now + 1 hour.
    expect(Math.abs((await holdOf(va.id)) - 4 * HOUR)).toBeLessThan(5_000);
    // Back to the VA: its own window again, never past the first choice's (24 h from placing).
    expect((await choose(b.cookie, va.id, 'bca_va')).status).toBe(200);
    expect(Math.abs((await holdOf(va.id)) - 24 * HOUR)).toBeLessThan(5_000);
  }, 60_000);
});

describe("a network's held units", () => {
  it('red team: accounts of one /64 hold at most twice a size’s maximum; another network still buys', async () => {
    // 30 units, 5 per customer: 6 accounts of one network held them all before.
    const products = await setup(30, 5);
    const network = (n: number) => `2001:db8:5:1:${n.toString(16)}::7`;
    const held: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const { cookie } = await createUser();
      const res = await checkout(cookie, products, 'bank_transfer', { quantity: 4, address: network(n) });
      held.push(res.status);
      if (res.status === 409) {
        const { error } = await res.json<ErrorBody>();
        expect(error.code).toBe('held_by_network');
        expect(error.message).toContain('jaringan Anda');
      }
    }
    // 4 + 4 held; a third order of 4 would make 12 > 10.
    expect(held).toEqual([201, 201, 409, 409, 409, 409]);
    // The refused orders took nothing.
    const stock = await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
      .bind(products[0]?.variantId)
      .first('stock');
    expect(stock).toBe(22);
    // Up to the cap still goes: 2 more units from the same network.
    const { cookie } = await createUser();
    expect(
      (await checkout(cookie, products, 'bank_transfer', { quantity: 2, address: network(9) })).status,
    ).toBe(201);
    // Another network is not affected.
    const other = await createUser();
    expect(
      (await checkout(other.cookie, products, 'bank_transfer', { quantity: 4, address: '198.51.100.20' }))
        .status,
    ).toBe(201);
  }, 60_000);

  it('units of a cancelled order are held no more', async () => {
    const products = await setup(30, 5);
    const address = '192.0.2.77';
    const first = await createUser();
    const res = await checkout(first.cookie, products, 'bank_transfer', { quantity: 5, address });
    const order = await res.json<OrderDetail>();
    const second = await createUser();
    expect((await checkout(second.cookie, products, 'bank_transfer', { quantity: 5, address })).status).toBe(
      201,
    );
    const third = await createUser();
    expect((await checkout(third.cookie, products, 'bank_transfer', { quantity: 1, address })).status).toBe(
      409,
    );
    const cancel = await call(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      cookie: first.cookie,
      json: {},
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect((await checkout(third.cookie, products, 'bank_transfer', { quantity: 5, address })).status).toBe(
      201,
    );
  }, 60_000);
});
