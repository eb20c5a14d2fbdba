import { env } from 'cloudflare:test';
import type { Order } from '@gi/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  CUSTOMER_FULL_ADDRESS,
  cart,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  placeOrder,
  postOrder,
  REGULER,
} from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/orders', () => {
  it('creates a pending order for the session user, priced from D1', async () => {
    const user = await createUser();
    const [a, b] = await insertProducts([250_000, 1_599_000]);
    const res = await postOrder(user.cookie, {
      items: [
        { productId: a?.id, variantId: a?.variantId, quantity: 2 },
        { productId: b?.id, variantId: b?.variantId, quantity: 1 },
      ],
      customer: { ...CUSTOMER, customerName: '  Siti Aminah  ' },
    });
    expect(res.status).toBe(201);
    const order = await res.json<Order>();
    expect(order).toMatchObject({
      user_id: user.id,
      customer_name: 'Siti Aminah',
      customer_email: CUSTOMER.customerEmail,
      customer_phone: '+6281234567890',
      customer_address: CUSTOMER_FULL_ADDRESS,
      subtotal_amount: 2_099_000,
      // Three items: the flat fee and two extra items.
      shipping_fee: REGULER.baseFee + 2 * REGULER.perItemFee,
      total_amount: 2_099_000 + REGULER.baseFee + 2 * REGULER.perItemFee + order.unique_code,
      status: 'pending',
      payment_status: 'pending',
    });
    expect(order.unique_code).toBeGreaterThanOrEqual(1);
    expect(order.unique_code).toBeLessThanOrEqual(999);
    expect(order.order_items).toEqual([
      {
        id: expect.any(String),
        product_id: a?.id,
        product_name: a?.name,
        product_price: 250_000,
        variant_id: a?.variantId,
        size_ml: 50,
        quantity: 2,
        subtotal: 500_000,
      },
      {
        id: expect.any(String),
        product_id: b?.id,
        product_name: b?.name,
        product_price: 1_599_000,
        variant_id: b?.variantId,
        size_ml: 50,
        quantity: 1,
        subtotal: 1_599_000,
      },
    ]);
    const stored = await env.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(order.id).first();
    expect(stored).toMatchObject({
      user_id: user.id,
      customer_phone: '+6281234567890',
      total_amount: order.total_amount,
      unique_code: order.unique_code,
      status: 'pending',
      created_at: order.created_at,
      updated_at: order.updated_at,
    });
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 2, idempotency_keys: 1 });
  });

  it('stores the phone number in E.164 form', async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const order = await placeOrder(user.cookie, cart(products), { customerPhone: '+62 812-3456-7890' });
    expect(order.customer_phone).toBe('+6281234567890');
  });

  it('stores subtotals and a total of items + shipping + unique code, computed by the server, for any cart', async () => {
    // Every cart from the tests' one address; each from its own account (10 orders an hour each).
    await allowManyUnpaid();
    const line = fc.record({
      price: fc.integer({ min: 0, max: 1_000_000_000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 10 }), async (lines) => {
        const products = await insertProducts(lines.map((l) => l.price));
        const items = products.map((p, i) => ({
          productId: p.id,
          variantId: p.variantId,
          quantity: lines[i]?.quantity ?? 0,
        }));
        const order = await placeOrder((await createUser()).cookie, items);

        const { results } = await env.DB.prepare(
          `SELECT oi.product_price, oi.quantity, oi.subtotal, v.price
             FROM order_items oi JOIN product_variants v ON v.id = oi.variant_id
            WHERE oi.order_id = ?`,
        )
          .bind(order.id)
          .all<{ product_price: number; quantity: number; subtotal: number; price: number }>();
        expect(results).toHaveLength(lines.length);
        for (const row of results) {
          expect(row.product_price).toBe(row.price);
          expect(row.subtotal).toBe(row.price * row.quantity);
        }
        const expected = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0);
        const fee = REGULER.baseFee + REGULER.perItemFee * (itemCount - 1);
        const stored = await env.DB.prepare(
          `SELECT o.subtotal_amount, o.shipping_fee, o.unique_code, o.total_amount, p.amount
             FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = ?`,
        )
          .bind(order.id)
          .first<Record<string, number>>();
        const code = stored?.unique_code ?? 0;
        expect(code).toBeGreaterThanOrEqual(1);
        expect(code).toBeLessThanOrEqual(999);
        // Every part stored; the one payment attempt asks for the whole total.
        expect(stored).toEqual({
          subtotal_amount: expected,
          shipping_fee: fee,
          unique_code: code,
          total_amount: expected + fee + code,
          amount: expected + fee + code,
        });
        expect(order).toMatchObject({
          subtotal_amount: expected,
          shipping_fee: fee,
          unique_code: code,
          total_amount: expected + fee + code,
        });
      }),
      { numRuns: 40 },
    );
    // 40 orders, each queuing and sending two emails: over 5 s when the machine is busy.
  }, 30_000);

  it("charges the size's current price after a price change", async () => {
    const user = await createUser();
    const products = await insertProducts([100_000]);
    const first = await placeOrder(user.cookie, cart(products));
    await env.DB.prepare('UPDATE product_variants SET price = 175000 WHERE id = ?')
      .bind(products[0]?.variantId)
      .run();
    const second = await placeOrder(user.cookie, cart(products, 2));
    expect(second.subtotal_amount).toBe(350_000);
    expect(second.order_items[0]).toMatchObject({ product_price: 175_000, subtotal: 350_000 });
    const kept = await env.DB.prepare('SELECT subtotal_amount FROM orders WHERE id = ?')
      .bind(first.id)
      .first<{ subtotal_amount: number }>();
    expect(kept?.subtotal_amount).toBe(100_000);
  });

  it('rejects tampered or invalid bodies with 400 and writes nothing', async () => {
    const user = await createUser();
    const products = await insertProducts([200_000, 300_000]);
    const [p] = products;
    const item = { productId: p?.id, variantId: p?.variantId, quantity: 1 };
    const many = await insertProducts(Array.from({ length: 50 }, () => 1000));
    const bodies: Record<string, unknown> = {
      'order price': { items: [item], customer: CUSTOMER, price: 1 },
      'order total': { items: [item], customer: CUSTOMER, total: 1 },
      'order total_amount': { items: [item], customer: CUSTOMER, total_amount: 1 },
      'order status': { items: [item], customer: CUSTOMER, status: 'delivered' },
      'order user_id': { items: [item], customer: CUSTOMER, user_id: 'lain' },
      'order userId': { items: [item], customer: CUSTOMER, userId: 'lain' },
      'customer user_id': { items: [item], customer: { ...CUSTOMER, user_id: 'lain' } },
      'item price': { items: [{ ...item, price: 1 }], customer: CUSTOMER },
      'item subtotal': { items: [{ ...item, subtotal: 1 }], customer: CUSTOMER },
      'item product_price': { items: [{ ...item, product_price: 1 }], customer: CUSTOMER },
      'item total_amount': { items: [{ ...item, total_amount: 1 }], customer: CUSTOMER },
      'quantity 0': { items: [{ ...item, quantity: 0 }], customer: CUSTOMER },
      'quantity -1': { items: [{ ...item, quantity: -1 }], customer: CUSTOMER },
      'quantity 1.5': { items: [{ ...item, quantity: 1.5 }], customer: CUSTOMER },
      'quantity "2"': { items: [{ ...item, quantity: '2' }], customer: CUSTOMER },
      'quantity 1e9': { items: [{ ...item, quantity: 1e9 }], customer: CUSTOMER },
      'quantity 100': { items: [{ ...item, quantity: 100 }], customer: CUSTOMER },
      'unknown product': {
        items: [item, { productId: 'tidak-ada', variantId: 'tidak-ada', quantity: 1 }],
        customer: CUSTOMER,
      },
      '50 lines': { items: cart(many), customer: CUSTOMER },
      'duplicate product': { items: [item, { ...item, quantity: 2 }], customer: CUSTOMER },
      'empty items': { items: [], customer: CUSTOMER },
      'no items': { customer: CUSTOMER },
      'no customer': { items: [item] },
      'blank name': { items: [item], customer: { ...CUSTOMER, customerName: '   ' } },
      'bad email': { items: [item], customer: { ...CUSTOMER, customerEmail: 'bukan-email' } },
      'not an object': [item],
    };
    for (const [label, body] of Object.entries(bodies)) {
      const res = await postOrder(user.cookie, body);
      expect(res.status, label).toBe(400);
      expect((await res.json<ErrorBody>()).error.code, label).toMatch(/^(invalid_input|product_not_found)$/);
    }
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('names the unknown product in the error fields', async () => {
    const user = await createUser();
    const [p] = await insertProducts([200_000]);
    const res = await postOrder(user.cookie, {
      items: [
        { productId: p?.id, variantId: p?.variantId, quantity: 1 },
        { productId: 'tidak-ada', variantId: 'tidak-ada', quantity: 1 },
      ],
      customer: CUSTOMER,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'product_not_found',
        message: 'Produk tidak ditemukan',
        fields: { 'items.1.productId': 'Produk tidak ditemukan' },
      },
    });
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('gives the spec messages for an empty cart and a bad quantity', async () => {
    const user = await createUser();
    const [p] = await insertProducts([200_000]);
    const empty = await postOrder(user.cookie, { items: [], customer: CUSTOMER });
    expect((await empty.json<ErrorBody>()).error.message).toBe('Keranjang belanja kosong');
    const zero = await postOrder(user.cookie, {
      items: [{ productId: p?.id, variantId: p?.variantId, quantity: 0 }],
      customer: CUSTOMER,
    });
    expect((await zero.json<ErrorBody>()).error.fields).toEqual({ 'items.0.quantity': 'Jumlah minimal 1' });
  });

  it('requires a well-formed Idempotency-Key', async () => {
    const user = await createUser();
    const products = await insertProducts([200_000]);
    const body = { items: cart(products), customer: CUSTOMER };
    const missing = await call('/api/orders', { method: 'POST', json: body, cookie: user.cookie });
    for (const key of ['pendek', 'ada spasi di kunci ini', 'kunci/miring', 'x'.repeat(129)]) {
      const res = await postOrder(user.cookie, body, key);
      expect(res.status, key).toBe(400);
      expect((await res.json<ErrorBody>()).error.message).toBe('Idempotency-Key wajib diisi');
    }
    expect(missing.status).toBe(400);
    expect((await missing.json<ErrorBody>()).error.message).toBe('Idempotency-Key wajib diisi');
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });

  it('answers a guest with 401 and writes nothing', async () => {
    const products = await insertProducts([200_000]);
    const res = await postOrder(undefined, { items: cart(products), customer: CUSTOMER });
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).error.message).toBe('Anda harus login terlebih dahulu');
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });
});

describe('Idempotency-Key', () => {
  it('five concurrent requests with one key create exactly one order', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000, 80_000, 45_000]);
    const body = { items: cart(products, 3), customer: CUSTOMER };
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postOrder(user.cookie, body, key)));
    const orders = await Promise.all(answers.map((res) => res.json<Order>()));

    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    for (const order of orders) expect(order.order_items).toHaveLength(3);
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 3, idempotency_keys: 1 });
  });

  it('a retry with the same body returns the first order, whatever the line order', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000, 80_000]);
    const key = 'checkout-1234';
    const first = await postOrder(user.cookie, { items: cart(products), customer: CUSTOMER }, key);
    const retry = await postOrder(
      user.cookie,
      { items: cart(products).reverse(), customer: { ...CUSTOMER, customerName: ' Siti Aminah ' } },
      key,
    );
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 2, idempotency_keys: 1 });
  });

  it('the same key with a different body is a 409', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000]);
    const key = 'checkout-5678';
    expect((await postOrder(user.cookie, { items: cart(products), customer: CUSTOMER }, key)).status).toBe(
      201,
    );
    const changed = await postOrder(user.cookie, { items: cart(products, 2), customer: CUSTOMER }, key);
    expect(changed.status).toBe(409);
    expect((await changed.json<ErrorBody>()).error).toEqual({
      code: 'idempotency_conflict',
      message: 'Idempotency-Key sudah dipakai untuk pesanan lain',
    });
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 1, idempotency_keys: 1 });
  });

  it('keys belong to one user: another user may use the same key', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const products = await insertProducts([120_000]);
    const body = { items: cart(products), customer: CUSTOMER };
    const first = await postOrder(a.cookie, body, 'gemeinsam-01');
    const second = await postOrder(b.cookie, body, 'gemeinsam-01');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await second.json<Order>()).user_id).toBe(b.id);
  });
});

describe('GET /api/orders/mine', () => {
  it("returns the customer's 5 latest orders with their items, newest first", async () => {
    const user = await createUser();
    const products = await insertProducts([10_000, 20_000]);
    await allowManyUnpaid();
    const placed: Order[] = [];
    for (let i = 0; i < 6; i += 1) placed.push(await placeOrder(user.cookie, cart(products, i + 1)));
    // Distinct timestamps: orders placed within one millisecond would tie.
    for (const [i, order] of placed.entries()) {
      await env.DB.prepare('UPDATE orders SET created_at = ? WHERE id = ?')
        .bind(`2025-01-0${i + 1}T10:00:00.000Z`, order.id)
        .run();
    }
    const res = await call('/api/orders/mine', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const mine = (await res.json<{ items: Order[] }>()).items;
    expect(mine.map((o) => o.id)).toEqual(
      placed
        .slice(1)
        .reverse()
        .map((o) => o.id),
    );
    expect(mine[0]?.order_items.map((item) => [item.product_id, item.quantity])).toEqual([
      [products[0]?.id, 6],
      [products[1]?.id, 6],
    ]);
    expect(mine[0]?.subtotal_amount).toBe(180_000);
  });

  it("never shows another customer's orders", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const products = await insertProducts([10_000]);
    const ofA = await placeOrder(a.cookie, cart(products));
    const ofB = await placeOrder(b.cookie, cart(products));
    const mine = async (cookie: string) =>
      (await (await call('/api/orders/mine', { cookie })).json<{ items: Order[] }>()).items;
    const [mineA, mineB] = [await mine(a.cookie), await mine(b.cookie)];
    expect(mineA.map((o) => o.id)).toEqual([ofA.id]);
    expect(mineB.map((o) => o.id)).toEqual([ofB.id]);
    const fresh = await createUser();
    expect(await mine(fresh.cookie)).toEqual([]);
  });

  it('answers a guest with 401', async () => {
    const res = await call('/api/orders/mine');
    expect(res.status).toBe(401);
  });
});
