import { env } from 'cloudflare:test';
import type { Order, ProductDetail, SetComponents } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { CUSTOMER, placeOrder, postOrder } from '../../test/order-fixtures.ts';
import { postOrderOn, racingDb } from '../../test/racing-db.ts';
import { compose, productOf, type Size } from '../../test/set-fixtures.ts';

// Discovery sets (issue 41, decision 061): a size made of sample sizes of other products, its
// stock drawn from theirs when ordered and put back when cancelled.

const stockOf = async (variantId: string) =>
  env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
    .bind(variantId)
    .first<number | null>('stock');

/** Two samples (Melati 2 ml × 7, Gaharu 2 ml × 3) and a set of one Melati and one Gaharu. */
async function shop() {
  const admin = await createUser('admin');
  const melati = await productOf('Melati Uji', 2, 35_000, 7);
  const gaharu = await productOf('Gaharu Uji', 2, 45_000, 3);
  const set = await productOf('Set Discovery Uji', 10, 120_000, 4);
  const res = await compose(admin, set.variantId, [
    { variant_id: melati.variantId, quantity: 1 },
    { variant_id: gaharu.variantId, quantity: 1 },
  ]);
  expect(res.status).toBe(200);
  return { admin, melati, gaharu, set };
}

const line = (size: Size, quantity = 1) => ({
  productId: size.productId,
  variantId: size.variantId,
  quantity,
});

describe('discovery sets', () => {
  it('the admin composes a set: its own stock is no longer counted, its shown stock is its fewest sample', async () => {
    const { admin, melati, gaharu, set } = await shop();
    const read = await call(`/api/admin/variants/${set.variantId}/components`, { cookie: admin.cookie });
    const body = await read.json<SetComponents>();
    expect(body.stock).toBe(3);
    expect(
      body.components.map((c) => [c.variant_id, c.product_name, c.size_ml, c.quantity, c.stock]),
    ).toEqual([
      [gaharu.variantId, 'Gaharu Uji', 2, 1, 3],
      [melati.variantId, 'Melati Uji', 2, 1, 7],
    ]);
    expect(await stockOf(set.variantId)).toBeNull();
    // The storefront's answer: the set's stock and its contents ('Isi: …'); plain sizes name none.
    const product = await (await call(`/api/products/${set.productId}`)).json<ProductDetail>();
    expect(product.variants[0]).toMatchObject({
      stock: 3,
      contents: [
        { product_name: 'Gaharu Uji', size_ml: 2, quantity: 1 },
        { product_name: 'Melati Uji', size_ml: 2, quantity: 1 },
      ],
    });
    const sample = await (await call(`/api/products/${melati.productId}`)).json<ProductDetail>();
    expect(sample.variants[0]).toMatchObject({ stock: 7, contents: null });
    // Two of a sample per set halves what it makes.
    await compose(admin, set.variantId, [
      { variant_id: melati.variantId, quantity: 2 },
      { variant_id: gaharu.variantId, quantity: 1 },
    ]);
    const after = await (await call(`/api/products/${set.productId}`)).json<ProductDetail>();
    expect(after.variants[0]?.stock).toBe(3);
    await compose(admin, set.variantId, [
      { variant_id: melati.variantId, quantity: 3 },
      { variant_id: gaharu.variantId, quantity: 1 },
    ]);
    expect(
      (await (await call(`/api/products/${set.productId}`)).json<ProductDetail>()).variants[0]?.stock,
    ).toBe(2);
    // The trace of the set's own stock leaving the count, and the audit row.
    const trace = await env.DB.prepare(
      "SELECT from_stock, to_stock FROM stock_changes WHERE variant_id = ? AND reason = 'form'",
    )
      .bind(set.variantId)
      .all();
    expect(trace.results).toEqual([{ from_stock: 4, to_stock: null }]);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'set_components' AND entity_id = ?",
    )
      .bind(set.productId)
      .first('n');
    expect(audit).toBe(3);
  });

  it('refuses what is not a set of samples of other products, in Indonesian, changing nothing', async () => {
    const { admin, melati, gaharu, set } = await shop();
    const bottle = await productOf('Botol Penuh Uji', 50, 350_000, 5);
    const own = await productOf('Sampel Sendiri', 2, 30_000, 5);
    await env.DB.prepare('UPDATE product_variants SET product_id = ? WHERE id = ?')
      .bind(set.productId, own.variantId)
      .run();
    const cases: [unknown, number, Record<string, string> | string][] = [
      [[{ variant_id: melati.variantId, quantity: 1 }], 400, 'Set berisi minimal 2 sampel'],
      [
        [
          { variant_id: melati.variantId, quantity: 1 },
          { variant_id: melati.variantId, quantity: 1 },
        ],
        400,
        { 'components.1.variant_id': 'Sampel ini sudah ada di set' },
      ],
      [
        [
          { variant_id: melati.variantId, quantity: 0 },
          { variant_id: gaharu.variantId, quantity: 1 },
        ],
        400,
        { 'components.0.quantity': 'Jumlah minimal 1' },
      ],
      [
        [
          { variant_id: melati.variantId, quantity: 1 },
          { variant_id: bottle.variantId, quantity: 1 },
        ],
        422,
        { 'components.1.variant_id': 'Isi set harus ukuran sampel (paling besar 10 ml)' },
      ],
      [
        [
          { variant_id: own.variantId, quantity: 1 },
          { variant_id: 'tidak-ada', quantity: 1 },
        ],
        422,
        {
          'components.0.variant_id': 'Isi set harus sampel produk lain',
          'components.1.variant_id': 'Ukuran sampel tidak ditemukan',
        },
      ],
    ];
    for (const [components, status, expected] of cases) {
      const res = await compose(admin, set.variantId, components);
      expect(res.status).toBe(status);
      const body = await res.json<{ error: { message: string; fields?: Record<string, string> } }>();
      if (typeof expected === 'string') expect(body.error.message).toBe(expected);
      else expect(body.error.fields).toMatchObject(expected);
    }
    // A set inside a set, and a sample that is in a set becoming a set itself.
    const second = await productOf('Set Kedua', 8, 90_000, 1);
    const nested = await compose(admin, second.variantId, [
      { variant_id: set.variantId, quantity: 1 },
      { variant_id: melati.variantId, quantity: 1 },
    ]);
    expect(nested.status).toBe(422);
    expect((await nested.json<{ error: { fields: object } }>()).error.fields).toEqual({
      'components.0.variant_id': 'Set tidak dapat berisi set lain',
    });
    const inSet = await compose(admin, melati.variantId, [
      { variant_id: gaharu.variantId, quantity: 1 },
      { variant_id: own.variantId, quantity: 1 },
    ]);
    expect(inSet.status).toBe(409);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM variant_components').first('n');
    expect(left).toBe(2);
    expect(
      (await call(`/api/admin/variants/${set.variantId}/components`, { cookie: (await createUser()).cookie }))
        .status,
    ).toBe(403);
    expect((await call('/api/admin/variants/tidak-ada/components', { cookie: admin.cookie })).status).toBe(
      404,
    );
  });

  it('an order of sets takes its samples’ stock with their trace; its cancel puts them back once', async () => {
    const { melati, gaharu, set } = await shop();
    const buyer = await createUser();
    const order = await placeOrder(buyer.cookie, [line(set, 2), line(melati, 1)]);
    expect(order.total_amount).toBeGreaterThan(2 * 120_000);
    expect(await stockOf(melati.variantId)).toBe(4);
    expect(await stockOf(gaharu.variantId)).toBe(1);
    expect(await stockOf(set.variantId)).toBeNull();
    const traces = await env.DB.prepare(
      'SELECT variant_id, from_stock, to_stock, reason FROM stock_changes WHERE order_id = ? ORDER BY variant_id, from_stock DESC',
    )
      .bind(order.id)
      .all();
    expect(traces.results).toEqual(
      [
        { variant_id: gaharu.variantId, from_stock: 3, to_stock: 1, reason: 'order' },
        { variant_id: melati.variantId, from_stock: 7, to_stock: 6, reason: 'order' },
        { variant_id: melati.variantId, from_stock: 6, to_stock: 4, reason: 'order' },
      ].sort((a, b) => (a.variant_id < b.variant_id ? -1 : a.variant_id > b.variant_id ? 1 : 0)),
    );
    // One more set than the fewest sample makes is refused before anything is written.
    const over = await postOrder(buyer.cookie, { items: [line(set, 2)], customer: CUSTOMER });
    expect(over.status).toBe(409);
    expect((await over.json<{ error: { message: string } }>()).error.message).toBe(
      'Stok Set Discovery Uji 10 ml tinggal 1. Ubah jumlah atau hapus produk tersebut dari keranjang.',
    );

    const cancel = () =>
      call(`/api/orders/${order.id}/cancel`, { method: 'POST', cookie: buyer.cookie, json: {} });
    expect((await cancel()).status).toBe(200);
    expect(await stockOf(melati.variantId)).toBe(7);
    expect(await stockOf(gaharu.variantId)).toBe(3);
    expect((await cancel()).status).toBe(409);
    expect(await stockOf(melati.variantId)).toBe(7);
    const back = await env.DB.prepare(
      "SELECT variant_id, from_stock, to_stock FROM stock_changes WHERE order_id = ? AND reason = 'cancel' ORDER BY variant_id, from_stock",
    )
      .bind(order.id)
      .all();
    expect(back.results).toHaveLength(3);
    expect(back.results).toContainEqual({ variant_id: gaharu.variantId, from_stock: 1, to_stock: 3 });
  });

  it('a cancel puts back what the order took, even after the admin recomposed the set', async () => {
    const { admin, melati, gaharu, set } = await shop();
    const other = await productOf('Nilam Uji', 5, 40_000, 2);
    const buyer = await createUser();
    const order = await placeOrder(buyer.cookie, [line(set, 1)]);
    await compose(admin, set.variantId, [
      { variant_id: other.variantId, quantity: 1 },
      { variant_id: gaharu.variantId, quantity: 1 },
    ]);
    const res = await call(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      cookie: buyer.cookie,
      json: {},
    });
    expect(res.status).toBe(200);
    expect([
      await stockOf(melati.variantId),
      await stockOf(gaharu.variantId),
      await stockOf(other.variantId),
    ]).toEqual([7, 3, 2]);
  });

  it('two checkouts for the last sample of a set, both past the stock check: exactly one order', async () => {
    const { gaharu, set } = await shop();
    await env.DB.prepare('UPDATE product_variants SET stock = 1 WHERE id = ?').bind(gaharu.variantId).run();
    const buyers = await Promise.all([createUser(), createUser()]);
    // Both read one set left before either batch runs: only the component's CHECK stops the second.
    const race = racingDb(2, /^select .* from "product_variants"/is);
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        postOrderOn(race.db, buyer.cookie, { items: [line(set)], customer: CUSTOMER }, `set-${i}-balap`),
      ),
    );
    expect(race.held()).toBe(2);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409) as Response;
    expect((await refused.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: 'out_of_stock',
      message: 'Stok Set Discovery Uji 10 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.',
    });
    expect(await stockOf(gaharu.variantId)).toBe(0);
    expect(await env.DB.prepare('SELECT count(DISTINCT order_id) AS n FROM order_set_units').first('n')).toBe(
      1,
    );
    const placed = await (answers.find((res) => res.status === 201) as Response).json<Order>();
    expect(placed.order_items.map((item) => item.variant_id)).toEqual([set.variantId]);
  });

  it('a set emptied is a plain size again, its stock counted from 0; the product form keeps a set uncounted', async () => {
    const { admin, set } = await shop();
    const product = await (await call(`/api/admin/products/${set.productId}`, { cookie: admin.cookie })).json<
      ProductDetail & { variants: { id: string; weight_grams: number }[] }
    >();
    const size = {
      id: set.variantId,
      size_ml: 10,
      price: 125_000,
      expected_stock: '',
      weight_grams: 150,
    };
    const save = (variant: object) =>
      call(`/api/products/${set.productId}`, {
        method: 'PUT',
        cookie: admin.cookie,
        json: {
          name: product.name,
          description: product.description,
          images: [{ url: '/images/uji.webp', widths: [] }],
          variants: [variant],
        },
      });
    expect((await save(size)).status).toBe(200);
    expect(await stockOf(set.variantId)).toBeNull();
    // A stock typed for a set is refused: its stock is its samples'.
    const typed = await save({ ...size, stock: 9 });
    expect(typed.status).toBe(422);
    expect((await typed.json<{ error: { fields: object } }>()).error.fields).toEqual({
      'variants.0.stock': 'Stok set diambil dari stok sampel isinya: ubah stok sampelnya',
    });
    expect(await stockOf(set.variantId)).toBeNull();
    // A new size, or a counted one, cannot leave its stock out.
    const blank = await save({ size_ml: 10, price: 125_000, weight_grams: 150 });
    expect(blank.status).toBe(400);
    expect((await blank.json<{ error: { fields: object } }>()).error.fields).toMatchObject({
      'variants.0.stock': 'Stok harus diisi',
    });
    const res = await compose(admin, set.variantId, []);
    expect(await res.json()).toEqual({ stock: 0, components: [] });
    expect(await stockOf(set.variantId)).toBe(0);
  });
});
