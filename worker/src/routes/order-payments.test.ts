import { env } from 'cloudflare:test';
import type {
  Order,
  OrderCursorPage,
  OrderDetail,
  OrderEventType,
  Page,
  PaymentReview,
  PublicPaymentSettings,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser, type TestUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import {
  cart,
  insertProducts,
  PAYMENT_SETTINGS,
  placeOrder,
  queuedEmails,
  savePaymentSettings,
  uploadReceipt,
} from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const png = imageFixtures.png;

async function setup() {
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  const other = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  const products = await insertProducts([250_000, 99_000]);
  const order = await placeOrder(customer.cookie, cart(products));
  return { admin, customer, other, order };
}

const detail = async (cookie: string, id: string) =>
  (await call(`/api/orders/${id}`, { cookie })).json<OrderDetail>();

const patchStatus = (admin: TestUser, id: string, json: unknown) =>
  call(`/api/admin/orders/${id}/status`, { method: 'PATCH', cookie: admin.cookie, json });

const post = (cookie: string, path: string, json: unknown = {}) =>
  call(path, { method: 'POST', cookie, json });

/** The timeline's rows of one order, oldest first: type and who. */
async function timeline(orderId: string): Promise<{ type: OrderEventType; actor: string; status: string }[]> {
  const { results } = await env.DB.prepare(
    'SELECT type, actor, status FROM order_events WHERE order_id = ? ORDER BY created_at, rowid',
  )
    .bind(orderId)
    .all<{ type: OrderEventType; actor: string; status: string }>();
  return results;
}

describe('GET /api/orders/:id', () => {
  it('shows the owner the order, the transfer instructions and the timeline', async () => {
    const { customer, order } = await setup();
    const res = await call(`/api/orders/${order.id}`, { cookie: customer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json<OrderDetail>();
    expect(body).toMatchObject({
      id: order.id,
      status: 'pending',
      payment_status: 'pending',
      unique_code: order.unique_code,
      total_amount: order.subtotal_amount + order.shipping_fee + order.unique_code,
      payment_instructions: { bank_accounts: PAYMENT_SETTINGS.bankAccounts, qris_image: null },
    });
    expect(body.payments).toEqual([
      expect.objectContaining({ method: 'bank_transfer', status: 'pending', amount: order.total_amount }),
    ]);
    expect(body.events).toEqual([
      expect.objectContaining({ type: 'placed', status: 'pending', actor: 'customer', note: null }),
    ]);
    // 24 hours from placement.
    const due = Date.parse(body.payment_due_at ?? '') - Date.parse(body.created_at);
    expect(Math.abs(due - 24 * 3600_000)).toBeLessThan(5_000);
  });

  it('answers another customer as if the order did not exist, and lets an admin read it', async () => {
    const { admin, other, order } = await setup();
    const res = await call(`/api/orders/${order.id}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await res.json<ErrorBody>()).error.code).toBe('not_found');
    expect((await call(`/api/orders/${order.id}`)).status).toBe(401);
    expect((await call(`/api/orders/${order.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).status).toBe(200);
  });
});

describe('transfer receipts', () => {
  it('the owner uploads an image: the payment waits for review, one timeline row, one email to the shop', async () => {
    const { customer, order } = await setup();
    const res = await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    expect(res.status).toBe(201);
    const body = await res.json<OrderDetail>();
    expect(body.payment_status).toBe('submitted');
    expect(body.payments[0]).toMatchObject({ status: 'submitted', has_receipt: true });
    expect(body.events.map((e) => e.type)).toEqual(['placed', 'receipt_uploaded']);
    const mails = await queuedEmails('shop-receipt-uploaded');
    expect(mails.map((m) => m.to_address)).toEqual([PAYMENT_SETTINGS.notificationEmail]);

    const key = await env.DB.prepare('SELECT receipt_key FROM payments WHERE order_id = ?')
      .bind(order.id)
      .first<string>('receipt_key');
    expect(key).toMatch(new RegExp(`^receipts/${order.id}/[0-9a-f-]{36}\\.png$`));
  });

  it('is read by the owner and admins only, never cached, and never through the public /images', async () => {
    const { admin, customer, other, order } = await setup();
    await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    for (const who of [customer, admin]) {
      const res = await call(`/api/orders/${order.id}/receipt`, { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png.bytes);
    }
    expect((await call(`/api/orders/${order.id}/receipt`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/orders/${order.id}/receipt`)).status).toBe(401);
    const key = (await env.DB.prepare('SELECT receipt_key FROM payments WHERE order_id = ?')
      .bind(order.id)
      .first<string>('receipt_key')) as string;
    for (const path of [`/images/${encodeURIComponent(key)}`, `/images/${key}`]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });

  it("refuses another customer's upload and a file that is no image, storing nothing", async () => {
    const { customer, other, order } = await setup();
    expect((await uploadReceipt(other.cookie, order.id, png.bytes, png.type)).status).toBe(404);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const refused = await uploadReceipt(customer.cookie, order.id, html, 'image/png');
    expect(refused.status).toBe(415);
    expect((await env.IMAGES.list({ prefix: 'receipts/' })).objects).toEqual([]);
    expect(await timeline(order.id)).toHaveLength(1);
    expect(await queuedEmails('shop-receipt-uploaded')).toEqual([]);
  });

  it('takes no second receipt while one is under review', async () => {
    const { customer, order } = await setup();
    await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    const again = await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).error.message).toBe('Bukti transfer sedang diperiksa admin');
    expect((await env.IMAGES.list({ prefix: 'receipts/' })).objects).toHaveLength(1);
  });

  it('takes no receipt after the deadline', async () => {
    const { customer, order } = await setup();
    await env.DB.prepare("UPDATE orders SET payment_due_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(order.id)
      .run();
    const res = await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.message).toBe('Batas waktu pembayaran sudah lewat');
  });
});

describe('payment review', () => {
  it("lists 'Menunggu Verifikasi' and confirming moves the order to processing, once", async () => {
    const { admin, customer, order } = await setup();
    await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    const list = await (await call('/api/admin/orders/payment-reviews', { cookie: admin.cookie })).json<
      Page<PaymentReview>
    >();
    expect(list.total).toBe(1);
    expect(list.items.map((r) => [r.order.id, r.payment.status])).toEqual([[order.id, 'submitted']]);

    const res = await post(admin.cookie, `/api/admin/orders/${order.id}/payment/confirm`);
    expect(res.status).toBe(200);
    const body = await res.json<OrderDetail>();
    expect(body).toMatchObject({ status: 'processing', payment_status: 'paid', payment_instructions: null });
    expect(body.payments[0]?.reviewed_at).toEqual(expect.any(String));

    const twice = await post(admin.cookie, `/api/admin/orders/${order.id}/payment/confirm`);
    expect(twice.status).toBe(409);
    expect((await timeline(order.id)).map((e) => e.type)).toEqual([
      'placed',
      'receipt_uploaded',
      'payment_confirmed',
    ]);
    expect((await queuedEmails('payment-confirmed')).map((m) => m.to_address)).toEqual([customer.email]);
    const after = await (await call('/api/admin/orders/payment-reviews', { cookie: admin.cookie })).json<
      Page<PaymentReview>
    >();
    expect(after).toMatchObject({ items: [], total: 0 });
  });

  it('rejecting needs a reason, tells the customer why, and lets them upload again', async () => {
    const { admin, customer, order } = await setup();
    expect(
      (await post(admin.cookie, `/api/admin/orders/${order.id}/payment/reject`, { reason: 'x' })).status,
    ).toBe(409);
    await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
    const empty = await post(admin.cookie, `/api/admin/orders/${order.id}/payment/reject`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json<ErrorBody>()).error.fields?.reason).toBe('Alasan penolakan harus diisi');

    const res = await post(admin.cookie, `/api/admin/orders/${order.id}/payment/reject`, {
      reason: 'Nominal transfer tidak sesuai',
    });
    expect(res.status).toBe(200);
    const body = await res.json<OrderDetail>();
    expect(body.status).toBe('pending');
    expect(body.payments.map((p) => [p.status, p.reason])).toEqual([
      ['pending', null],
      ['rejected', 'Nominal transfer tidak sesuai'],
    ]);
    expect(body.events.at(-1)).toMatchObject({
      type: 'payment_rejected',
      note: 'Nominal transfer tidak sesuai',
    });
    const mails = await queuedEmails('payment-rejected');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Nominal transfer tidak sesuai');

    expect((await uploadReceipt(customer.cookie, order.id, png.bytes, png.type)).status).toBe(201);
  });
});

describe('the lifecycle', () => {
  it('every status change and payment step writes exactly one timeline row and one email, in order', async () => {
    const { admin, customer, order } = await setup();
    const steps: [OrderEventType, () => Promise<Response>][] = [
      ['receipt_uploaded', () => uploadReceipt(customer.cookie, order.id, png.bytes, png.type)],
      ['payment_confirmed', () => patchStatus(admin, order.id, { status: 'processing' })],
      [
        'shipped',
        () =>
          patchStatus(admin, order.id, {
            status: 'shipped',
            courier: 'JNE',
            trackingNumber: 'JNE0123456789',
          }),
      ],
      ['delivered', () => patchStatus(admin, order.id, { status: 'delivered' })],
    ];
    for (const [type, step] of steps) {
      const before = await countRows('order_events');
      const res = await step();
      expect(res.status, type).toBeLessThan(300);
      expect(await countRows('order_events'), type).toBe(before + 1);
      expect((await timeline(order.id)).at(-1)?.type).toBe(type);
    }
    const final = await detail(customer.cookie, order.id);
    expect(final).toMatchObject({ status: 'delivered', courier: 'JNE', tracking_number: 'JNE0123456789' });
    expect(final.events.map((e) => [e.type, e.actor])).toEqual([
      ['placed', 'customer'],
      ['receipt_uploaded', 'customer'],
      ['payment_confirmed', 'admin'],
      ['shipped', 'admin'],
      ['delivered', 'admin'],
    ]);
    expect(final.events[3]?.note).toBe('JNE · JNE0123456789');
    const customerMails = [
      'order-placed',
      'receipt-received',
      'payment-confirmed',
      'order-shipped',
      'order-delivered',
    ];
    for (const template of customerMails) {
      expect(
        (await queuedEmails(template)).map((m) => m.to_address),
        template,
      ).toEqual([customer.email]);
    }
    for (const template of ['shop-new-order', 'shop-receipt-uploaded']) {
      expect(
        (await queuedEmails(template)).map((m) => m.to_address),
        template,
      ).toEqual([PAYMENT_SETTINGS.notificationEmail]);
    }
    expect((await queuedEmails('order-shipped'))[0]?.body).toContain('Nomor resi: JNE0123456789');
    expect(await countRows('email_outbox')).toBe(customerMails.length + 2);
  });

  it("'shipped' needs the courier and resi; moves the graph does not allow change nothing", async () => {
    const { admin, order } = await setup();
    const missing = await patchStatus(admin, order.id, { status: 'shipped' });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json<ErrorBody>()).error.fields ?? {}).sort()).toEqual([
      'courier',
      'trackingNumber',
    ]);
    // Unpaid: it cannot be shipped or delivered, nor go back to pending.
    for (const json of [
      { status: 'shipped', courier: 'JNE', trackingNumber: 'X1' },
      { status: 'delivered' },
      { status: 'pending' },
    ]) {
      const res = await patchStatus(admin, order.id, json);
      expect(res.status, json.status).toBe(409);
      expect((await res.json<ErrorBody>()).error.code).toBe('invalid_transition');
    }
    await patchStatus(admin, order.id, { status: 'processing' });
    await patchStatus(admin, order.id, { status: 'shipped', courier: 'SiCepat', trackingNumber: 'SC-1' });
    await patchStatus(admin, order.id, { status: 'delivered' });
    // Delivered is the end: no way back, not even a cancel.
    for (const status of ['pending', 'processing', 'shipped', 'cancelled']) {
      const shipment = status === 'shipped' ? { courier: 'JNE', trackingNumber: 'X1' } : {};
      const res = await patchStatus(admin, order.id, { status, ...shipment });
      expect(res.status, status).toBe(409);
    }
    expect((await timeline(order.id)).map((e) => e.type)).toEqual([
      'placed',
      'payment_confirmed',
      'shipped',
      'delivered',
    ]);
  });

  it('the database refuses a move the graph does not allow, whatever code writes it', async () => {
    const { order } = await setup();
    const update = (sql: string) => env.DB.prepare(sql).bind(order.id).run();
    await expect(update("UPDATE orders SET status = 'delivered' WHERE id = ?")).rejects.toThrow(
      /invalid_transition/,
    );
    await expect(update("UPDATE orders SET status = 'pending' WHERE id = ?")).rejects.toThrow(
      /invalid_transition/,
    );
    await update("UPDATE orders SET status = 'processing' WHERE id = ?");
    await expect(update("UPDATE orders SET status = 'shipped' WHERE id = ?")).rejects.toThrow(
      /shipping_details_required/,
    );
  });

  it('the customer cancels an unpaid order (one row, one email); a paid one only the admin cancels', async () => {
    const { admin, customer, other, order } = await setup();
    expect((await post(other.cookie, `/api/orders/${order.id}/cancel`)).status).toBe(404);
    const res = await post(customer.cookie, `/api/orders/${order.id}/cancel`, {
      reason: 'Salah pilih aroma',
    });
    expect(res.status).toBe(200);
    const body = await res.json<OrderDetail>();
    expect(body).toMatchObject({ status: 'cancelled', payment_status: 'void', payment_instructions: null });
    expect(body.events.at(-1)).toMatchObject({
      type: 'cancelled',
      actor: 'customer',
      note: 'Salah pilih aroma',
    });
    expect((await post(customer.cookie, `/api/orders/${order.id}/cancel`)).status).toBe(409);
    const mails = await queuedEmails('order-cancelled');
    expect(mails.map((m) => m.to_address)).toEqual([customer.email]);

    // A paid order is the admin's to cancel, not the customer's.
    const products = await insertProducts([10_000]);
    const paid = await placeOrder(customer.cookie, cart(products));
    await patchStatus(admin, paid.id, { status: 'processing' });
    const refused = await post(customer.cookie, `/api/orders/${paid.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((await patchStatus(admin, paid.id, { status: 'cancelled', reason: 'Stok habis' })).status).toBe(
      200,
    );
    expect((await timeline(paid.id)).map((e) => [e.type, e.actor])).toEqual([
      ['placed', 'customer'],
      ['payment_confirmed', 'admin'],
      ['cancelled', 'admin'],
    ]);
  });
});

describe("'Pesanan Diterima' (POST /api/orders/:id/received)", () => {
  const received = (cookie: string, id: string) => post(cookie, `/api/orders/${id}/received`);

  it('the owner confirms a shipped order arrived: delivered, one timeline row, one email; pressing again changes nothing', async () => {
    const { admin, customer, other, order } = await setup();
    // Not yet shipped: nothing to confirm.
    const early = await received(customer.cookie, order.id);
    expect(early.status).toBe(409);
    expect((await early.json<ErrorBody>()).error.code).toBe('invalid_transition');
    await patchStatus(admin, order.id, { status: 'processing' });
    expect((await received(customer.cookie, order.id)).status).toBe(409);
    await patchStatus(admin, order.id, { status: 'shipped', courier: 'JNE', trackingNumber: 'JNE01' });

    // Only the buyer: another customer and the admin (who has the dropdown) get the 404 of a stranger.
    expect((await received(other.cookie, order.id)).status).toBe(404);
    expect((await received(admin.cookie, order.id)).status).toBe(404);
    expect((await detail(customer.cookie, order.id)).status).toBe('shipped');

    const res = await received(customer.cookie, order.id);
    expect(res.status).toBe(200);
    const body = await res.json<OrderDetail>();
    expect(body.status).toBe('delivered');
    expect(body.events.at(-1)).toMatchObject({ type: 'delivered', status: 'delivered', actor: 'customer' });
    expect((await queuedEmails('order-delivered')).map((m) => m.to_address)).toEqual([customer.email]);

    // A second press (another tab, a retry) answers the order as it is, with no second row or mail.
    const again = await received(customer.cookie, order.id);
    expect(again.status).toBe(200);
    expect((await again.json<OrderDetail>()).status).toBe('delivered');
    expect((await timeline(order.id)).map((e) => [e.type, e.actor])).toEqual([
      ['placed', 'customer'],
      ['payment_confirmed', 'admin'],
      ['shipped', 'admin'],
      ['delivered', 'customer'],
    ]);
    expect(await queuedEmails('order-delivered')).toHaveLength(1);
  });

  it('two presses at once deliver the order once', async () => {
    const { admin, customer, order } = await setup();
    await patchStatus(admin, order.id, { status: 'processing' });
    await patchStatus(admin, order.id, { status: 'shipped', courier: 'JNE', trackingNumber: 'JNE02' });
    const answers = await Promise.all([
      received(customer.cookie, order.id),
      received(customer.cookie, order.id),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await timeline(order.id)).filter((e) => e.type === 'delivered')).toHaveLength(1);
    expect(await queuedEmails('order-delivered')).toHaveLength(1);
  });

  it('a cancelled order cannot be confirmed', async () => {
    const { customer, order } = await setup();
    await post(customer.cookie, `/api/orders/${order.id}/cancel`);
    expect((await received(customer.cookie, order.id)).status).toBe(409);
    expect((await timeline(order.id)).map((e) => e.type)).toEqual(['placed', 'cancelled']);
  });
});

describe('GET /api/orders (the account list)', () => {
  it("pages through all of the customer's orders, newest first, without gaps on equal times", async () => {
    const customer = await createUser('customer');
    const other = await createUser('customer');
    const ids = Array.from({ length: 23 }, () => crypto.randomUUID());
    const insert = env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, created_at) VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', 1000, ?)",
    );
    await env.DB.batch([
      // Three orders at each minute: ties go by id.
      ...ids.map((id, i) =>
        insert.bind(id, customer.id, `2026-03-01T10:${String(Math.floor(i / 3)).padStart(2, '0')}:00.000Z`),
      ),
      insert.bind(crypto.randomUUID(), other.id, '2026-03-01T11:00:00.000Z'),
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await call(
        cursor ? `/api/orders?cursor=${encodeURIComponent(cursor)}` : '/api/orders',
        {
          cookie: customer.cookie,
        },
      );
      const page: OrderCursorPage = await res.json<OrderCursorPage>();
      expect(page.items.length).toBeLessThanOrEqual(10);
      seen.push(...page.items.map((o: Order) => o.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    const expected = ids
      .map((id, i) => ({ id, minute: Math.floor(i / 3) }))
      .sort((a, b) => b.minute - a.minute || (a.id < b.id ? -1 : 1))
      .map((o) => o.id);
    expect(seen).toEqual(expected);
    expect((await call('/api/orders?cursor=bukan-kursor', { cookie: customer.cookie })).status).toBe(400);
  });
});

describe('payment settings', () => {
  it('the admin saves them; a buyer reads the accounts but not the shop inbox', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    const fresh = await (await call('/api/settings/payment')).json<PublicPaymentSettings>();
    expect(fresh).toEqual({ bankAccounts: [], paymentWindowHours: 24, qrisImage: null });

    const bad = await call('/api/admin/settings/payment', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { ...PAYMENT_SETTINGS, bankAccounts: [], paymentWindowHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.fields).toMatchObject({
      bankAccounts: 'Tambahkan minimal satu rekening bank',
      paymentWindowHours: 'Batas waktu pembayaran minimal 1 jam',
    });
    expect(
      (
        await call('/api/admin/settings/payment', {
          method: 'PUT',
          cookie: customer.cookie,
          json: PAYMENT_SETTINGS,
        })
      ).status,
    ).toBe(403);

    await savePaymentSettings(admin.cookie, {
      ...PAYMENT_SETTINGS,
      bankAccounts: [{ bank: 'BCA', accountNumber: '542-501 7788', holder: 'PT Global Imperium' }],
      qrisImage: '/images/qris.png',
    });
    const saved = await (await call('/api/settings/payment')).json<Record<string, unknown>>();
    expect(saved).toEqual({
      bankAccounts: [{ bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' }],
      paymentWindowHours: 24,
      qrisImage: '/images/qris.png',
    });
    const full = await (await call('/api/admin/settings/payment', { cookie: admin.cookie })).json<
      Record<string, unknown>
    >();
    expect(full.notificationEmail).toBe(PAYMENT_SETTINGS.notificationEmail);
  });
});

it('deleting an order removes its receipts from R2', async () => {
  const { admin, customer, order } = await setup();
  await uploadReceipt(customer.cookie, order.id, png.bytes, png.type);
  expect((await env.IMAGES.list({ prefix: 'receipts/' })).objects).toHaveLength(1);
  expect(
    (await call(`/api/admin/orders/${order.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
  ).toBe(204);
  expect((await env.IMAGES.list({ prefix: 'receipts/' })).objects).toEqual([]);
  expect(await countRows('payments')).toBe(0);
  expect(await countRows('order_events')).toBe(0);
});
