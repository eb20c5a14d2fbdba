import { createExecutionContext, env } from 'cloudflare:test';
import type {
  AdminProductDetail,
  AdminProductVariant,
  Order,
  Page,
  Product,
  StockChange,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, ORIGIN } from '../../test/helpers.ts';
import {
  CUSTOMER,
  insertProducts,
  orderTableCounts,
  placeOrder,
  postOrder,
  REGULER,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import app from '../index.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { insertOrder } from '../orders/record.ts';
import { expireOverdueOrders } from '../payments/expiry.ts';
import { HELD_LIMIT } from '../services/stock.ts';

// Issue 27, findings 3 and 4 (decision 025): no customer holds more of a size than its maximum,
// and the admin's product form never undoes an order placed or cancelled while it was open.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const stockOf = (variantId: string) =>
  env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(variantId)
    .first<number | null>('stock');

/** A product of one 50 ml size through the admin API, as the form creates it. */
async function createProduct(
  admin: { cookie: string },
  size: Record<string, unknown>,
): Promise<AdminProductDetail> {
  const res = await call('/api/products', {
    method: 'POST',
    cookie: admin.cookie,
    json: {
      name: 'Melati Malam',
      description: 'Melati sambac yang mekar di malam hari.',
      image: '/images/melati.webp',
      variants: [{ size_ml: 50, price: 'Rp 459.000', sku: null, weight_grams: 270, ...size }],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<AdminProductDetail>();
}

/** What the admin's form sends for the product it read, with its one size's fields changed. */
function formSave(admin: { cookie: string }, read: Product, changes: { name?: string; stock?: number }) {
  const size = read.variants[0] as Product['variants'][number];
  return call(`/api/products/${read.id}`, {
    method: 'PUT',
    cookie: admin.cookie,
    json: {
      name: changes.name ?? read.name,
      description: read.description,
      image: read.image,
      variants: [
        {
          id: size.id,
          size_ml: String(size.size_ml),
          weight_grams: '270',
          price: String(size.price),
          stock: String(changes.stock ?? size.stock),
          // The form's hidden field: the stock it read.
          expected_stock: String(size.stock),
          max_per_order: String(size.max_per_order),
          sku: '',
        },
      ],
    },
  });
}

const cancel = (cookie: string, orderId: string) =>
  call(`/api/orders/${orderId}/cancel`, { method: 'POST', cookie, json: {} });

const changesOf = async (admin: { cookie: string }, variantId: string, query = '') => {
  const res = await call(`/api/admin/stock/${variantId}/changes${query}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.json<Page<StockChange>>();
};

describe("the admin's product form and concurrent orders (finding 4)", () => {
  it('red team: form opened at 10, a customer buys 3, the admin fixes a typo and saves, the customer cancels: 10', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await createProduct(admin, { stock: 10 });
    const variantId = product.variants[0]?.id as string;
    // The form reads the product: stock 10.
    const read = await (await call(`/api/products/${product.id}`, { cookie: admin.cookie })).json<Product>();
    const order = await placeOrder(customer.cookie, [{ productId: product.id, variantId, quantity: 3 }]);
    expect(await stockOf(variantId)).toBe(7);

    const saved = await formSave(admin, read, { name: 'Melati Malam Hari' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await stockOf(variantId)).toBe(7);
    expect((await cancel(customer.cookie, order.id)).status).toBe(200);
    expect(await stockOf(variantId)).toBe(10);
  });

  it('refuses a stock the form changed from a value it no longer is (409), changing nothing', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await createProduct(admin, { stock: 10 });
    const variantId = product.variants[0]?.id as string;
    await placeOrder(customer.cookie, [{ productId: product.id, variantId, quantity: 3 }]);

    const res = await formSave(admin, product, { name: 'Melati Malam Hari', stock: 12 });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).error).toEqual({
      code: 'stock_changed',
      message: 'Stok berubah sejak formulir dibuka. Muat ulang formulir untuk melihat stok terkini.',
      fields: { 'variants.0.stock': 'Stok berubah sejak formulir dibuka. Muat ulang formulir.' },
    });
    expect(await stockOf(variantId)).toBe(7);
    const now = await (await call(`/api/products/${product.id}`)).json<Product>();
    expect(now.name).toBe('Melati Malam');
    // Read again, the same change goes through.
    const again = await formSave(admin, now, { stock: 12 });
    expect(again.status).toBe(200);
    expect(await stockOf(variantId)).toBe(12);
  });

  it('refuses a change whose stock moved between the form check and the write (the batch compares and sets)', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await createProduct(admin, { stock: 10 });
    const variantId = product.variants[0]?.id as string;
    // The save reads stock 10 and passes its check; an order commits before the save's write
    // (its one batch of more than the two reads).
    let ordered: Promise<unknown> | undefined;
    const beforeWrite = <T extends object>(binding: T): T =>
      new Proxy(binding, {
        get(target, prop) {
          if (prop === 'batch') {
            return async (statements: D1PreparedStatement[]) => {
              if (statements.length > 2 && !ordered) {
                ordered = placeOrder(customer.cookie, [{ productId: product.id, variantId, quantity: 3 }]);
                await ordered;
              }
              return (target as unknown as D1Database).batch(statements);
            };
          }
          if (prop === 'withSession') {
            return (constraint: string) =>
              beforeWrite((target as unknown as D1Database).withSession(constraint));
          }
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const db = beforeWrite(env.DB);
    // The size as the admin read it, sent back as its form would (no estimate flag, no sale fields).
    const {
      weight_estimated: _,
      sale_price: _sale,
      sale_ends_at: _ends,
      contents: _contents,
      ...size
    } = product.variants[0] as AdminProductVariant;
    const res = await app.request(
      `${ORIGIN}/api/products/${product.id}`,
      {
        method: 'PUT',
        headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: product.name,
          description: product.description,
          image: product.image,
          variants: [{ ...size, stock: 20, expected_stock: 10 }],
        }),
      },
      { ...env, DB: db },
      createExecutionContext(),
    );
    expect(ordered).toBeDefined();
    expect(res.status, await res.clone().text()).toBe(409);
    expect(await stockOf(variantId)).toBe(7);
  });

  it('a saved size needs the stock the form read (400), and a new one needs none', async () => {
    const admin = await createUser('admin');
    const product = await createProduct(admin, { stock: 10 });
    const size = product.variants[0] as Product['variants'][number];
    const res = await call(`/api/products/${product.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        name: product.name,
        description: product.description,
        image: product.image,
        variants: [
          { id: size.id, size_ml: 50, price: 1000, stock: 3, sku: null, weight_grams: 270 },
          { size_ml: 100, price: 2000, stock: 4, sku: null, weight_grams: 270 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields).toEqual({
      'variants.0.stock': 'Stok yang dibaca formulir tidak ada. Muat ulang formulir.',
    });
    expect(await stockOf(size.id)).toBe(10);
  });

  it('every stock change leaves a trace (who, when, from, to, why) the admin reads per size, newest first, paged', async () => {
    const admin = await createUser('admin', 'Admin Toko');
    const customer = await createUser('customer', 'Siti Aminah');
    const product = await createProduct(admin, { stock: 10 });
    const variantId = product.variants[0]?.id as string;
    const order = await placeOrder(customer.cookie, [{ productId: product.id, variantId, quantity: 3 }]);
    expect((await cancel(customer.cookie, order.id)).status).toBe(200);
    const read = await (await call(`/api/products/${product.id}`)).json<Product>();
    expect((await formSave(admin, read, { stock: 4 })).status).toBe(200);
    // A save that leaves the stock as read changes nothing and leaves no trace.
    const unchanged = await (await call(`/api/products/${product.id}`)).json<Product>();
    expect((await formSave(admin, unchanged, { name: 'Melati Malam Hari' })).status).toBe(200);

    const page = await changesOf(admin, variantId);
    expect(page.total).toBe(4);
    expect(
      page.items.map(({ from_stock, to_stock, reason, order_id, actor, actor_name }) => ({
        from_stock,
        to_stock,
        reason,
        order_id,
        actor,
        actor_name,
      })),
    ).toEqual([
      {
        from_stock: 10,
        to_stock: 4,
        reason: 'form',
        order_id: null,
        actor: 'admin',
        actor_name: 'Admin Toko',
      },
      {
        from_stock: 7,
        to_stock: 10,
        reason: 'cancel',
        order_id: order.id,
        actor: 'customer',
        actor_name: 'Siti Aminah',
      },
      {
        from_stock: 10,
        to_stock: 7,
        reason: 'order',
        order_id: order.id,
        actor: 'customer',
        actor_name: 'Siti Aminah',
      },
      {
        from_stock: null,
        to_stock: 10,
        reason: 'created',
        order_id: null,
        actor: 'admin',
        actor_name: 'Admin Toko',
      },
    ]);
    for (const item of page.items) expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await changesOf(admin, variantId, '?page=2&pageSize=10');
    expect(second).toMatchObject({ items: [], total: 4, page: 2 });
    // Admin only.
    expect((await call(`/api/admin/stock/${variantId}/changes`, { cookie: customer.cookie })).status).toBe(
      403,
    );
  });

  it("the Cron's expiry traces its restock as the system's", async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await createProduct(admin, { stock: 5 });
    const variantId = product.variants[0]?.id as string;
    const order = await placeOrder(customer.cookie, [{ productId: product.id, variantId, quantity: 2 }]);
    await env.DB.prepare("UPDATE orders SET payment_due_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(order.id)
      .run();
    await expireOverdueOrders(env, new Date());
    const [latest] = (await changesOf(admin, variantId)).items;
    expect(latest).toMatchObject({
      from_stock: 3,
      to_stock: 5,
      reason: 'cancel',
      actor: 'system',
      actor_name: null,
    });
  });
});

describe('the maximum per order and units held in unpaid orders (finding 3)', () => {
  const line = (product: Product, quantity: number) => [
    { productId: product.id, variantId: product.variants[0]?.id as string, quantity },
  ];

  it('a size has a maximum per order, 5 unless the admin sets it (1–99), kept with the size', async () => {
    const admin = await createUser('admin');
    expect((await createProduct(admin, { stock: 10 })).variants[0]?.max_per_order).toBe(5);
    const product = await createProduct(admin, { stock: 10, max_per_order: '2' });
    expect(product.variants[0]?.max_per_order).toBe(2);
    for (const [max, message] of [
      ['0', 'Maksimal per pesanan minimal 1'],
      ['100', 'Maksimal per pesanan paling banyak 99'],
      ['', 'Maksimal per pesanan harus diisi'],
    ]) {
      const res = await call('/api/products', {
        method: 'POST',
        cookie: admin.cookie,
        json: {
          name: 'Oud Royale',
          description: 'Kayu oud Kamboja yang pekat.',
          image: '/images/oud.webp',
          variants: [{ size_ml: 50, price: 1000, stock: 1, max_per_order: max, weight_grams: 270 }],
        },
      });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields).toEqual({ 'variants.0.max_per_order': message });
    }
  });

  it('refuses an order over the maximum with 422 naming the product and size, writing nothing', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const product = await createProduct(admin, { stock: 50, max_per_order: 3 });
    const res = await postOrder(customer.cookie, { items: line(product, 4), customer: CUSTOMER });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).error).toEqual({
      code: 'over_order_limit',
      message: 'Melati Malam 50 ml maksimal 3 per pesanan. Kurangi jumlahnya.',
      fields: { 'items.0.quantity': 'Melati Malam 50 ml maksimal 3 per pesanan' },
    });
    expect(await orderTableCounts()).toEqual({ orders: 0, order_items: 0, idempotency_keys: 0 });
    expect(await stockOf(product.variants[0]?.id as string)).toBe(50);
  });

  it("counts the units of the customer's other unpaid orders, not other customers' nor paid or cancelled ones", async () => {
    const admin = await createUser('admin');
    const [siti, budi] = [await createUser(), await createUser()];
    const product = await createProduct(admin, { stock: 50, max_per_order: 5 });
    const first = await placeOrder(siti.cookie, line(product, 2));
    await placeOrder(siti.cookie, line(product, 2));
    const third = await postOrder(siti.cookie, { items: line(product, 2), customer: CUSTOMER });
    expect(third.status).toBe(422);
    expect((await third.json<ErrorBody>()).error).toEqual({
      code: 'over_order_limit',
      message:
        'Melati Malam 50 ml maksimal 5 per pelanggan selama pesanan belum dibayar; 4 sudah ada di pesanan Anda yang belum dibayar, sisa 1. Kurangi jumlahnya. Selesaikan pembayaran atau batalkan pesanan yang belum dibayar untuk membeli lebih banyak.',
      fields: {
        'items.0.quantity':
          'Melati Malam 50 ml maksimal 5 per pelanggan selama pesanan belum dibayar; 4 sudah ada di pesanan Anda yang belum dibayar, sisa 1',
      },
    });
    // Another customer has their own allowance.
    await placeOrder(budi.cookie, line(product, 5));
    // A cancelled order holds nothing; a paid one is no longer held.
    expect((await cancel(siti.cookie, first.id)).status).toBe(200);
    const paid = await placeOrder(siti.cookie, line(product, 3));
    const confirm = await call(`/api/admin/orders/${paid.id}/payment/confirm`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(confirm.status).toBe(200);
    await placeOrder(siti.cookie, line(product, 3));
  });

  it('holds in the order batch itself: a batch over the maximum is refused whole (the trigger)', async () => {
    const customer = await createUser();
    const [product] = await insertProducts([100_000], 20, 4);
    const db = getDb(env.DB);
    const order = (quantity: number, uniqueCode: number) =>
      insertOrder(
        db,
        {
          userId: customer.id,
          idempotencyKey: crypto.randomUUID(),
          requestHash: 'x',
          customerName: CUSTOMER.customerName,
          customerEmail: CUSTOMER.customerEmail,
          customerPhone: '+6281234567890',
          customerAddress: 'Jl. Melati No. 1',
          area: {
            province: { code: '31', name: 'DKI Jakarta' },
            regency: { code: '31.71', name: 'Jakarta Pusat' },
            district: { code: '31.71.01', name: 'Gambir' },
          },
          postalCode: '10110',
          clientIp: 'local',
          limits: { perCustomer: 20, perClient: 500 },
          shipping: {
            zone: 'Jabodetabek',
            service: 'Reguler',
            fee: REGULER.baseFee,
            etaMinDays: 1,
            etaMaxDays: 2,
          },
          lines: [
            {
              productId: product?.id as string,
              variantId: product?.variantId as string,
              sizeMl: 50,
              productName: 'Parfum Uji 1',
              productPrice: 100_000,
              quantity,
            },
          ],
          uniqueCode,
          paymentDueAt: '2099-01-01T00:00:00.000Z',
        },
        () => [],
      );
    await order(3, 1);
    const refused = await order(2, 2).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isConstraintError(refused, HELD_LIMIT)).toBe(true);
    expect((await orderTableCounts()).orders).toBe(1);
    expect(await stockOf(product?.variantId as string)).toBe(17);
  });

  it('parallel orders of one customer cannot pass the maximum together', async () => {
    const customer = await createUser();
    const [product] = await insertProducts([100_000], 50, 5);
    const items = [
      { productId: product?.id as string, variantId: product?.variantId as string, quantity: 2 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(customer.cookie, { items, customer: CUSTOMER })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 422, 422, 422, 422]);
    const held = await env.DB.prepare(
      "SELECT sum(quantity) AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'pending'",
    ).first<number>('n');
    expect(held).toBe(4);
    expect((await answers.find((res) => res.status === 201)?.json<Order>())?.status).toBe('pending');
  });
});
