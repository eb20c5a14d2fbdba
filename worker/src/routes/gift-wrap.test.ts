import type { GiftWrapSettings, Order, OrderDetail, Voucher } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { fakeMidtrans } from '../../test/midtrans-fake.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  postOrder,
  queuedEmails,
  REGULER,
  savePaymentSettings,
  type TestProduct,
} from '../../test/order-fixtures.ts';

// Gift options (issue 40, decision 045): the admin's wrap fee, priced by the server into the
// order, its mails and the gateway's items; in workerd against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

afterEach(() => {
  vi.restoreAllMocks();
});

const saveWrap = async (admin: string, json: Record<string, unknown>) =>
  call('/api/admin/settings/gift-wrap', { method: 'PUT', cookie: admin, json });

const order = (cookie: string, products: TestProduct[], more: Record<string, unknown>) =>
  postOrder(cookie, { items: cart(products), customer: CUSTOMER, ...more });

describe('gift wrapping’s offer', () => {
  it('is off until the admin offers it; the admin saves the fee, checkout reads it', async () => {
    const admin = await createUser('owner');
    expect(await (await call('/api/gift-wrap')).json<GiftWrapSettings>()).toEqual({ enabled: false, fee: 0 });
    const res = await saveWrap(admin.cookie, { enabled: true, fee: 15_000 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await (await call('/api/gift-wrap')).json<GiftWrapSettings>()).toEqual({
      enabled: true,
      fee: 15_000,
    });
  });

  it('refuses a bad fee with an Indonesian message, and a customer’s save', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    for (const [fee, message] of [
      [-1, 'Biaya bungkus kado tidak boleh negatif'],
      [1.5, 'Biaya bungkus kado harus bilangan bulat'],
      ['gratis', 'Biaya bungkus kado harus berupa angka'],
    ] as const) {
      const res = await saveWrap(admin.cookie, { enabled: true, fee });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.fee).toBe(message);
    }
    expect((await saveWrap(customer.cookie, { enabled: true, fee: 0 })).status).toBe(403);
    expect(await (await call('/api/gift-wrap')).json<GiftWrapSettings>()).toEqual({ enabled: false, fee: 0 });
  });
});

describe('an order sent as a gift', () => {
  it('prices the wrap’s fee on the server into the total, its mail, and keeps the message', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    await saveWrap(admin.cookie, { enabled: true, fee: 12_500 });
    const products = await insertProducts([100_000]);
    const res = await order(customer.cookie, products, {
      gift: { message: '  Selamat ulang tahun, Sayang!\nDari Budi  ', wrap: true },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<Order>();
    expect(placed).toMatchObject({
      gift_message: 'Selamat ulang tahun, Sayang!\nDari Budi',
      gift_wrap: true,
      gift_wrap_fee: 12_500,
    });
    expect(placed.total_amount).toBe(100_000 + REGULER.baseFee + 12_500 + placed.unique_code);
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain('Bungkus kado: Rp');
    expect(mail?.body).toContain('Pesan hadiah: Selamat ulang tahun, Sayang!');
  });

  it('a fee sent by the browser is refused, never charged', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    await saveWrap(admin.cookie, { enabled: true, fee: 10_000 });
    const products = await insertProducts([100_000]);
    const res = await order(customer.cookie, products, { gift: { wrap: true, fee: 0 } });
    expect(res.status).toBe(400);
    const sneaked = await order(customer.cookie, products, { gift: { wrap: true }, giftWrapFee: 0 });
    expect(sneaked.status).toBe(400);
    const honest = await (await order(customer.cookie, products, { gift: { wrap: true } })).json<Order>();
    expect(honest.gift_wrap_fee).toBe(10_000);
  });

  it('a free wrap costs nothing; a message alone is no wrap', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    await saveWrap(admin.cookie, { enabled: true, fee: 0 });
    const products = await insertProducts([100_000]);
    const wrapped = await (await order(customer.cookie, products, { gift: { wrap: true } })).json<Order>();
    expect(wrapped).toMatchObject({ gift_wrap: true, gift_wrap_fee: 0, gift_message: null });
    const note = await (
      await order(customer.cookie, products, { gift: { message: 'Untukmu', wrap: false } })
    ).json<Order>();
    expect(note).toMatchObject({ gift_wrap: false, gift_wrap_fee: 0, gift_message: 'Untukmu' });
    expect(note.total_amount).toBe(100_000 + REGULER.baseFee + note.unique_code);
  });

  it('refuses wrapping the shop does not offer, and a message too long, with Indonesian words', async () => {
    const customer = await createUser();
    const products = await insertProducts([100_000]);
    const off = await order(customer.cookie, products, { gift: { wrap: true } });
    expect(off.status).toBe(409);
    const offBody = await off.json<ErrorBody>();
    expect(offBody.error.code).toBe('gift_wrap_unavailable');
    expect(offBody.error.fields?.['gift.wrap']).toMatch(/Bungkus kado sedang tidak tersedia/);
    const long = await order(customer.cookie, products, { gift: { message: 'a'.repeat(201), wrap: false } });
    expect(long.status).toBe(400);
    expect((await long.json<ErrorBody>()).error.fields?.['gift.message']).toBe(
      'Pesan hadiah maksimal 200 karakter',
    );
  });

  it('the gateway’s items (lines, shipping, wrap, negative discount) sum to the amount charged', async () => {
    const admin = await createUser('owner');
    const customer = await createUser();
    await savePaymentSettings(admin.cookie);
    await saveWrap(admin.cookie, { enabled: true, fee: 15_000 });
    const voucher = await call('/api/admin/vouchers', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: 'KADO10', kind: 'percent', value: 10 },
    });
    expect((await voucher.json<Voucher>()).code).toBe('KADO10');
    const products = await insertProducts([199_999]);
    const midtrans = fakeMidtrans();
    const res = await order(customer.cookie, products, {
      paymentChannel: 'other_qris',
      voucherCode: 'KADO10',
      gift: { message: 'Selamat!', wrap: true },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<OrderDetail>();
    // 10% of 199.999 rounded down: 19.999.
    const total = 199_999 - 19_999 + REGULER.baseFee + 15_000;
    expect(placed).toMatchObject({ total_amount: total, discount_amount: 19_999, gift_wrap_fee: 15_000 });
    const [charge] = midtrans.charges as {
      transaction_details: { gross_amount: number };
      item_details: { id: string; name: string; price: number; quantity: number }[];
    }[];
    expect(charge?.transaction_details.gross_amount).toBe(total);
    expect(charge?.item_details).toContainEqual({
      id: 'bungkus-kado',
      name: 'Bungkus Kado',
      price: 15_000,
      quantity: 1,
    });
    expect(charge?.item_details.map((item) => item.id)).toEqual([
      products[0]?.variantId,
      'ongkir',
      'bungkus-kado',
      'diskon',
    ]);
    expect(charge?.item_details.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(total);
    expect(placed.payments[0]?.amount).toBe(total);
  });
});
