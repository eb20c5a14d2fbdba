import { env } from 'cloudflare:test';
import type { LowStockPage, Order, Product } from '@gi/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  insertProducts,
  orderTableCounts,
  placeOrder,
  postOrder,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { restockOrder } from '../orders/transition.ts';
import { expireOverdueOrders } from '../payments/expiry.ts';

// Sizes and stock (issue 15, decision 016): prices come from the size, stock is taken with
// the order and returns when it is cancelled.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const stockOf = (variantId: string) =>
  env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(variantId)
    .first<number | null>('stock');

/** A product in three sizes through the admin API; the 100 ml is sold out. */
async function threeSizes(admin: { cookie: string }): Promise<Product> {
  const res = await call('/api/products', {
    method: 'POST',
    cookie: admin.cookie,
    json: {
      name: 'Melati Malam',
      description: 'Melati sambac yang mekar di malam hari.',
      image: '/images/melati.webp',
      variants: [
        { size_ml: 100, price: 'Rp 799.000', stock: '0', sku: 'MM-100', weight_grams: '420' },
        { size_ml: 30, price: 'Rp 259.000', stock: '8', sku: 'MM-30', weight_grams: '210' },
        { size_ml: 50, price: 'Rp 459.000', stock: '3', weight_grams: '270' },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Product>();
}

const sized = (product: Product, ml: number) => {
  const variant = product.variants.find((v) => v.size_ml === ml);
  if (!variant) throw new Error(`no ${ml} ml`);
  return variant;
};

describe('product sizes', () => {
  it('stores sizes smallest first, each with its price, stock and SKU; the product price is the lowest', async () => {
    const admin = await createUser('admin');
    const product = await threeSizes(admin);
    expect(product.price).toBe(259_000);
    expect(
      product.variants.map(({ size_ml, price, stock, sku }) => ({ size_ml, price, stock, sku })),
    ).toEqual([
      { size_ml: 30, price: 259_000, stock: 8, sku: 'MM-30' },
      { size_ml: 50, price: 459_000, stock: 3, sku: null },
      { size_ml: 100, price: 799_000, stock: 0, sku: 'MM-100' },
    ]);
    // The price sort and filter read products.price: the lowest size's.
    const cheap = await (await call('/api/products?max=300000')).json<{ items: Product[] }>();
    expect(cheap.items.map((p) => p.id)).toEqual([product.id]);
  });

  it('edits sizes in one save: changed, removed, added and swapped, with the lowest price kept in step', async () => {
    const admin = await createUser('admin');
    const product = await threeSizes(admin);
    const [small, medium] = [sized(product, 30), sized(product, 50)];
    const res = await call(`/api/products/${product.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        name: product.name,
        description: product.description,
        image: product.image,
        variants: [
          // 30 and 50 trade places; 100 goes; 200 is new.
          {
            id: small.id,
            size_ml: 50,
            price: '300.000',
            stock: 4,
            expected_stock: 8,
            sku: 'MM-30',
            weight_grams: 270,
          },
          {
            id: medium.id,
            size_ml: 30,
            price: 'Rp 199.000',
            stock: 2,
            expected_stock: '3',
            sku: null,
            weight_grams: 210,
          },
          { size_ml: 200, price: 'Rp 1.299.000', stock: 1, sku: 'MM-200', weight_grams: 720 },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await res.json<Product>();
    expect(saved.price).toBe(199_000);
    expect(saved.variants.map(({ id, size_ml, price }) => ({ id, size_ml, price }))).toEqual([
      { id: medium.id, size_ml: 30, price: 199_000 },
      { id: small.id, size_ml: 50, price: 300_000 },
      { id: expect.any(String), size_ml: 200, price: 1_299_000 },
    ]);
  });

  it('refuses a SKU another product has (409 naming the field) and a size twice (400), changing nothing', async () => {
    const admin = await createUser('admin');
    await threeSizes(admin);
    const body = (variants: unknown[]) => ({
      name: 'Oud Royale',
      description: 'Kayu oud Kamboja yang pekat.',
      image: '/images/oud.webp',
      variants,
    });
    const taken = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: body([
        { size_ml: 30, price: 1000, stock: 1, sku: 'OUD-30', weight_grams: 210 },
        { size_ml: 50, price: 2000, stock: 1, sku: 'MM-30', weight_grams: 270 },
      ]),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json<ErrorBody>()).error).toEqual({
      code: 'sku_taken',
      message: 'SKU sudah dipakai produk lain',
      fields: { 'variants.1.sku': 'SKU sudah dipakai produk lain' },
    });
    const twice = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: body([
        { size_ml: 50, price: 1000, stock: 1, weight_grams: 270 },
        { size_ml: 50, price: 2000, stock: 1, weight_grams: 270 },
      ]),
    });
    expect(twice.status).toBe(400);
    expect((await twice.json<ErrorBody>()).error.fields).toEqual({
      'variants.1.size_ml': 'Ukuran ini sudah ada',
    });
    const none = await call('/api/products', { method: 'POST', cookie: admin.cookie, json: body([]) });
    expect((await none.json<ErrorBody>()).error.fields).toEqual({
      variants: 'Tambahkan minimal satu ukuran',
    });
    const count = await env.DB.prepare('SELECT count(*) AS n FROM products').first('n');
    expect(count).toBe(1);
  });
});

describe('orders of sizes', () => {
  it("prices each line from its size, records the size, and takes the units from that size's stock", async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await threeSizes(admin);
    const [small, medium] = [sized(product, 30), sized(product, 50)];
    const order = await placeOrder(customer.cookie, [
      { productId: product.id, variantId: small.id, quantity: 2 },
      { productId: product.id, variantId: medium.id, quantity: 3 },
    ]);
    expect(order.subtotal_amount).toBe(2 * 259_000 + 3 * 459_000);
    expect(
      order.order_items.map(({ variant_id, size_ml, product_price }) => ({
        variant_id,
        size_ml,
        product_price,
      })),
    ).toEqual([
      { variant_id: small.id, size_ml: 30, product_price: 259_000 },
      { variant_id: medium.id, size_ml: 50, product_price: 459_000 },
    ]);
    expect([await stockOf(small.id), await stockOf(medium.id)]).toEqual([6, 0]);
    // The admin's order detail carries the size too.
    const detail = await call(`/api/admin/orders/${order.id}`, { cookie: admin.cookie });
    expect((await detail.json<Order>()).order_items.map((item) => item.size_ml)).toEqual([30, 50]);
  });

  it('refuses more than the stock with 409 and a clear message, writing nothing', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await threeSizes(admin);
    const [medium, large] = [sized(product, 50), sized(product, 100)];
    const res = await postOrder(customer.cookie, {
      items: [
        { productId: product.id, variantId: medium.id, quantity: 4 },
        { productId: product.id, variantId: large.id, quantity: 1 },
      ],
      customer: CUSTOMER,
    });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error).toEqual({
      code: 'out_of_stock',
      message:
        'Stok Melati Malam 50 ml tinggal 3; Stok Melati Malam 100 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.',
      fields: {
        'items.0.quantity': 'Stok Melati Malam 50 ml tinggal 3',
        'items.1.quantity': 'Stok Melati Malam 100 ml habis',
      },
    });
    expect(await orderTableCounts()).toEqual({ orders: 0, order_items: 0, idempotency_keys: 0 });
    expect(await stockOf(medium.id)).toBe(3);
  });

  it('refuses a size of another product (the browser names sizes, the server checks them)', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await threeSizes(admin);
    const [other] = await insertProducts([1000]);
    const res = await postOrder(customer.cookie, {
      items: [{ productId: other?.id, variantId: sized(product, 30).id, quantity: 1 }],
      customer: CUSTOMER,
    });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields).toEqual({
      'items.0.productId': 'Produk tidak ditemukan',
    });
  });

  it('sells a size whose stock is not counted (a product from before sizes) without limit', async () => {
    const customer = await createUser();
    const [product] = await insertProducts([120_000], null);
    await placeOrder(customer.cookie, [
      { productId: product?.id as string, variantId: product?.variantId as string, quantity: 99 },
    ]);
    expect(await stockOf(product?.variantId as string)).toBeNull();
  });
});

describe('stock returns when an order is cancelled', () => {
  const setStatus = (admin: { cookie: string }, id: string, status: string) =>
    call(`/api/admin/orders/${id}/status`, { method: 'PATCH', cookie: admin.cookie, json: { status } });

  it('puts the units back once, and a cancelled order never comes back to take them again', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const [product] = await insertProducts([100_000], 5);
    const variantId = product?.variantId as string;
    const order = await placeOrder(customer.cookie, [
      { productId: product?.id as string, variantId, quantity: 3 },
    ]);
    expect(await stockOf(variantId)).toBe(2);
    expect((await setStatus(admin, order.id, 'processing')).status).toBe(200);
    expect(await stockOf(variantId)).toBe(2);
    expect((await setStatus(admin, order.id, 'cancelled')).status).toBe(200);
    expect(await stockOf(variantId)).toBe(5);
    // The lifecycle (decision 015) ends at cancelled: no second cancel, no reopening.
    for (const status of ['cancelled', 'pending', 'processing']) {
      expect((await setStatus(admin, order.id, status)).status, status).toBe(409);
      expect(await stockOf(variantId)).toBe(5);
    }
  });

  it("the customer's cancel and the Cron's expiry return the units too", async () => {
    const customer = await createUser();
    const [product] = await insertProducts([100_000], 5);
    const line = { productId: product?.id as string, variantId: product?.variantId as string, quantity: 2 };
    const [mine, overdue] = [
      await placeOrder(customer.cookie, [line]),
      await placeOrder(customer.cookie, [line]),
    ];
    expect(await stockOf(line.variantId)).toBe(1);
    const cancel = await call(`/api/orders/${mine.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(line.variantId)).toBe(3);
    await env.DB.prepare("UPDATE orders SET payment_due_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(overdue.id)
      .run();
    expect(await expireOverdueOrders(env, new Date())).toBe(1);
    expect(await stockOf(line.variantId)).toBe(5);
  });

  it('restockOrder is a statement for any cancelling batch: before the status update, once per order', async () => {
    const customer = await createUser();
    const [a, b] = await insertProducts([100_000, 50_000], 4);
    const order = await placeOrder(customer.cookie, [
      { productId: a?.id as string, variantId: a?.variantId as string, quantity: 2 },
      { productId: b?.id as string, variantId: b?.variantId as string, quantity: 4 },
    ]);
    const db = getDb(env.DB);
    const cancel = () =>
      db.batch([
        ...restockOrder(db, order.id, { actor: 'system' }),
        db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id)),
      ]);
    await cancel();
    // Once cancelled, it returns nothing more (a second cancelling batch is refused anyway).
    await db.batch(restockOrder(db, order.id, { actor: 'system' }));
    expect([await stockOf(a?.variantId as string), await stockOf(b?.variantId as string)]).toEqual([4, 4]);
  });
});

describe('the low-stock list', () => {
  it('lists counted sizes at or below the threshold, lowest first, and the admin sets the threshold', async () => {
    const admin = await createUser('admin');
    const product = await threeSizes(admin);
    await insertProducts([1000], null);
    const low = async () => (await call('/api/admin/stock', { cookie: admin.cookie })).json<LowStockPage>();
    const first = await low();
    expect(first).toMatchObject({ threshold: 5, total: 2, page: 1, pageSize: 10 });
    expect(first.items.map(({ product_name, size_ml, stock }) => [product_name, size_ml, stock])).toEqual([
      ['Melati Malam', 100, 0],
      ['Melati Malam', 50, 3],
    ]);
    const set = await call('/api/admin/stock/threshold', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { threshold: 8 },
    });
    expect(set.status).toBe(200);
    expect((await low()).items.map((item) => item.size_ml)).toEqual([100, 50, 30]);
    const bad = await call('/api/admin/stock/threshold', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { threshold: -1 },
    });
    expect((await bad.json<ErrorBody>()).error.fields).toEqual({
      threshold: 'Batas stok tidak boleh negatif',
    });
    expect((await low()).threshold).toBe(8);
    expect(product.variants).toHaveLength(3);
    // The threshold is the admin's: the public settings do not carry it.
    expect(await (await call('/api/settings')).json()).not.toHaveProperty('lowStockThreshold');
  });
});
