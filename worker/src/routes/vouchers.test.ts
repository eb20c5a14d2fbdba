import { createExecutionContext, env } from 'cloudflare:test';
import type { Order, OrderDetail, ShippingQuote, Voucher, VoucherCheck, VoucherDetail } from '@gi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courierCall, mockRates, ratesAnswer, saveCourierSettings } from '../../test/courier-fixtures.ts';
import { call, createUser, ORIGIN } from '../../test/helpers.ts';
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
  withService,
} from '../../test/order-fixtures.ts';
import { racingDb } from '../../test/racing-db.ts';
import app from '../index.ts';

// Vouchers (issue 40, decision 041): the admin's codes, the check, and the order priced and
// counted with one, in workerd against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;
/** A moment as the admin enters it: WIB, +07:00. */
const wibIso = (ms: number) => `${new Date(ms + 7 * HOUR).toISOString().slice(0, 19)}+07:00`;

async function newVoucher(admin: string, json: Record<string, unknown>): Promise<VoucherDetail> {
  const res = await call('/api/admin/vouchers', {
    method: 'POST',
    cookie: admin,
    json: { kind: 'percent', value: 10, ...json },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<VoucherDetail>();
}

const check = (cookie: string, json: Record<string, unknown>) =>
  call('/api/vouchers/check', { method: 'POST', cookie, json });

const order = (
  cookie: string,
  products: TestProduct[],
  voucherCode?: string,
  more: Record<string, unknown> = {},
) =>
  postOrder(cookie, {
    items: cart(products),
    customer: CUSTOMER,
    ...(voucherCode ? { voucherCode } : {}),
    ...more,
  });

async function refused(res: Response, code: string): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(422);
  const body = await res.json<ErrorBody>();
  expect(body.error.code).toBe(code);
  expect(body.error.fields).toEqual({ voucherCode: body.error.message });
  return body.error.message;
}

const voucherRow = (id: string) =>
  env.DB.prepare('SELECT uses_count, discount_total, sales_total, active FROM vouchers WHERE id = ?')
    .bind(id)
    .first<{ uses_count: number; discount_total: number; sales_total: number; active: number }>();

describe('the admin’s vouchers', () => {
  it('creates with times entered in WIB stored in UTC, one code whatever its case, lists with uses, changes, deletes or deactivates', async () => {
    const admin = await createUser('admin');
    const created = await newVoucher(admin.cookie, {
      code: 'lebaran25',
      value: 25,
      minSpend: 200_000,
      startsAt: '2027-03-20T00:00:00+07:00',
      endsAt: '2027-04-05T23:59:59+07:00',
      usageLimit: 500,
      perCustomerLimit: 1,
    });
    expect(created).toMatchObject({
      code: 'LEBARAN25',
      kind: 'percent',
      value: 25,
      min_spend: 200_000,
      starts_at: '2027-03-19T17:00:00.000Z',
      ends_at: '2027-04-05T16:59:59.000Z',
      usage_limit: 500,
      per_customer_limit: 1,
      product_ids: [],
      combines_with_sale: true,
      active: true,
      uses_count: 0,
      discount_total: 0,
      sales_total: 0,
    });
    const twin = await call('/api/admin/vouchers', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: 'Lebaran25', kind: 'fixed', value: 5_000 },
    });
    expect(twin.status).toBe(409);
    expect((await twin.json<ErrorBody>()).error.code).toBe('voucher_code_taken');

    const badPercent = await call('/api/admin/vouchers', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: 'SERATUS', kind: 'percent', value: 150 },
    });
    expect(badPercent.status).toBe(400);
    const backwards = await call(`/api/admin/vouchers/${created.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { endsAt: '2027-03-01T00:00:00+07:00' },
    });
    expect(backwards.status).toBe(400);
    expect((await backwards.json<ErrorBody>()).error.fields).toEqual({
      endsAt: 'Waktu berakhir harus setelah waktu mulai',
    });

    const patched = await call(`/api/admin/vouchers/${created.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { value: 30 },
    });
    expect((await patched.json<Voucher>()).value).toBe(30);
    const put = await call(`/api/admin/vouchers/${created.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { code: 'LEBARAN30', kind: 'fixed', value: 30_000 },
    });
    expect(await put.json<Voucher>()).toMatchObject({ code: 'LEBARAN30', value: 30_000, usage_limit: null });

    const list = await call('/api/admin/vouchers?q=lebaran', { cookie: admin.cookie });
    expect((await list.json<{ items: Voucher[]; total: number }>()).items.map((v) => v.code)).toEqual([
      'LEBARAN30',
    ]);
    const gone = await call(`/api/admin/vouchers/${created.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(await gone.json()).toEqual({ deleted: true });
    expect((await call(`/api/admin/vouchers/${created.id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('reads its targets named, in the order picked, leaving out one deleted since', async () => {
    const admin = await createUser('admin');
    const [first, second, gone] = await insertProducts([100_000, 120_000, 90_000]);
    if (!first || !second || !gone) throw new Error('three products');
    await env.DB.prepare(
      "INSERT INTO collections (id, slug, name) VALUES ('k-segar', 'segar', 'Segar')",
    ).run();
    const voucher = await newVoucher(admin.cookie, {
      code: 'TARGET10',
      productIds: [second.id, gone.id, first.id],
      collectionIds: ['k-segar'],
      variantIds: [first.variantId],
    });
    await env.DB.prepare('DELETE FROM products WHERE id = ?').bind(gone.id).run();
    const read = await call(`/api/admin/vouchers/${voucher.id}`, { cookie: admin.cookie });
    expect((await read.json<VoucherDetail>()).targets).toEqual({
      products: [
        { id: second.id, name: second.name },
        { id: first.id, name: first.name },
      ],
      collections: [{ id: 'k-segar', name: 'Segar' }],
      variants: [{ id: first.variantId, product_id: first.id, product_name: first.name, size_ml: 50 }],
    });
    expect(voucher.targets.products.map((p) => p.id)).toEqual([second.id, gone.id, first.id]);
  });

  it('a used voucher is deactivated instead of deleted, its uses, discount and sales counted', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([100_000]);
    const voucher = await newVoucher(admin.cookie, { code: 'PAKAI10' });
    const placed = await order(customer.cookie, products, 'pakai10');
    expect(placed.status, await placed.clone().text()).toBe(201);
    const total = (await placed.json<Order>()).total_amount;
    const read = await call(`/api/admin/vouchers/${voucher.id}`, { cookie: admin.cookie });
    expect(await read.json<Voucher>()).toMatchObject({
      uses_count: 1,
      discount_total: 10_000,
      sales_total: total,
    });
    const kept = await call(`/api/admin/vouchers/${voucher.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(await kept.json()).toEqual({ deleted: false });
    expect(await voucherRow(voucher.id)).toMatchObject({ active: 0, uses_count: 1 });
    // Inactive: as if it did not exist.
    await refused(await order(customer.cookie, products, 'PAKAI10'), 'voucher_not_found');
  });

  it('bulk single-use codes for influencers: the prefix, the count, one use each', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/admin/vouchers/bulk', {
      method: 'POST',
      cookie: admin.cookie,
      json: { prefix: 'rina', count: 25, kind: 'fixed', value: 20_000 },
    });
    expect(res.status).toBe(201);
    const { codes } = await res.json<{ codes: string[] }>();
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^RINA-[A-HJ-NP-Z2-9]{8}$/);
    const rows = await env.DB.prepare(
      "SELECT DISTINCT usage_limit, per_customer_limit FROM vouchers WHERE code LIKE 'RINA-%'",
    ).all();
    expect(rows.results).toEqual([{ usage_limit: 1, per_customer_limit: 1 }]);
    const tooMany = await call('/api/admin/vouchers/bulk', {
      method: 'POST',
      cookie: admin.cookie,
      json: { prefix: 'RINA', count: 501, kind: 'fixed', value: 20_000 },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('POST /api/vouchers/check', () => {
  it('answers the discount the server prices, with the shipping fee it would charge', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([99_999]);
    await newVoucher(admin.cookie, { code: 'TIGATIGA', value: 33 });
    const res = await check(customer.cookie, {
      voucherCode: 'tigatiga',
      items: cart(products),
      shipping: {
        districtCode: CUSTOMER.districtCode,
        postalCode: CUSTOMER.postalCode,
        shippingServiceId: REGULER.id,
      },
    });
    expect(res.status).toBe(200);
    // 33% of 99.999 is 32.999,67: rounded down to whole rupiah.
    expect(await res.json<VoucherCheck>()).toEqual({
      voucher_code: 'TIGATIGA',
      kind: 'percent',
      discount_amount: 32_999,
      subtotal_amount: 99_999,
      shipping_fee: REGULER.baseFee,
      total_amount: 99_999 - 32_999 + REGULER.baseFee,
    });
    const noShipping = await check(customer.cookie, { voucherCode: 'TIGATIGA', items: cart(products) });
    expect(await noShipping.json<VoucherCheck>()).toMatchObject({
      discount_amount: 32_999,
      shipping_fee: null,
    });
  });

  it('refuses each way with its code and its message under Kode Voucher', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const [cheap] = await insertProducts([50_000]);
    const [other] = await insertProducts([80_000]);
    const items = cart([cheap as TestProduct]);
    const now = Date.now();
    await newVoucher(admin.cookie, { code: 'NANTI', startsAt: wibIso(now + HOUR) });
    await newVoucher(admin.cookie, {
      code: 'LEWAT',
      startsAt: wibIso(now - 2 * HOUR),
      endsAt: wibIso(now - HOUR),
    });
    await newVoucher(admin.cookie, { code: 'MINIMAL', minSpend: 100_000 });
    await newVoucher(admin.cookie, { code: 'KHUSUS', productIds: [other?.id] });
    const ask = (voucherCode: string) => check(customer.cookie, { voucherCode, items });

    expect(await refused(await ask('TIDAKADA'), 'voucher_not_found')).toBe(
      'Kode voucher tidak ditemukan. Periksa kembali penulisannya.',
    );
    expect(await refused(await ask('NANTI'), 'voucher_not_started')).toMatch(
      /^Voucher ini baru berlaku mulai .+ WIB\.$/,
    );
    expect(await refused(await ask('LEWAT'), 'voucher_expired')).toBe(
      'Masa berlaku voucher ini sudah berakhir.',
    );
    expect(await refused(await ask('MINIMAL'), 'voucher_min_spend')).toBe(
      'Voucher ini berlaku untuk belanja minimal Rp 100.000.',
    );
    expect(await refused(await ask('KHUSUS'), 'voucher_not_applicable')).toBe(
      'Voucher ini tidak berlaku untuk produk di keranjang Anda.',
    );
    await newVoucher(admin.cookie, { code: 'HABIS', usageLimit: 1 });
    expect((await order((await createUser()).cookie, [cheap as TestProduct], 'HABIS')).status).toBe(201);
    expect(await refused(await ask('HABIS'), 'voucher_used_up')).toBe('Kuota voucher ini sudah habis.');
    // The same refusals when placing, and nothing written.
    await refused(await order(customer.cookie, [cheap as TestProduct], 'MINIMAL'), 'voucher_min_spend');
    await refused(await order(customer.cookie, [cheap as TestProduct], 'HABIS'), 'voucher_used_up');
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?').bind(customer.id).first('n'),
    ).toBe(0);
  });

  it('one account may try 30 codes in 15 minutes: too few to guess codes', async () => {
    const customer = await createUser();
    const products = await insertProducts([100_000]);
    for (let i = 0; i < 30; i += 1) {
      await refused(
        await check(customer.cookie, { voucherCode: `TEBAK-${i}`, items: cart(products) }),
        'voucher_not_found',
      );
    }
    const res = await check(customer.cookie, { voucherCode: 'TEBAK-31', items: cart(products) });
    expect(res.status).toBe(429);
    expect((await res.json<ErrorBody>()).error.message).toBe(
      'Terlalu banyak percobaan kode voucher. Coba lagi dalam 15 menit.',
    );
  });

  it('a customer’s limit counts their live orders; a cancelled order gives its use back', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([100_000]);
    const voucher = await newVoucher(admin.cookie, { code: 'SEKALI', perCustomerLimit: 1 });
    const first = await order(customer.cookie, products, 'SEKALI');
    expect(first.status).toBe(201);
    const placed = await first.json<Order>();
    expect(
      await refused(
        await check(customer.cookie, { voucherCode: 'SEKALI', items: cart(products) }),
        'voucher_used_up',
      ),
    ).toBe('Anda sudah memakai voucher ini sebanyak batas per pelanggan.');
    // Another customer still may.
    expect(
      (await check((await createUser()).cookie, { voucherCode: 'SEKALI', items: cart(products) })).status,
    ).toBe(200);
    const cancel = await call(`/api/orders/${placed.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await voucherRow(voucher.id)).toMatchObject({ uses_count: 0, discount_total: 0, sales_total: 0 });
    expect((await check(customer.cookie, { voucherCode: 'SEKALI', items: cart(products) })).status).toBe(200);
  });
});

describe('an order with a voucher', () => {
  it('totals subtotal − discount + shipping + unique code; only the targeted lines are discounted', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([120_000, 80_000]);
    const [target, plain] = products as [TestProduct, TestProduct];
    const collection = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES (?, ?, 'Promo')").bind(
        collection,
        `promo-${collection}`,
      ),
      env.DB.prepare('INSERT INTO collection_products (collection_id, product_id) VALUES (?, ?)').bind(
        collection,
        target.id,
      ),
    ]);
    await newVoucher(admin.cookie, { code: 'KOLEKSI15', value: 15, collectionIds: [collection] });
    const res = await order(customer.cookie, [target, plain], 'koleksi15');
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<Order>();
    // 15% of the collection's 120.000 only: 18.000.
    expect(placed).toMatchObject({
      voucher_code: 'KOLEKSI15',
      discount_amount: 18_000,
      subtotal_amount: 200_000,
    });
    const shipping = REGULER.baseFee + REGULER.perItemFee;
    expect(placed.total_amount).toBe(200_000 - 18_000 + shipping + placed.unique_code);
    expect(placed.unique_code).toBeGreaterThan(0);
    const [mail] = await queuedEmails('order-placed');
    expect(mail?.body).toContain('Diskon (KOLEKSI15): -Rp');
  });

  it('without a code every total stays as it was', async () => {
    const customer = await createUser();
    const products = await insertProducts([100_000]);
    const placed = await (await order(customer.cookie, products)).json<Order>();
    expect(placed).toMatchObject({ voucher_code: null, discount_amount: 0 });
    expect(placed.total_amount).toBe(100_000 + REGULER.baseFee + placed.unique_code);
  });

  it('a fixed voucher never takes more than the items', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([30_000]);
    await newVoucher(admin.cookie, { code: 'BESAR', kind: 'fixed', value: 50_000 });
    const placed = await (await order(customer.cookie, products, 'BESAR')).json<Order>();
    expect(placed.discount_amount).toBe(30_000);
    expect(placed.total_amount).toBe(REGULER.baseFee + placed.unique_code);
  });

  it('two racing checkouts for a code with one use left: exactly one order', async () => {
    const admin = await createUser('admin');
    const products = await insertProducts([100_000]);
    const voucher = await newVoucher(admin.cookie, { code: 'TERAKHIR', usageLimit: 1 });
    const [a, b] = [await createUser(), await createUser()];
    const race = racingDb(2, /^select .* from "vouchers"/i);
    const post = (cookie: string) =>
      app.request(
        `${ORIGIN}/api/orders`,
        {
          method: 'POST',
          body: JSON.stringify(
            withService({ items: cart(products), customer: CUSTOMER, voucherCode: 'TERAKHIR' }),
          ),
          headers: {
            cookie,
            origin: ORIGIN,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
        },
        { ...env, DB: race.db },
        createExecutionContext(),
      );
    const answers = await Promise.all([post(a.cookie), post(b.cookie)]);
    expect(race.held()).toBe(2);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    await refused(answers.find((res) => res.status === 422) as Response, 'voucher_used_up');
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE voucher_code = 'TERAKHIR'").first('n'),
    ).toBe(1);
    expect(await voucherRow(voucher.id)).toMatchObject({ uses_count: 1, discount_total: 10_000 });
  });

  it('a shipping voucher takes off the courier’s quoted fee, at most its value', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const products = await insertProducts([150_000]);
    await newVoucher(admin.cookie, { code: 'ONGKIR5', kind: 'shipping', value: 5_000 });
    await newVoucher(admin.cookie, { code: 'ONGKIR50', kind: 'shipping', value: 50_000 });
    await saveCourierSettings();
    mockRates((asked) => Response.json(ratesAnswer(asked)));
    const quoted = await courierCall('/api/shipping/quote', {
      method: 'POST',
      json: { districtCode: CUSTOMER.districtCode, postalCode: CUSTOMER.postalCode, items: cart(products) },
    });
    const quote = await quoted.json<ShippingQuote>();
    const option = quote.options.find((o) => o.id === 'sicepat:reg');
    expect(option?.fee).toBe(9_000);
    const shipping = {
      districtCode: CUSTOMER.districtCode,
      postalCode: CUSTOMER.postalCode,
      shippingServiceId: 'sicepat:reg',
      shippingQuoteId: quote.quoteId,
    };
    const asked = await courierCall('/api/vouchers/check', {
      method: 'POST',
      cookie: customer.cookie,
      json: { voucherCode: 'ONGKIR50', items: cart(products), shipping },
    });
    expect(await asked.json<VoucherCheck>()).toMatchObject({
      discount_amount: 9_000,
      shipping_fee: 9_000,
      total_amount: 150_000,
    });
    const needsShipping = await courierCall('/api/vouchers/check', {
      method: 'POST',
      cookie: customer.cookie,
      json: { voucherCode: 'ONGKIR5', items: cart(products) },
    });
    await refused(needsShipping, 'voucher_not_applicable');
    const res = await courierCall('/api/orders', {
      method: 'POST',
      cookie: customer.cookie,
      json: {
        items: cart(products),
        customer: CUSTOMER,
        paymentChannel: 'bank_transfer',
        shippingServiceId: 'sicepat:reg',
        shippingQuoteId: quote.quoteId,
        voucherCode: 'ONGKIR5',
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<Order>();
    expect(placed).toMatchObject({ shipping_fee: 9_000, discount_amount: 5_000, voucher_code: 'ONGKIR5' });
    expect(placed.total_amount).toBe(150_000 + 9_000 - 5_000 + placed.unique_code);
  });

  it('the gateway’s items, a negative discount line among them, sum to the amount charged', async () => {
    // The owner: only they set the payment up (decision 052).
    const admin = await createUser('owner');
    const customer = await createUser();
    await savePaymentSettings(admin.cookie);
    const products = await insertProducts([250_000]);
    await newVoucher(admin.cookie, { code: 'QRIS20', kind: 'fixed', value: 20_000 });
    const midtrans = fakeMidtrans();
    const res = await order(customer.cookie, products, 'QRIS20', { paymentChannel: 'other_qris' });
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = await res.json<OrderDetail>();
    const total = 250_000 - 20_000 + REGULER.baseFee;
    expect(placed).toMatchObject({ total_amount: total, unique_code: 0, discount_amount: 20_000 });
    const [charge] = midtrans.charges as {
      transaction_details: { gross_amount: number };
      item_details: { id: string; name: string; price: number; quantity: number }[];
    }[];
    expect(charge?.transaction_details.gross_amount).toBe(total);
    expect(charge?.item_details).toContainEqual({
      id: 'diskon',
      name: 'Diskon (QRIS20)',
      price: -20_000,
      quantity: 1,
    });
    expect(charge?.item_details.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(total);
    expect(placed.payments[0]?.amount).toBe(total);
  });
});
