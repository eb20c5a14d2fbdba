import { env } from 'cloudflare:test';
import type { Order, OrderDetail, Page } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { fakeMidtrans, notifyShop as notify } from '../../test/midtrans-fake.ts';
import {
  CUSTOMER,
  cart,
  choosePaymentMethod as choose,
  orderDetailOf as detail,
  insertProducts,
  postOrder,
  queuedEmails,
  savePaymentSettings,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { pollGatewayAttempts } from './apply.ts';
import { expireOverdueOrders } from './expiry.ts';

// Money that arrives late or twice (issue 38 items 7–9, decision 035): every verified settlement
// the order no longer waits for lands in 'Perlu Refund' with a mail to the shop; a settlement
// after a deny pays; the Cron's expiry asks the gateway before it cancels. Midtrans is the shared
// fake at fetch (test/midtrans-fake.ts), which signs its notifications itself.

afterEach(() => {
  vi.restoreAllMocks();
});

async function setup() {
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  const products = await insertProducts([250_000]);
  return { admin, customer, products };
}

async function placed(customer: TestUser, products: TestProduct[], paymentChannel: string) {
  const res = await postOrder(customer.cookie, { items: cart(products), customer: CUSTOMER, paymentChannel });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<OrderDetail>();
}

/** Midtrans settles `attempt` (its status API says so) and notifies the shop: 200 expected. */
async function settle(midtrans: ReturnType<typeof fakeMidtrans>, attempt: { id: string; amount: number }) {
  const note = await midtrans.set(attempt.id, {
    transaction_status: 'settlement',
    status_code: '200',
    gross_amount: `${attempt.amount}.00`,
  });
  const res = await notify(note);
  expect(res.status).toBe(200);
}

/** 'Perlu Refund' as the admin reads it. */
const refunds = async (admin: TestUser) =>
  (await call('/api/admin/orders/refunds', { cookie: admin.cookie })).json<Page<Order>>();

const orderRow = (id: string) =>
  env.DB.prepare('SELECT status, payment_flag, refund_status FROM orders WHERE id = ?').bind(id).first();

/** The shop's gateway mails about `orderId`. */
const shopMails = async (orderId: string) =>
  (await queuedEmails('shop-gateway-payment')).filter((mail) => mail.body.includes(orderId.slice(0, 8)));

async function overdue(orderId: string) {
  await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?')
    .bind(new Date(Date.now() - 1000).toISOString(), orderId)
    .run();
}

describe('a second payment is never unseen (item 7)', () => {
  it('paid by GoPay, then also on the old QRIS: paid once, flagged, in Perlu Refund, the shop mailed', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    const switched = await (await choose(customer.cookie, order.id, 'gopay')).json<OrderDetail>();
    const gopay = switched.payments[0];
    if (!gopay) throw new Error('no attempt');
    expect(midtrans.cancels).toEqual([qris.id]);

    await settle(midtrans, gopay);
    // The QRIS cancel did not reach Midtrans in time: the shopper scanned it too.
    await settle(midtrans, qris);

    const paid = await detail(customer.cookie, order.id);
    expect(paid.status).toBe('processing');
    expect(paid.events.filter((e) => e.type === 'payment_confirmed')).toHaveLength(1);
    expect(await queuedEmails('payment-confirmed')).toHaveLength(1);
    expect(paid.payments.map((p) => [p.id, p.status])).toEqual([
      [gopay.id, 'paid'],
      [qris.id, 'void'],
    ]);
    expect(await orderRow(order.id)).toEqual({
      status: 'processing',
      payment_flag: 'paid_twice',
      refund_status: 'needed',
    });
    const list = await refunds(admin);
    expect(list.items.map((o) => o.id)).toEqual([order.id]);
    expect(list.total).toBe(1);
    const mails = await shopMails(order.id);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('dibayar, siap dikemas'),
      expect.stringContaining('dibayar lebih dari sekali: perlu refund'),
    ]);
    // The history shows what the shop did with the second settlement.
    const history = await env.DB.prepare('SELECT outcome FROM payment_notifications WHERE payment_id = ?')
      .bind(qris.id)
      .first();
    expect(history).toEqual({ outcome: 'flagged' });
  });

  it('an old attempt settled after the transfer was confirmed: flagged for refund, the order kept', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    expect((await choose(customer.cookie, order.id, 'bank_transfer')).status).toBe(200);
    const confirmed = await call(`/api/admin/orders/${order.id}/payment/confirm`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(confirmed.status).toBe(200);
    await settle(midtrans, qris);
    expect(await orderRow(order.id)).toEqual({
      status: 'processing',
      payment_flag: 'paid_twice',
      refund_status: 'needed',
    });
    expect((await refunds(admin)).items.map((o) => o.id)).toEqual([order.id]);
    expect((await shopMails(order.id)).map((m) => m.subject)).toEqual([
      expect.stringContaining('perlu refund'),
    ]);
  });

  it('a settlement after the customer cancelled: the cancel was sent to Midtrans; the money lands in Perlu Refund', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'bni_va');
    const va = order.payments[0];
    if (!va) throw new Error('no attempt');
    const cancelled = await call(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(cancelled.status).toBe(200);
    // Cancelling closes the open charge at Midtrans (issue 37's leftover).
    expect(midtrans.cancels).toEqual([va.id]);
    // The shopper's bank had already taken the transfer.
    await settle(midtrans, va);
    expect(await orderRow(order.id)).toEqual({
      status: 'cancelled',
      payment_flag: 'paid_after_cancel',
      refund_status: 'needed',
    });
    expect((await refunds(admin)).items.map((o) => o.id)).toEqual([order.id]);
    expect(await shopMails(order.id)).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('dibayar setelah dibatalkan') }),
    ]);
    expect(await queuedEmails('paid-after-cancel')).toHaveLength(1);
  });

  it('30 switches at once: at most 10 reach the gateway, the rest 429; one transaction stays payable', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const channels = ['gopay', 'bni_va', 'shopeepay', 'bca_va', 'bri_va', 'permata_va'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        choose(customer.cookie, order.id, channels[i % channels.length] ?? ''),
      ),
    );
    const statuses = answers.map((res) => res.status);
    // At most 10 counted; of those, only the winners of the switching batch charge. (A request that
    // meets its own channel already open answers 200 uncounted, so the 429s are not exactly 20.)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    const refused = await answers.find((res) => res.status === 429)?.json<{ error: { message: string } }>();
    expect(refused?.error.message).toMatch(
      /^Terlalu sering mengganti cara pembayaran untuk pesanan ini\. Coba lagi dalam \d+ menit\.$/,
    );
    expect(midtrans.charges.length).toBeLessThanOrEqual(11);
    // Every transaction opened at Midtrans but the open one was cancelled there.
    const { results } = await env.DB.prepare(
      "SELECT id FROM payments WHERE order_id = ? AND status = 'pending'",
    )
      .bind(order.id)
      .all<{ id: string }>();
    expect(results).toHaveLength(1);
    const charged = midtrans.charges.map(
      (body) => (body.transaction_details as { order_id: string }).order_id,
    );
    const payable = charged.filter((id) => !midtrans.cancels.includes(id));
    expect(payable).toEqual([results[0]?.id]);
    // The 11th switch within the hour is refused too, with nothing written.
    const before = await env.DB.prepare('SELECT count(*) AS n FROM payments').first();
    expect((await choose(customer.cookie, order.id, 'other_qris')).status).toBe(429);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payments').first()).toEqual(before);
  });
});

describe('a settlement after a deny (item 8)', () => {
  it('deny, then settlement on the same attempt: the order is paid; the attempt chosen meanwhile is voided and cancelled at Midtrans', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    const denied = await midtrans.set(qris.id, {
      transaction_status: 'deny',
      status_code: '202',
      gross_amount: `${qris.amount}.00`,
    });
    expect((await notify(denied)).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).payments[0]).toMatchObject({ status: 'rejected' });
    // The shopper picks a VA meanwhile.
    const switched = await (await choose(customer.cookie, order.id, 'bni_va')).json<OrderDetail>();
    const va = switched.payments[0];
    if (!va) throw new Error('no attempt');
    // The issuer retried and the same transaction settled.
    await settle(midtrans, qris);
    const paid = await detail(customer.cookie, order.id);
    expect(paid.status).toBe('processing');
    expect(Object.fromEntries(paid.payments.map((p) => [p.id, p.status]))).toEqual({
      [qris.id]: 'paid',
      [va.id]: 'void',
    });
    expect(midtrans.cancels).toContain(va.id);
    expect(await orderRow(order.id)).toMatchObject({ payment_flag: null, refund_status: null });
    expect((await shopMails(order.id)).map((m) => m.subject)).toEqual([
      expect.stringContaining('dibayar, siap dikemas'),
    ]);
  });

  it('deny, another method chosen, the order cancelled (its open charge closed at Midtrans), then settlement: flagged for refund with a mail', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    const denied = await midtrans.set(qris.id, {
      transaction_status: 'deny',
      status_code: '202',
      gross_amount: `${qris.amount}.00`,
    });
    expect((await notify(denied)).status).toBe(200);
    // The shopper picks a VA, then gives up and cancels: the VA is closed at Midtrans.
    const switched = await (await choose(customer.cookie, order.id, 'bni_va')).json<OrderDetail>();
    const va = switched.payments[0];
    if (!va) throw new Error('no attempt');
    const cancelled = await call(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(cancelled.status).toBe(200);
    expect(midtrans.cancels).toEqual([va.id]);
    // The denied QRIS settles after all.
    await settle(midtrans, qris);
    expect(await orderRow(order.id)).toEqual({
      status: 'cancelled',
      payment_flag: 'paid_after_cancel',
      refund_status: 'needed',
    });
    expect((await refunds(admin)).items.map((o) => o.id)).toEqual([order.id]);
    expect(await shopMails(order.id)).toHaveLength(1);
  });
});

describe("the Cron's expiry asks the gateway first (item 9)", () => {
  it('a settlement whose notification is late pays the order instead of expiring it', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    // Paid in the last minute; the notification has not come yet when the deadline passes.
    await midtrans.set(qris.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: `${qris.amount}.00`,
    });
    await overdue(order.id);
    expect(await expireOverdueOrders(env, new Date())).toBe(0);
    const paid = await detail(customer.cookie, order.id);
    expect(paid.status).toBe('processing');
    expect(paid.refund_status).toBeNull();
    expect(midtrans.cancels).toEqual([]);
  });

  it('a gateway that does not answer: the order is not cancelled this run; the next run expires it and closes its charge', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    await midtrans.set(qris.id, {
      transaction_status: 'pending',
      status_code: '201',
      gross_amount: `${qris.amount}.00`,
    });
    await overdue(order.id);
    midtrans.failStatus(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await expireOverdueOrders(env, new Date())).toBe(0);
    expect((await detail(customer.cookie, order.id)).status).toBe('pending');
    expect(logged).toHaveBeenCalled();
    midtrans.failStatus(false);
    expect(await expireOverdueOrders(env, new Date())).toBe(1);
    expect((await detail(customer.cookie, order.id)).status).toBe('cancelled');
    // Expiring closes the still-pending charge at Midtrans (issue 37's leftover).
    expect(midtrans.cancels).toEqual([qris.id]);
  });
});

describe('an attempt whose charge failed', () => {
  it('is asked about once the gateway is back, and after its 404 never again', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    midtrans.down(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const order = await placed(customer, products, 'other_qris');
    expect(order.payments[0]).toMatchObject({ status: 'pending', qr_string: null });
    midtrans.down(false);
    const statusAsks = () =>
      midtrans.spy.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).endsWith('/status'),
      ).length;
    expect(await pollGatewayAttempts(env, new Date(Date.now() + 6 * 60_000))).toBe(0);
    expect(statusAsks()).toBe(1);
    expect(await pollGatewayAttempts(env, new Date(Date.now() + 60 * 60_000))).toBe(0);
    expect(statusAsks()).toBe(1);
  });
});
