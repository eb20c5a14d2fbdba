import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { formatRupiah, type OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  CUSTOMER_FULL_ADDRESS,
  cart,
  insertProducts,
  PAYMENT_SETTINGS,
  placeOrder,
  postOrder,
  queuedEmails,
  REGULER,
  savePaymentSettings,
  uploadReceipt,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { AppError } from '../lib/errors.ts';
import { expireOverdueOrders } from '../payments/expiry.ts';
import { cancelOrder } from './cancel.ts';
import { confirmPayment } from './payment-steps.ts';
import { loadOrderState } from './transition.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const PAST = '2026-03-02T11:59:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';

async function orderDueAt(customer: TestUser, dueAt: string): Promise<string> {
  const order = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
  await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?').bind(dueAt, order.id).run();
  return order.id;
}

const statusOf = (id: string) =>
  env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('expiry of unpaid orders', () => {
  it('cancels only unpaid orders past their deadline, each with one timeline row and one email', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    await allowManyUnpaid();
    const overdue = await orderDueAt(customer, PAST);
    const inTime = await orderDueAt(customer, FUTURE);
    // Paid in time: its receipt waits for the admin.
    const underReview = await orderDueAt(customer, FUTURE);
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, underReview, png.bytes, png.type)).status).toBe(201);
    await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?').bind(PAST, underReview).run();
    // Already paid (processing) and already cancelled, both past the deadline.
    const paid = await orderDueAt(customer, PAST);
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(paid).run();
    const cancelled = await orderDueAt(customer, PAST);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(cancelled).run();

    expect(await expireOverdueOrders(env, NOW)).toBe(1);
    expect(await statusOf(overdue)).toBe('cancelled');
    expect(await statusOf(inTime)).toBe('pending');
    expect(await statusOf(underReview)).toBe('pending');
    expect(await statusOf(paid)).toBe('processing');

    const events = await env.DB.prepare(
      "SELECT order_id, type, actor, actor_id FROM order_events WHERE type <> 'placed' AND type <> 'receipt_uploaded'",
    ).all();
    expect(events.results).toEqual([{ order_id: overdue, type: 'expired', actor: 'system', actor_id: null }]);
    const payment = await env.DB.prepare('SELECT status FROM payments WHERE order_id = ?')
      .bind(overdue)
      .first();
    expect(payment).toEqual({ status: 'void' });
    const mails = await queuedEmails('order-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('batas waktu pembayaran habis');

    // A second run finds nothing more: no second row, no second email.
    expect(await expireOverdueOrders(env, NOW)).toBe(0);
    expect(await queuedEmails('order-cancelled')).toHaveLength(1);
  });

  it('cancels a bounded number per run, oldest deadline first', async () => {
    const customer = await createUser('customer');
    const ids = [];
    for (const minute of [50, 10, 30])
      ids.push(await orderDueAt(customer, `2026-03-02T11:${minute}:00.000Z`));
    expect(await expireOverdueOrders(env, NOW, 2)).toBe(2);
    expect([
      await statusOf(ids[0] as string),
      await statusOf(ids[1] as string),
      await statusOf(ids[2] as string),
    ]).toEqual(['pending', 'cancelled', 'cancelled']);
  });

  it('runs from the Cron Trigger, and the email leaves in the same run', async () => {
    const customer = await createUser('customer');
    const overdue = await orderDueAt(customer, '2000-01-01T00:00:00.000Z');
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await statusOf(overdue)).toBe('cancelled');
    const sent = await env.DB.prepare(
      "SELECT status FROM email_outbox WHERE template = 'order-cancelled'",
    ).all();
    expect(sent.results).toEqual([{ status: 'sent' }]);
  });
});

describe('racing changes', () => {
  it('a change made from a state read before another change is refused whole: no second row, no second email', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    const id = await orderDueAt(customer, FUTURE);
    const db = getDb(env.DB);
    // Both requests read the order while it still waited for payment.
    const [first, second] = [await loadOrderState(db, id), await loadOrderState(db, id)];
    const who = { actor: 'admin', userId: admin.id } as const;
    await confirmPayment(db, env, first as NonNullable<typeof first>, who);
    for (const late of [
      () => confirmPayment(db, env, second as NonNullable<typeof second>, who),
      () => cancelOrder(db, env, second as NonNullable<typeof second>, who),
    ]) {
      const error = await late().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 409, code: 'order_changed' });
    }
    expect(await statusOf(id)).toBe('processing');
    const events = await env.DB.prepare('SELECT type FROM order_events WHERE order_id = ? ORDER BY rowid')
      .bind(id)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(['placed', 'payment_confirmed']);
    expect(await queuedEmails('payment-confirmed')).toHaveLength(1);
    expect(await queuedEmails('order-cancelled')).toHaveLength(0);
  });
});

/** The newest outbox row of a template: to whom, and its plain-text part. */
async function lastMail(template: string) {
  return (await queuedEmails(template)).at(-1);
}

/** Changes the account's address the way the customer does: the profile form, then the emailed link. */
async function changeEmail(user: TestUser, email: string): Promise<void> {
  const res = await call('/api/auth/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    json: { name: 'Pengguna Uji', email, currentPassword: user.password },
  });
  expect(res.status).toBe(200);
  const token = /token=([^\s&]+)/.exec((await lastMail('email-change'))?.body ?? '')?.[1];
  const confirmed = await call(`/api/auth/email/confirm?token=${token}`, { redirect: 'manual' });
  expect(confirmed.status).toBe(303);
}

describe('what each change mails', () => {
  it('placing an order mails the customer what was bought, where it goes, the breakdown and how to pay, and the shop a link to the order in the admin', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    const products = await insertProducts([100_000, 75_000]);
    const order = await placeOrder(customer.cookie, [
      { productId: products[0]?.id as string, variantId: products[0]?.variantId as string, quantity: 2 },
      { productId: products[1]?.id as string, variantId: products[1]?.variantId as string, quantity: 1 },
    ]);
    const mail = await lastMail('order-placed');
    expect(mail?.to_address).toBe(customer.email);
    const fee = REGULER.baseFee + 2 * REGULER.perItemFee;
    for (const line of [
      '- Parfum Uji 1 (50 ml): 2 x Rp 100.000 = Rp 200.000',
      '- Parfum Uji 2 (50 ml): 1 x Rp 75.000 = Rp 75.000',
      'Penerima: Siti Aminah',
      'Telepon: +6281234567890',
      `Alamat: ${CUSTOMER_FULL_ADDRESS}`,
      'Layanan pengiriman: Reguler',
      'Subtotal produk: Rp 275.000',
      `Ongkos kirim (Reguler): ${formatRupiah(fee)}`,
      `Kode unik: ${formatRupiah(order.unique_code)}`,
      `Total transfer: ${formatRupiah(order.total_amount)}`,
      'BCA: 5425017788 a.n. PT Global Imperium',
      'Mandiri: 1240009876543 a.n. PT Global Imperium',
    ]) {
      expect(mail?.body).toContain(line);
    }
    const shop = await lastMail('shop-new-order');
    expect(shop?.to_address).toBe(PAYMENT_SETTINGS.notificationEmail);
    expect(shop?.body).toContain(`\nhttps://shop.test/admin?section=order-detail&id=${order.id}\n`);
  });

  it('an order paid by QRIS: the order mail says to scan the QR on the order page, without accounts or unique code', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    const off = await call('/api/admin/settings/gateway', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { channels: ['other_qris', 'bca_va'], manualTransfer: false },
    });
    expect(off.status).toBe(200);
    fakeMidtrans();
    const res = await postOrder(customer.cookie, {
      items: cart(await insertProducts([100_000])),
      customer: CUSTOMER,
      paymentChannel: 'other_qris',
    });
    expect(res.status).toBe(201);
    const order = await res.json<OrderDetail>();
    const body = (await lastMail('order-placed'))?.body ?? '';
    expect(body).toContain('pindai kode QRIS');
    const online = formatRupiah(order.subtotal_amount + order.shipping_fee);
    expect(body).toContain(`Total pembayaran: ${online}`);
    expect(body).toContain(`bayar ${online} sebelum`);
    expect(body).toContain(`\nhttps://shop.test/orders/${order.id}\n`);
    expect(body).not.toContain('5425017788');
    expect(body).not.toContain('Kode unik');
    expect(body).not.toContain('bukti transfer');
  });

  it('a receipt upload mails the customer that it arrived and the shop a link to the order in the admin', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    const order = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, order.id, png.bytes, png.type)).status).toBe(201);
    const mail = await lastMail('receipt-received');
    expect(mail?.to_address).toBe(customer.email);
    expect(mail?.body).toContain(`Bukti transfer ${formatRupiah(order.total_amount)} untuk pesanan`);
    expect(mail?.body).toContain(`\nhttps://shop.test/orders/${order.id}\n`);
    const shop = await lastMail('shop-receipt-uploaded');
    expect(shop?.body).toContain(`\nhttps://shop.test/admin?section=order-detail&id=${order.id}\n`);
  });

  it('a cancellation says what becomes of money already paid, on every path', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    await allowManyUnpaid();
    const db = getDb(env.DB);
    const who = { actor: 'admin', userId: admin.id } as const;
    const state = async (id: string) =>
      (await loadOrderState(db, id)) as NonNullable<Awaited<ReturnType<typeof loadOrderState>>>;
    const cancelledMail = async (id: string) => {
      const mails = await queuedEmails('order-cancelled');
      expect(mails).toHaveLength(cancels + 1);
      cancels += 1;
      const body = mails.at(-1)?.body ?? '';
      expect(body).toContain(`#${id.slice(0, 8)}`);
      return body;
    };
    let cancels = 0;

    // Nothing paid: the customer cancels.
    const unpaid = await orderDueAt(customer, FUTURE);
    expect(
      (await call(`/api/orders/${unpaid}/cancel`, { method: 'POST', cookie: customer.cookie, json: {} }))
        .status,
    ).toBe(200);
    expect(await cancelledMail(unpaid)).toContain('tidak ada dana yang perlu dikembalikan');

    // A gateway payment was open when the deadline passed: it may still go through. The expiry
    // asks Midtrans first (decision 035), which has nothing paid for it.
    fakeMidtrans();
    const online = await orderDueAt(customer, PAST);
    await env.DB.prepare("UPDATE payments SET method = 'midtrans', channel = 'other_qris' WHERE order_id = ?")
      .bind(online)
      .run();
    expect(await expireOverdueOrders(env, NOW)).toBe(1);
    const expired = await cancelledMail(online);
    expect(expired).toContain('batas waktunya');
    expect(expired).toContain('Jangan lanjutkan pembayaran lewat QRIS');

    // A receipt under review: the customer cancels anyway.
    const receipt = await orderDueAt(customer, FUTURE);
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, receipt, png.bytes, png.type)).status).toBe(201);
    const withReceipt = await call(`/api/orders/${receipt}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: { confirmPaid: true },
    });
    expect(withReceipt.status).toBe(200);
    expect(await cancelledMail(receipt)).toContain('belum selesai kami periksa');

    // Paid by transfer, then the admin cancels.
    const transfer = await orderDueAt(customer, FUTURE);
    await confirmPayment(db, env, await state(transfer), who);
    await cancelOrder(db, env, await state(transfer), who, { reason: 'Stok rusak' });
    expect(await cancelledMail(transfer)).toContain('akan kami kembalikan (refund) lewat transfer bank');

    // Paid through the gateway, then the admin cancels.
    const gateway = await orderDueAt(customer, FUTURE);
    await env.DB.prepare(
      "UPDATE payments SET method = 'midtrans', channel = 'gopay', amount = 90000 WHERE order_id = ?",
    )
      .bind(gateway)
      .run();
    await confirmPayment(db, env, await state(gateway), { actor: 'system' });
    await cancelOrder(db, env, await state(gateway), who);
    expect(await cancelledMail(gateway)).toContain(
      'Pembayaran Rp 90.000 lewat GoPay akan kami kembalikan (refund)',
    );

    const refunds = await env.DB.prepare(
      'SELECT id, refund_status FROM orders WHERE id IN (?, ?, ?, ?, ?) ORDER BY rowid',
    )
      .bind(unpaid, online, receipt, transfer, gateway)
      .all<{ refund_status: string | null }>();
    expect(refunds.results.map((r) => r.refund_status)).toEqual([null, null, 'needed', 'needed', 'needed']);
  });

  it("mails go to the account's current address: after an email change, never to the old one", async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    await allowManyUnpaid();
    const before = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
    await changeEmail(customer, 'alamat.baru@contoh.id');

    const after = await placeOrder(customer.cookie, cart(await insertProducts([80_000])));
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, before.id, png.bytes, png.type)).status).toBe(201);
    const confirmed = await call(`/api/admin/orders/${before.id}/payment/confirm`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(confirmed.status).toBe(200);
    const cancelled = await call(`/api/orders/${after.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(cancelled.status).toBe(200);

    const placed = await queuedEmails('order-placed');
    expect(placed.map((m) => m.to_address)).toEqual([customer.email, 'alamat.baru@contoh.id']);
    for (const template of ['receipt-received', 'payment-confirmed', 'order-cancelled']) {
      expect(
        (await queuedEmails(template)).map((m) => m.to_address),
        template,
      ).toEqual(['alamat.baru@contoh.id']);
    }
  });
});
