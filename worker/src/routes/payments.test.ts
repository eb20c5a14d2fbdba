import { env } from 'cloudflare:test';
import type { GatewayHistory, OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import {
  fakeMidtrans,
  fakeQr,
  notifyShop as notify,
  SERVER_KEY,
  sha512Hex,
} from '../../test/midtrans-fake.ts';
import {
  cart,
  choosePaymentMethod as choose,
  orderDetailOf as detail,
  insertProducts,
  placeOrder,
  queuedEmails,
  savePaymentSettings,
  uploadReceipt,
} from '../../test/order-fixtures.ts';
import { pollGatewayAttempts } from '../payments/apply.ts';
import { expireOverdueOrders } from '../payments/expiry.ts';

// The gateway is mocked at the network boundary (test/midtrans-fake.ts): a fake Midtrans answers
// the charge and status requests with bodies shaped like Midtrans's documented samples.

afterEach(() => {
  vi.restoreAllMocks();
});

async function setup(stock: number | null = null) {
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  const products = await insertProducts([250_000], stock);
  const order = await placeOrder(customer.cookie, cart(products));
  return { admin, customer, order, products };
}

async function snapshot(orderId: string) {
  const row = async (sql: string) => env.DB.prepare(sql).bind(orderId).first();
  return {
    order: await row('SELECT status, payment_flag FROM orders WHERE id = ?'),
    payments: (
      await env.DB.prepare(
        'SELECT status, method, provider_status FROM payments WHERE order_id = ? ORDER BY created_at, rowid',
      )
        .bind(orderId)
        .all()
    ).results,
    events: await row('SELECT count(*) AS n FROM order_events WHERE order_id = ?'),
    notifications: await row('SELECT count(*) AS n FROM payment_notifications WHERE order_id = ?'),
    outbox: (await env.DB.prepare('SELECT count(*) AS n FROM email_outbox').first<{ n: number }>())?.n,
  };
}

/** Places an order and opens a QRIS attempt; answers the attempt's id and amount. */
async function qrisAttempt(stock: number | null = null) {
  const ctx = await setup(stock);
  const midtrans = fakeMidtrans();
  const res = await choose(ctx.customer.cookie, ctx.order.id, 'other_qris');
  expect(res.status).toBe(200);
  const body = await res.json<OrderDetail>();
  const attempt = body.payments[0];
  if (!attempt) throw new Error('no attempt');
  return { ...ctx, midtrans, attempt, gross: `${attempt.amount}.00` };
}

describe('POST /api/orders/:id/payment-method', () => {
  it('charges QRIS directly: the order total without the unique code, items that sum to it, the deadline; the QR string stored', async () => {
    const { customer, order, midtrans, attempt } = await qrisAttempt();
    expect(midtrans.charges).toHaveLength(1);
    const [body = {}] = midtrans.charges;
    const amount = order.subtotal_amount + order.shipping_fee;
    const page = await detail(customer.cookie, order.id);
    // Switching from the transfer dropped its code: the order's total is what the gateway charges.
    expect(page).toMatchObject({ unique_code: 0, total_amount: amount });
    expect(attempt).toMatchObject({
      method: 'midtrans',
      channel: 'other_qris',
      status: 'pending',
      amount,
      redirect_url: null,
      qr_string: fakeQr(attempt.id),
      provider_reference: `trx-${attempt.id}`,
      pay_expires_at: '2026-11-29T03:00:00.000Z',
    });
    expect(body).toMatchObject({
      payment_type: 'qris',
      transaction_details: { order_id: attempt.id, gross_amount: amount },
      // The account's own address: the gateway mails its receipts there, never to what was typed.
      customer_details: { first_name: 'Siti Aminah', email: customer.email, phone: '+6281234567890' },
      custom_expiry: { unit: 'second' },
    });
    const items = body.item_details as { price: number; quantity: number }[];
    expect(items.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(amount);
    const expiry = body.custom_expiry as { order_time: string; expiry_duration: number };
    expect(expiry.order_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0700$/);
    const start = Date.parse(`${expiry.order_time.slice(0, 10)}T${expiry.order_time.slice(11, 19)}+07:00`);
    expect(start + expiry.expiry_duration * 1000).toBeLessThanOrEqual(Date.parse(order.payment_due_at ?? ''));

    // The same choice again: the same attempt, no second call to the gateway.
    const again = await choose(customer.cookie, order.id, 'other_qris');
    expect(again.status).toBe(200);
    expect(midtrans.charges).toHaveLength(1);
    // The manual transfer's attempt was voided in the same batch; nothing to cancel at the gateway.
    expect(midtrans.cancels).toEqual([]);
    expect((await detail(customer.cookie, order.id)).payments.map((p) => [p.method, p.status])).toEqual([
      ['midtrans', 'pending'],
      ['bank_transfer', 'void'],
    ]);
  });

  it('offers the gateway channels on the order page and refuses one the shop does not offer', async () => {
    const { customer, order } = await setup();
    const page = await detail(customer.cookie, order.id);
    expect(page.payment_options?.channels).toContain('other_qris');
    expect(page.payment_options?.channels).not.toContain('credit_card');
    const res = await choose(customer.cookie, order.id, 'credit_card');
    expect(res.status).toBe(409);
    const bad = await choose(customer.cookie, order.id, 'bitcoin');
    expect(bad.status).toBe(400);
  });
});

describe("the admin's gateway settings", () => {
  it('offer cards once enabled and refuse the manual transfer once turned off', async () => {
    const { admin, customer, order } = await setup();
    const midtrans = fakeMidtrans();
    const put = await call('/api/admin/settings/gateway', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { channels: ['credit_card', 'other_qris'], manualTransfer: false },
    });
    // Saved without COD (a client from before decision 034): COD stays off.
    expect(await put.json()).toEqual({
      channels: ['other_qris', 'credit_card'],
      manualTransfer: false,
      cod: { enabled: false, fee: 0, maxOrderValue: 0 },
    });
    expect((await detail(customer.cookie, order.id)).payment_options).toEqual({
      channels: ['other_qris', 'credit_card'],
      manual_transfer: false,
      cod: null,
    });
    // A transfer receipt does not a transfer receipt reach the admin's verification list either.
    const receipt = await uploadReceipt(customer.cookie, order.id, imageFixtures.png.bytes, 'image/png');
    expect(receipt.status).toBe(409);
    expect(await receipt.json()).toMatchObject({ error: { code: 'manual_transfer_off' } });
    expect((await detail(customer.cookie, order.id)).payment_status).not.toBe('submitted');
    expect((await choose(customer.cookie, order.id, 'credit_card')).status).toBe(200);
    expect(midtrans.snapRequests[0]?.body.enabled_payments).toEqual(['credit_card']);
    const back = await choose(customer.cookie, order.id, 'bank_transfer');
    expect(back.status).toBe(409);
    const bad = await call('/api/admin/settings/gateway', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { channels: ['bitcoin'], manualTransfer: true },
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/payments/midtrans/notification', () => {
  it('settlement: the order is paid within the request, with its timeline row and email, no admin step; a repeat changes nothing', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    const res = await notify(note);
    expect(res.status).toBe(200);
    const page = await detail(customer.cookie, order.id);
    expect(page.status).toBe('processing');
    expect(page.payments[0]).toMatchObject({
      status: 'paid',
      provider_reference: `trx-${attempt.id}`,
      provider_status: 'settlement',
    });
    expect(page.events.at(-1)).toMatchObject({
      type: 'payment_confirmed',
      actor: 'system',
      status: 'processing',
    });
    expect(await queuedEmails('payment-confirmed')).toEqual([
      expect.objectContaining({ to_address: customer.email }),
    ]);
    // The shop is told too, with a link to the order in its dashboard.
    const [shop, ...more] = await queuedEmails('shop-gateway-payment');
    expect(more).toEqual([]);
    expect(shop).toMatchObject({
      to_address: 'toko@contoh.id',
      subject: `Pesanan #${order.id.slice(0, 8)} dibayar, siap dikemas`,
    });
    expect(shop?.body).toContain(`/admin?section=order-detail&id=${order.id}`);

    const before = await snapshot(order.id);
    const repeat = await notify(note);
    expect(repeat.status).toBe(200);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('refuses a wrong signature with 401 and asks nothing, changes nothing', async () => {
    const { order, midtrans, attempt, gross } = await qrisAttempt();
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    const before = await snapshot(order.id);
    const calls = midtrans.spy.mock.calls.length;
    for (const body of [
      { ...note, signature_key: 'f'.repeat(128) },
      // Signed over another amount than the one it carries.
      { ...note, gross_amount: '1.00' },
      { ...note, signature_key: undefined },
    ]) {
      const res = await notify(body);
      expect(res.status).toBe(401);
    }
    expect(midtrans.spy.mock.calls.length).toBe(calls);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('pending keeps the VA number; an expired attempt fails and the shopper pays by another channel; a late pending changes nothing', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    await notify(
      await midtrans.set(attempt.id, {
        transaction_status: 'pending',
        status_code: '201',
        gross_amount: gross,
        payment_type: 'bank_transfer',
        va_numbers: [{ bank: 'bca', va_number: '12345678901' }],
      }),
    );
    expect((await detail(customer.cookie, order.id)).payments[0]).toMatchObject({
      status: 'pending',
      pay_code: '12345678901',
    });

    const expired = await midtrans.set(attempt.id, {
      transaction_status: 'expire',
      status_code: '407',
      gross_amount: gross,
    });
    expect((await notify(expired)).status).toBe(200);
    let page = await detail(customer.cookie, order.id);
    expect(page.status).toBe('pending');
    expect(page.payments[0]).toMatchObject({
      status: 'rejected',
      reason: 'Waktu pembayaran di gateway habis',
    });

    expect((await choose(customer.cookie, order.id, 'bca_va')).status).toBe(200);
    page = await detail(customer.cookie, order.id);
    const second = page.payments[0];
    expect(second).toMatchObject({ status: 'pending', channel: 'bca_va' });
    if (!second) throw new Error('no second attempt');
    expect(second.id).not.toBe(attempt.id);

    await notify(
      await midtrans.set(second.id, {
        transaction_status: 'settlement',
        status_code: '200',
        gross_amount: gross,
      }),
    );
    expect((await detail(customer.cookie, order.id)).status).toBe('processing');
    // A pending of the first attempt arriving late (out of order): nothing moves.
    const before = await snapshot(order.id);
    const late = await midtrans.set(attempt.id, {
      transaction_status: 'pending',
      status_code: '201',
      gross_amount: gross,
    });
    expect((await notify(late)).status).toBe(200);
    const after = await snapshot(order.id);
    expect(after.order).toEqual(before.order);
    expect(after.payments).toEqual(before.payments);
    expect(after.outbox).toEqual(before.outbox);
  });

  it('trusts the status API, not the notification: a settlement notification the API calls pending pays nothing', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    const forged = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    await midtrans.set(attempt.id, {
      transaction_status: 'pending',
      status_code: '201',
      gross_amount: gross,
    });
    expect((await notify(forged)).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).status).toBe('pending');
  });

  it('a settlement of another amount is not paid: the order is flagged for the admin', async () => {
    const { admin, customer, order, midtrans, attempt } = await qrisAttempt();
    await notify(
      await midtrans.set(attempt.id, {
        transaction_status: 'settlement',
        status_code: '200',
        gross_amount: '1000.00',
      }),
    );
    expect((await detail(customer.cookie, order.id)).status).toBe('pending');
    const history = await (
      await call(`/api/admin/orders/${order.id}/gateway`, { cookie: admin.cookie })
    ).json<GatewayHistory>();
    expect(history.payment_flag).toBe('amount_mismatch');
    expect((await queuedEmails('shop-gateway-payment')).map((m) => m.subject)).toEqual([
      `Pesanan #${order.id.slice(0, 8)} dibayar dengan jumlah yang berbeda: perlu diperiksa`,
    ]);
    expect(history.notifications[0]).toMatchObject({
      transaction_status: 'settlement',
      outcome: 'flagged',
      gross_amount: '1000.00',
    });
  });

  it('a settlement after the customer cancelled never re-sells stock: flagged "dibayar setelah dibatalkan", the customer is told', async () => {
    const { admin, customer, order, midtrans, attempt, gross, products } = await qrisAttempt(5);
    expect(
      (await call(`/api/orders/${order.id}/cancel`, { method: 'POST', cookie: customer.cookie, json: {} }))
        .status,
    ).toBe(200);
    await notify(
      await midtrans.set(attempt.id, {
        transaction_status: 'settlement',
        status_code: '200',
        gross_amount: gross,
      }),
    );
    const row = await env.DB.prepare('SELECT status, payment_flag FROM orders WHERE id = ?')
      .bind(order.id)
      .first();
    expect(row).toEqual({ status: 'cancelled', payment_flag: 'paid_after_cancel' });
    const stock = await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
      .bind(products[0]?.variantId)
      .first();
    expect(stock).toEqual({ stock: 5 });
    // The money is on the admin's refund list, as a paid transfer's would be.
    const refunds = await (await call('/api/admin/orders/refunds', { cookie: admin.cookie })).json<{
      items: { id: string; refund_status: string }[];
    }>();
    expect(refunds.items).toEqual([expect.objectContaining({ id: order.id, refund_status: 'needed' })]);
    expect(await queuedEmails('paid-after-cancel')).toEqual([
      expect.objectContaining({ to_address: customer.email }),
    ]);
    expect(await queuedEmails('shop-gateway-payment')).toEqual([
      expect.objectContaining({
        to_address: 'toko@contoh.id',
        subject: `Pesanan #${order.id.slice(0, 8)} dibayar setelah dibatalkan: perlu refund`,
      }),
    ]);
  });

  it('racing the customer cancel: exactly one outcome, stock right', async () => {
    const { customer, order, midtrans, attempt, gross, products } = await qrisAttempt(5);
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    const [cancel, paid] = await Promise.all([
      call(`/api/orders/${order.id}/cancel`, { method: 'POST', cookie: customer.cookie, json: {} }),
      notify(note),
    ]);
    expect(paid.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, payment_flag FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ status: string; payment_flag: string | null }>();
    const stock = await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
      .bind(products[0]?.variantId)
      .first<{ stock: number }>();
    if (cancel.status === 200) {
      expect(row).toEqual({ status: 'cancelled', payment_flag: 'paid_after_cancel' });
      expect(stock?.stock).toBe(5);
    } else {
      expect(cancel.status).toBe(409);
      expect(row).toEqual({ status: 'processing', payment_flag: null });
      expect(stock?.stock).toBe(4);
    }
  });

  it("racing the Cron's expiry at the deadline: exactly one outcome, stock returned at most once", async () => {
    const { order, midtrans, attempt, gross, products } = await qrisAttempt(5);
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    // The shopper paid in the last second; the Cron's run finds the deadline passed.
    await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), order.id)
      .run();
    const [paid, expired] = await Promise.all([notify(note), expireOverdueOrders(env, new Date())]);
    expect(paid.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, payment_flag FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ status: string; payment_flag: string | null }>();
    const stock = await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
      .bind(products[0]?.variantId)
      .first<{ stock: number }>();
    const events = await env.DB.prepare(
      'SELECT type FROM order_events WHERE order_id = ? ORDER BY created_at, rowid',
    )
      .bind(order.id)
      .all<{ type: string }>();
    if (expired === 1) {
      // Expired first: the money is flagged for a refund and the units are back once.
      expect(row).toEqual({ status: 'cancelled', payment_flag: 'paid_after_cancel' });
      expect(stock?.stock).toBe(5);
      expect(events.results.map((e) => e.type)).toEqual(['placed', 'expired']);
    } else {
      expect(expired).toBe(0);
      expect(row).toEqual({ status: 'processing', payment_flag: null });
      expect(stock?.stock).toBe(4);
      expect(events.results.map((e) => e.type)).toEqual(['placed', 'payment_confirmed']);
    }
    // A later run changes nothing either way.
    expect(await expireOverdueOrders(env, new Date())).toBe(0);
  });

  it('the status API failing: 503 (the gateway retries), nothing half-written; the retry applies it', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    midtrans.failStatus(true);
    const before = await snapshot(order.id);
    const res = await notify(note);
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain(SERVER_KEY);
    expect(await snapshot(order.id)).toEqual(before);
    midtrans.failStatus(false);
    expect((await notify(note)).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).status).toBe('processing');
  });

  it('a notification for a transaction the gateway does not know changes nothing', async () => {
    fakeMidtrans();
    const orderId = crypto.randomUUID();
    const signature_key = await sha512Hex(`${orderId}200150000.00${SERVER_KEY}`);
    const res = await notify({
      order_id: orderId,
      status_code: '200',
      gross_amount: '150000.00',
      signature_key,
      transaction_status: 'settlement',
    });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payment_notifications').first()).toEqual({ n: 0 });
  });
});

describe('the Cron asks the gateway about attempts left pending', () => {
  it('applies a missed settlement once the attempt has waited past its check time, and stops asking', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    expect(await pollGatewayAttempts(env, new Date())).toBe(0);
    expect(await pollGatewayAttempts(env, new Date(Date.now() + 6 * 60_000))).toBe(1);
    expect((await detail(customer.cookie, order.id)).status).toBe('processing');
    const calls = midtrans.spy.mock.calls.length;
    expect(await pollGatewayAttempts(env, new Date(Date.now() + 60 * 60_000))).toBe(0);
    expect(midtrans.spy.mock.calls.length).toBe(calls);
  });

  it('a gateway that does not answer is asked again on a later run', async () => {
    const { customer, order, midtrans, attempt, gross } = await qrisAttempt();
    await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: gross,
    });
    midtrans.failStatus(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const later = Date.now() + 6 * 60_000;
    expect(await pollGatewayAttempts(env, new Date(later))).toBe(0);
    midtrans.failStatus(false);
    expect(await pollGatewayAttempts(env, new Date(later + 6 * 60_000))).toBe(1);
    expect((await detail(customer.cookie, order.id)).status).toBe('processing');
  });
});
