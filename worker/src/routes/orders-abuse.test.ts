import { env } from 'cloudflare:test';
import type { Order, OrderDetail, Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  PAYMENT_SETTINGS,
  placeOrder,
  postOrder,
  queuedEmails,
  savePaymentSettings,
  uploadReceipt,
} from '../../test/order-fixtures.ts';

// Issue 27: what one ordinary customer could do to the shop and to strangers (decision 023).

const cancel = (cookie: string, id: string, json: unknown = {}) =>
  call(`/api/orders/${id}/cancel`, { method: 'POST', cookie, json });

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; message: string } }>()).error;

describe('limits on orders', () => {
  it('the admin sets the unpaid limits; one client address is limited across accounts with a clear 429', async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie, {
      ...PAYMENT_SETTINGS,
      unpaidOrdersPerCustomer: 1,
      unpaidOrdersPerClient: 2,
    });
    const products = await insertProducts([40_000]);
    const body = { items: cart(products), customer: CUSTOMER };
    const from = (ip: string) => ({ 'cf-connecting-ip': ip });
    const order = (cookie: string, ip: string) =>
      call('/api/orders', {
        method: 'POST',
        cookie,
        json: { ...body, shippingServiceId: 'jabodetabek-reguler', paymentChannel: 'bank_transfer' },
        headers: { 'idempotency-key': crypto.randomUUID(), ...from(ip) },
      });
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    expect((await order(a.cookie, '198.51.100.1')).status).toBe(201);
    const second = await order(a.cookie, '198.51.100.9');
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toMatch(/1 pesanan yang belum dibayar\. Bayar atau batalkan/);
    expect((await order(b.cookie, '198.51.100.1')).status).toBe(201);
    const shared = await order(c.cookie, '198.51.100.1');
    expect(shared.status).toBe(429);
    expect(await errorOf(shared)).toEqual({
      code: 'unpaid_limit',
      message:
        'Terlalu banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.',
    });
    expect((await order(c.cookie, '198.51.100.2')).status).toBe(201);
  });

  it('placing and cancelling again and again: 10 orders an hour per account, so 10 shop notices at most', async () => {
    const customer = await createUser();
    const products = await insertProducts([40_000]);
    for (let i = 0; i < 10; i += 1) {
      const placed = await placeOrder(customer.cookie, cart(products));
      expect((await cancel(customer.cookie, placed.id)).status).toBe(200);
    }
    const eleventh = await postOrder(customer.cookie, { items: cart(products), customer: CUSTOMER });
    expect(eleventh.status).toBe(429);
    expect((await errorOf(eleventh)).code).toBe('too_many_orders');
    expect(await queuedEmails('shop-new-order')).toHaveLength(10);
  });
});

describe('order mails (finding 2)', () => {
  it("go to the account's own address, never to the contact email typed at checkout", async () => {
    const customer = await createUser();
    const products = await insertProducts([40_000]);
    const placed = await placeOrder(customer.cookie, cart(products), {
      customerEmail: 'orang.asing@contoh.id',
      customerName: 'Akun diblokir https://bank-palsu.co',
    });
    expect(placed.customer_email).toBe('orang.asing@contoh.id');
    expect(
      (await cancel(customer.cookie, placed.id, { reason: 'Verifikasi di www.bank-palsu.co' })).status,
    ).toBe(200);
    const mails = [...(await queuedEmails('order-placed')), ...(await queuedEmails('order-cancelled'))];
    expect(mails.map((mail) => mail.to_address)).toEqual([customer.email, customer.email]);
    for (const mail of mails) expect(mail.body).not.toMatch(/bank-palsu\.co/);
  });
});

describe('cancelling after paying (finding 11)', () => {
  it('while a receipt waits for review the cancel warns first, then tells the shop and lists the order for a refund until the admin marks it refunded', async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie);
    const customer = await createUser();
    const [product] = await insertProducts([40_000], 5);
    const placed = await placeOrder(customer.cookie, cart(product ? [product] : []));
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, placed.id, png.bytes, png.type)).status).toBe(201);

    const warned = await cancel(customer.cookie, placed.id);
    expect(warned.status).toBe(409);
    expect(await errorOf(warned)).toMatchObject({ code: 'receipt_under_review' });
    expect((await errorOf(await cancel(customer.cookie, placed.id))).message).toContain('refund');
    const still = await call(`/api/orders/${placed.id}`, { cookie: customer.cookie });
    expect((await still.json<OrderDetail>()).status).toBe('pending');

    const done = await cancel(customer.cookie, placed.id, { confirmPaid: true, reason: 'Salah ukuran' });
    expect(done.status).toBe(200);
    expect(await done.json<OrderDetail>()).toMatchObject({ status: 'cancelled', refund_status: 'needed' });
    const shop = await queuedEmails('shop-paid-order-cancelled');
    expect(shop.map((mail) => mail.to_address)).toEqual([PAYMENT_SETTINGS.notificationEmail]);
    expect((await queuedEmails('order-cancelled'))[0]?.body).toContain('refund');

    const refunds = async () =>
      (await call('/api/admin/orders/refunds?page=1&pageSize=10', { cookie: admin.cookie })).json<
        Page<Order>
      >();
    expect(await refunds()).toMatchObject({ total: 1, items: [{ id: placed.id, refund_status: 'needed' }] });
    expect((await call(`/api/admin/orders/refunds`, { cookie: customer.cookie })).status).toBe(403);

    const mark = () =>
      call(`/api/admin/orders/${placed.id}/refund`, { method: 'POST', cookie: admin.cookie });
    expect(((await (await mark()).json()) as OrderDetail).refund_status).toBe('refunded');
    expect((await mark()).status).toBe(409);
    expect(await refunds()).toMatchObject({ total: 0, items: [] });
  });

  it('an admin cancelling a confirmed (paid) order lists it for a refund too; an unpaid cancel does not', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    const products = await insertProducts([40_000]);
    const paid = await placeOrder(customer.cookie, cart(products));
    const unpaid = await placeOrder(customer.cookie, cart(products));
    const path = (id: string, tail: string) => `/api/admin/orders/${id}${tail}`;
    expect(
      (await call(path(paid.id, '/payment/confirm'), { method: 'POST', cookie: admin.cookie })).status,
    ).toBe(200);
    for (const id of [paid.id, unpaid.id]) {
      const res = await call(path(id, '/status'), {
        method: 'PATCH',
        cookie: admin.cookie,
        json: { status: 'cancelled' },
      });
      expect(res.status).toBe(200);
    }
    const { results } = await env.DB.prepare(
      'SELECT id, refund_status FROM orders ORDER BY refund_status',
    ).all();
    expect(results).toEqual([
      { id: unpaid.id, refund_status: null },
      { id: paid.id, refund_status: 'needed' },
    ]);
  });
});
