import { createExecutionContext, env } from 'cloudflare:test';
import type { AdminStats, CheckoutPaymentOptions, OrderDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, ORIGIN, type TestUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { fakeMidtrans, fakeQr, fakeVa, notifyShop as notify, SERVER_KEY } from '../../test/midtrans-fake.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  cart,
  choosePaymentMethod as choose,
  orderDetailOf as detail,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  PAYMENT_SETTINGS,
  postOrder,
  queuedEmails,
  REGULER,
  savePaymentSettings,
  type TestProduct,
  uploadReceipt,
  withService,
} from '../../test/order-fixtures.ts';
import app from '../index.ts';

// Pay at checkout (issue 37, decision 033): the method chosen in checkout opens the order's
// payment in the same step, a gateway's total carries no code, and the unique code exists only
// for the manual transfer, unique per amount among open transfer orders. Midtrans is mocked at
// fetch (test/midtrans-fake.ts).

type ErrorBody = { error: { code: string; message: string } };

afterEach(() => {
  vi.restoreAllMocks();
});

async function setup(prices = [250_000]) {
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  await savePaymentSettings(admin.cookie);
  const products = await insertProducts(prices);
  return { admin, customer, products };
}

/** POST /api/orders of one unit of each product, paid by `paymentChannel`. */
const checkout = (cookie: string, products: TestProduct[], paymentChannel: string, key?: string) =>
  postOrder(cookie, { items: cart(products), customer: CUSTOMER, paymentChannel }, key);

async function placed(cookie: string, products: TestProduct[], paymentChannel: string): Promise<OrderDetail> {
  const res = await checkout(cookie, products, paymentChannel);
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<OrderDetail>();
}

/** Open transfer orders (raw SQL) of another shopper for the amount `base`, holding `codes`. */
async function holdTotals(base: number, codes: number[]) {
  const stranger = await createUser();
  await env.DB.batch(
    codes.map((code) =>
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, unique_code)
         VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', ?, ?)`,
      ).bind(crypto.randomUUID(), stranger.id, base + code, code),
    ),
  );
}

const except = (skip: number[]) =>
  Array.from({ length: 999 }, (_, i) => i + 1).filter((c) => !skip.includes(c));

describe('POST /api/orders with a payment channel', () => {
  it('QRIS: one honest total without a code, charged at once for exactly that, the QR in the answer', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const key = crypto.randomUUID();
    const res = await checkout(customer.cookie, products, 'other_qris', key);
    expect(res.status).toBe(201);
    const order = await res.json<OrderDetail>();
    const total = 250_000 + REGULER.baseFee;
    expect(order).toMatchObject({ unique_code: 0, subtotal_amount: 250_000, total_amount: total });
    const [attempt, ...older] = order.payments;
    expect(older).toEqual([]);
    expect(attempt).toMatchObject({
      method: 'midtrans',
      channel: 'other_qris',
      status: 'pending',
      amount: total,
      qr_string: fakeQr(attempt?.id ?? ''),
      pay_code: null,
      redirect_url: null,
      provider_reference: `trx-${attempt?.id}`,
    });
    // The answer is the order page's own: what it offers, where a transfer would go.
    expect(order.payment_options?.channels).toContain('other_qris');
    expect(order.events.map((event) => event.type)).toEqual(['placed']);
    expect(midtrans.charges).toHaveLength(1);
    expect(midtrans.charges[0]).toMatchObject({
      payment_type: 'qris',
      transaction_details: { order_id: attempt?.id, gross_amount: order.total_amount },
    });
    const stored = await env.DB.prepare(
      'SELECT o.total_amount, o.unique_code, p.amount, p.qr_string FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = ?',
    )
      .bind(order.id)
      .first();
    expect(stored).toEqual({
      total_amount: total,
      unique_code: 0,
      amount: total,
      qr_string: fakeQr(attempt?.id ?? ''),
    });

    // The mail says how to pay by QRIS: the order page's QR, never a transfer amount with a code.
    const [mail, ...more] = await queuedEmails('order-placed');
    expect(more).toEqual([]);
    expect(mail?.body).toContain('pindai kode QRIS');
    expect(mail?.body).toContain(`/orders/${order.id}`);
    expect(mail?.body).not.toContain('Transfer tepat');
    expect(mail?.body).not.toContain('Kode unik');
    expect(mail?.body).not.toContain(PAYMENT_SETTINGS.bankAccounts[0]?.accountNumber);

    // A retry with the key: the same order and attempt, no second charge.
    const again = await checkout(customer.cookie, products, 'other_qris', key);
    expect(again.status).toBe(200);
    expect((await again.json<OrderDetail>()).payments).toEqual(order.payments);
    expect(midtrans.charges).toHaveLength(1);
    // The channel is part of the request: the same key with another channel is another order.
    expect((await checkout(customer.cookie, products, 'bca_va', key)).status).toBe(409);
  });

  it('a virtual account: its number in the answer and in the mail, the amount without a code', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'bca_va');
    const [attempt] = order.payments;
    expect(order.unique_code).toBe(0);
    expect(attempt).toMatchObject({
      channel: 'bca_va',
      pay_code: fakeVa(attempt?.id ?? ''),
      qr_string: null,
    });
    expect(midtrans.charges[0]).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bca' },
      transaction_details: { gross_amount: order.total_amount },
    });
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain(`Virtual Account BCA ${fakeVa(attempt?.id ?? '')}`);
    expect(mail?.body).toContain('Rp 265.000');
    expect(mail?.body).not.toContain('Transfer tepat');
  });

  it('manual transfer: a code of 1–999 in the total, a transfer attempt of that total, nothing charged', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'bank_transfer');
    expect(order.unique_code).toBeGreaterThanOrEqual(1);
    expect(order.unique_code).toBeLessThanOrEqual(999);
    expect(order.total_amount).toBe(250_000 + REGULER.baseFee + order.unique_code);
    expect(order.payments).toEqual([
      expect.objectContaining({ method: 'bank_transfer', status: 'pending', amount: order.total_amount }),
    ]);
    expect(order.payment_instructions?.bank_accounts).toEqual(PAYMENT_SETTINGS.bankAccounts);
    expect(midtrans.spy).not.toHaveBeenCalled();
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain(`termasuk kode unik ${order.unique_code}`);
  });

  it('refuses a channel the shop does not offer, before writing anything (409)', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const refused = async (res: Response) => {
      expect(res.status).toBe(409);
      expect((await res.json<ErrorBody>()).error.code).toBe('payment_not_available');
      expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
    };
    // Cards are off until the admin enables them.
    await refused(await checkout(customer.cookie, products, 'credit_card'));
    // The manual transfer turned off.
    await call('/api/admin/settings/gateway', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { channels: ['other_qris'], manualTransfer: false },
    });
    await refused(await checkout(customer.cookie, products, 'bank_transfer'));
    await refused(await checkout(customer.cookie, products, 'bca_va'));
    // No server key: no gateway channel at all.
    const keyless = await app.request(
      `${ORIGIN}/api/orders`,
      {
        method: 'POST',
        body: JSON.stringify(
          withService({ items: cart(products), customer: CUSTOMER, paymentChannel: 'other_qris' }),
        ),
        headers: {
          cookie: customer.cookie,
          origin: ORIGIN,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
      },
      { ...env, MIDTRANS_SERVER_KEY: undefined },
      createExecutionContext(),
    );
    await refused(keyless);
    expect(midtrans.spy).not.toHaveBeenCalled();
  });

  it('a gateway that cannot be reached: the order stands (201), its attempt without pay details, chosen again later', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    midtrans.down(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const order = await placed(customer.cookie, products, 'other_qris');
    expect(order.payments).toEqual([
      expect.objectContaining({
        channel: 'other_qris',
        status: 'pending',
        qr_string: null,
        redirect_url: null,
      }),
    ]);
    expect(logged).toHaveBeenCalledOnce();
    expect(JSON.stringify(logged.mock.calls)).not.toContain(SERVER_KEY);
    // The customer still hears of the order; the page offers choosing again.
    expect(await queuedEmails('order-placed')).toHaveLength(1);
    midtrans.down(false);
    const res = await choose(customer.cookie, order.id, 'other_qris');
    expect(res.status).toBe(200);
    const page = await res.json<OrderDetail>();
    expect(page.payments[0]).toMatchObject({
      status: 'pending',
      qr_string: fakeQr(page.payments[0]?.id ?? ''),
    });
    expect(page.payments[1]).toMatchObject({ id: order.payments[0]?.id, status: 'void' });
  });
});

describe('unique codes: only for manual transfer, unique per amount among open transfer orders', () => {
  it("strangers' unpaid QRIS orders never take a code: with one code left for the amount, QRIS orders leave it to a transfer order", async () => {
    const { customer, products } = await setup([50_000]);
    await allowManyUnpaid();
    fakeMidtrans();
    const base = 50_000 + REGULER.baseFee;
    // Every total of this amount but one (code 321) is held by open transfer orders.
    await holdTotals(base, except([321]));
    for (let i = 0; i < 3; i += 1) {
      const qris = await placed((await createUser()).cookie, products, 'other_qris');
      expect(qris).toMatchObject({ unique_code: 0, total_amount: base });
    }
    const transfer = await placed(customer.cookie, products, 'bank_transfer');
    expect(transfer).toMatchObject({ unique_code: 321, total_amount: base + 321 });
    // Now the amount has no code left: a clear 503 for the next transfer, nothing written.
    const before = await orderTableCounts();
    const full = await checkout(customer.cookie, products, 'bank_transfer');
    expect(full.status).toBe(503);
    expect((await full.json<ErrorBody>()).error.code).toBe('no_unique_code');
    expect(await orderTableCounts()).toEqual(before);
    // QRIS still checks out.
    expect((await checkout(customer.cookie, products, 'other_qris')).status).toBe(201);
  });

  it('two transfer orders of one amount never share a total; an order of another amount may use the same code', async () => {
    const { customer, products } = await setup([50_000, 70_000]);
    await allowManyUnpaid();
    const [small, large] = products as [TestProduct, TestProduct];
    const smallBase = 50_000 + REGULER.baseFee;
    const largeBase = 70_000 + REGULER.baseFee;
    await holdTotals(smallBase, except([5, 6]));
    await holdTotals(largeBase, except([5]));
    const first = await placed(customer.cookie, [small], 'bank_transfer');
    const second = await placed(customer.cookie, [small], 'bank_transfer');
    expect([first.unique_code, second.unique_code].sort()).toEqual([5, 6]);
    expect(first.total_amount).not.toBe(second.total_amount);
    const other = await placed(customer.cookie, [large], 'bank_transfer');
    expect(other).toMatchObject({ unique_code: 5, total_amount: largeBase + 5 });
    // The database itself refuses a second open transfer order of a taken total (migration 0030).
    await expect(
      env.DB.prepare('UPDATE orders SET unique_code = ?, total_amount = ? WHERE id = ?')
        .bind(first.unique_code, first.total_amount, second.id)
        .run(),
    ).rejects.toThrow(/transfer_total_taken/);
  });
});

describe('POST /api/orders/:id/payment-method switching', () => {
  it('QRIS → transfer assigns a code and raises the total in one step, and cancels the QRIS charge at Midtrans; transfer → QRIS removes it', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'other_qris');
    const qris = order.payments[0]?.id;
    const base = order.subtotal_amount + order.shipping_fee;

    const toTransfer = await choose(customer.cookie, order.id, 'bank_transfer');
    expect(toTransfer.status).toBe(200);
    const transfer = await toTransfer.json<OrderDetail>();
    expect(transfer.unique_code).toBeGreaterThanOrEqual(1);
    expect(transfer.total_amount).toBe(base + transfer.unique_code);
    expect(transfer.payments.map((p) => [p.method, p.status, p.amount])).toEqual([
      ['bank_transfer', 'pending', transfer.total_amount],
      ['midtrans', 'void', base],
    ]);
    // The outgoing request: Midtrans's cancel of the QRIS transaction.
    expect(midtrans.cancels).toEqual([qris]);
    const cancel = midtrans.spy.mock.calls
      .map(([input, init]) => new Request(input, init))
      .find((request) => request.url.endsWith('/cancel'));
    expect(cancel?.method).toBe('POST');
    expect(cancel?.url).toBe(`https://api.sandbox.midtrans.com/v2/${qris}/cancel`);
    expect(cancel?.headers.get('authorization')).toBe(`Basic ${btoa(`${SERVER_KEY}:`)}`);

    const back = await (await choose(customer.cookie, order.id, 'other_qris')).json<OrderDetail>();
    expect(back).toMatchObject({ unique_code: 0, total_amount: base });
    expect(back.payments[0]).toMatchObject({ channel: 'other_qris', amount: base, status: 'pending' });
    expect(midtrans.charges.at(-1)).toMatchObject({ transaction_details: { gross_amount: base } });
    // Nothing at the gateway to cancel for a transfer.
    expect(midtrans.cancels).toEqual([qris]);
  });

  it('one gateway channel to another cancels the previous charge; the same channel again is not charged twice', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'other_qris');
    const qris = order.payments[0]?.id;
    const va = await (await choose(customer.cookie, order.id, 'bni_va')).json<OrderDetail>();
    expect(va.payments[0]).toMatchObject({ channel: 'bni_va', pay_code: fakeVa(va.payments[0]?.id ?? '') });
    expect(midtrans.cancels).toEqual([qris]);
    expect(midtrans.charges).toHaveLength(2);
    expect((await choose(customer.cookie, order.id, 'bni_va')).status).toBe(200);
    expect(midtrans.charges).toHaveLength(2);
    expect(midtrans.cancels).toEqual([qris]);
    // Mandiri's bill: its biller code and bill key apart.
    const mandiri = await (await choose(customer.cookie, order.id, 'echannel')).json<OrderDetail>();
    expect(mandiri.payments[0]).toMatchObject({ biller_code: '70012', pay_code: expect.any(String) });
    // GoPay: the app's link.
    const gopay = await (await choose(customer.cookie, order.id, 'gopay')).json<OrderDetail>();
    expect(gopay.payments[0]?.deeplink_url).toMatch(/^https:\/\/simulator\.sandbox\.midtrans\.com\/gopay\//);
    expect(midtrans.cancels).toHaveLength(3);
  });

  it('a pending status stores the QR string apart from the VA number', async () => {
    const { customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'other_qris');
    const attempt = order.payments[0];
    if (!attempt) throw new Error('no attempt');
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'pending',
      status_code: '201',
      gross_amount: `${attempt.amount}.00`,
      qr_string: 'QR-BARU-0002010102',
    });
    expect((await notify(note)).status).toBe(200);
    expect((await detail(customer.cookie, order.id)).payments[0]).toMatchObject({
      qr_string: 'QR-BARU-0002010102',
      pay_code: null,
    });
  });

  it('refuses a receipt upload while the open attempt is not a bank transfer', async () => {
    const { customer, products } = await setup();
    fakeMidtrans();
    const order = await placed(customer.cookie, products, 'other_qris');
    const res = await uploadReceipt(customer.cookie, order.id, imageFixtures.png.bytes, 'image/png');
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error.code).toBe('receipt_not_accepted');
    expect((await detail(customer.cookie, order.id)).payments[0]).toMatchObject({
      status: 'pending',
      has_receipt: false,
    });
  });
});

describe('GET /api/payment-options', () => {
  it("offers the shop's channels and the customer's last choice", async () => {
    const { admin, customer, products } = await setup();
    fakeMidtrans();
    const options = async (user: TestUser) =>
      (await call('/api/payment-options', { cookie: user.cookie })).json<CheckoutPaymentOptions>();
    expect(await options(customer)).toEqual({
      channels: ['other_qris', 'bca_va', 'bni_va', 'bri_va', 'echannel', 'permata_va', 'gopay', 'shopeepay'],
      manual_transfer: true,
      cod: null,
      last_channel: null,
      // No WhatsApp keys in the tests' bindings: no opt-in at checkout (decision 049).
      whatsapp: false,
    });
    const order = await placed(customer.cookie, products, 'bri_va');
    expect((await options(customer)).last_channel).toBe('bri_va');
    await choose(customer.cookie, order.id, 'bank_transfer');
    expect((await options(customer)).last_channel).toBe('bank_transfer');
    // Another customer's orders are not theirs.
    expect((await options(admin)).last_channel).toBeNull();
    expect((await call('/api/payment-options')).status).toBe(401);
  });
});

describe('revenue counts money received', () => {
  it("'Total Penjualan' equals what was charged: a QRIS order paid at Midtrans and a transfer order confirmed", async () => {
    const { admin, customer, products } = await setup([250_000, 99_000]);
    const midtrans = fakeMidtrans();
    const [first, second] = products as [TestProduct, TestProduct];
    const qris = await placed(customer.cookie, [first], 'other_qris');
    const transfer = await placed(customer.cookie, [second], 'bank_transfer');
    const attempt = qris.payments[0];
    if (!attempt) throw new Error('no attempt');
    const note = await midtrans.set(attempt.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: `${attempt.amount}.00`,
    });
    expect((await notify(note)).status).toBe(200);
    const confirm = await call(`/api/admin/orders/${transfer.id}/payment/confirm`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(confirm.status).toBe(200);
    const [charge] = midtrans.charges as { transaction_details: { gross_amount: number } }[];
    const charged = charge?.transaction_details.gross_amount;
    expect(charged).toBe(250_000 + REGULER.baseFee);
    const stats = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
    expect(stats.totalSales).toBe((charged ?? 0) + transfer.total_amount);
  });
});

describe('a switched-away charge paid all the same', () => {
  it('QRIS paid after switching to transfer: the order is paid for what was received, its code dropped', async () => {
    const { admin, customer, products } = await setup();
    const midtrans = fakeMidtrans();
    const order = await placed(customer.cookie, products, 'other_qris');
    const qris = order.payments[0];
    if (!qris) throw new Error('no attempt');
    const transfer = await (await choose(customer.cookie, order.id, 'bank_transfer')).json<OrderDetail>();
    expect(transfer.unique_code).toBeGreaterThan(0);
    // The shopper had scanned the QR before switching: Midtrans settles it.
    const note = await midtrans.set(qris.id, {
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: `${qris.amount}.00`,
    });
    expect((await notify(note)).status).toBe(200);
    const paid = await detail(customer.cookie, order.id);
    expect(paid).toMatchObject({ status: 'processing', unique_code: 0, total_amount: qris.amount });
    expect(paid.payments.map((p) => [p.method, p.status])).toEqual([
      ['bank_transfer', 'void'],
      ['midtrans', 'paid'],
    ]);
    const stats = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
    expect(stats.totalSales).toBe(qris.amount);
  });
});

describe('DELETE /api/admin/orders/:id keeps the financial records', () => {
  it('refuses a paid order (409) and an order whose refund is owed; an unpaid one is deleted', async () => {
    const { admin, customer, products } = await setup();
    await allowManyUnpaid();
    const remove = (id: string) =>
      call(`/api/admin/orders/${id}`, { method: 'DELETE', cookie: admin.cookie });
    const paid = await placed(customer.cookie, products, 'bank_transfer');
    await call(`/api/admin/orders/${paid.id}/payment/confirm`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    const res = await remove(paid.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'order_has_payment',
        message: 'Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus',
      },
    });
    // Cancelled after payment: the refund is owed, the record stays.
    await call(`/api/admin/orders/${paid.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled', reason: 'Stok rusak' },
    });
    expect((await remove(paid.id)).status).toBe(409);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE id = ?').bind(paid.id).first('n'),
    ).toBe(1);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM order_items WHERE order_id = ?')
        .bind(paid.id)
        .first('n'),
    ).toBe(1);

    const unpaid = await placed(customer.cookie, products, 'bank_transfer');
    expect((await remove(unpaid.id)).status).toBe(204);
  });
});
