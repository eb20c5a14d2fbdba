import { env } from 'cloudflare:test';
import type {
  CollectionDetail,
  Order,
  Page,
  Product,
  ProductDetail,
  Sale,
  VoucherCheck,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, callInBackground, createUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  postOrder,
  REGULER,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { CACHE_STATUS_HEADER } from '../middleware/edge-cache.ts';
import { moveCacheAtSaleBoundaries } from '../services/sales.ts';

// Timed sales (issue 40, decision 046): the admin's sales, the one sale price every product
// answer and checkout read, the voucher stacking rule and the edge cache moving at a boundary,
// in workerd against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A moment as the admin enters it: WIB, +07:00. */
const wibIso = (ms: number) => `${new Date(ms + 7 * HOUR).toISOString().slice(0, 19)}+07:00`;
/** On now: started an hour ago, ends in an hour. */
const LIVE = () => ({ startsAt: wibIso(Date.now() - HOUR), endsAt: wibIso(Date.now() + HOUR) });

async function newSale(admin: string, json: Record<string, unknown>): Promise<Sale> {
  const res = await call('/api/admin/sales', {
    method: 'POST',
    cookie: admin,
    json: { name: 'Promo Uji', kind: 'percent', value: 20, ...LIVE(), ...json },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Sale>();
}

/** The product's one size as GET /api/products/{id} answers it. */
async function sizeOf(product: TestProduct) {
  const res = await call(`/api/products/${product.id}`);
  expect(res.status).toBe(200);
  const [size] = (await res.json<ProductDetail>()).variants;
  return { price: size?.price, sale_price: size?.sale_price, sale_ends_at: size?.sale_ends_at };
}

const salePrice = async (product: TestProduct) => (await sizeOf(product)).sale_price;

describe('the admin’s sales', () => {
  it('creates with WIB times stored in UTC, lists latest start first, replaces, deletes; refuses bad input in Indonesian', async () => {
    const admin = await createUser('admin');
    const created = await newSale(admin.cookie, {
      name: 'Promo 12.12',
      startsAt: '2027-12-12T00:00:00+07:00',
      endsAt: '2027-12-12T23:59:00+07:00',
      productIds: ['p1'],
    });
    expect(created).toMatchObject({
      name: 'Promo 12.12',
      kind: 'percent',
      value: 20,
      starts_at: '2027-12-11T17:00:00.000Z',
      ends_at: '2027-12-12T16:59:00.000Z',
      product_ids: ['p1'],
      collection_ids: [],
      variant_ids: [],
    });
    const later = await newSale(admin.cookie, {
      name: 'Promo Lebaran',
      startsAt: '2028-03-20T00:00:00+07:00',
      endsAt: '2028-03-25T00:00:00+07:00',
      productIds: ['p1'],
    });
    const page = await (await call('/api/admin/sales?pageSize=10', { cookie: admin.cookie })).json<
      Page<Sale>
    >();
    expect(page.items.map((sale) => sale.id).slice(0, 2)).toEqual([later.id, created.id]);
    const searched = await (await call('/api/admin/sales?q=lebaran', { cookie: admin.cookie })).json<
      Page<Sale>
    >();
    expect(searched.items.map((sale) => sale.id)).toEqual([later.id]);

    const replaced = await call(`/api/admin/sales/${created.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { name: 'Promo 12.12', kind: 'fixed', value: 50_000, ...LIVE(), variantIds: ['v1'] },
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json<Sale>()).toMatchObject({
      kind: 'fixed',
      value: 50_000,
      product_ids: [],
      variant_ids: ['v1'],
    });

    for (const [json, field, message] of [
      [{ value: 100 }, 'value', 'Persentase promo 1–99'],
      [
        { startsAt: wibIso(Date.now()), endsAt: wibIso(Date.now() - MINUTE) },
        'endsAt',
        'Waktu berakhir harus setelah waktu mulai',
      ],
      [{ name: 'x' }, 'name', 'Nama promo minimal 3 karakter'],
      [{ startsAt: '12-12-2027' }, 'startsAt', 'Waktu mulai harus tanggal dan jam yang valid'],
    ] as const) {
      const res = await call('/api/admin/sales', {
        method: 'POST',
        cookie: admin.cookie,
        json: { name: 'Promo Uji', kind: 'percent', value: 20, ...LIVE(), ...json },
      });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.[field]).toBe(message);
    }
    const customer = await createUser('customer');
    expect((await call('/api/admin/sales', { cookie: customer.cookie })).status).toBe(403);

    expect(
      (await call(`/api/admin/sales/${later.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(204);
    expect((await call(`/api/admin/sales/${later.id}`, { cookie: admin.cookie })).status).toBe(404);
    expect(
      (await call(`/api/admin/sales/${later.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(404);
  });
});

describe('the sale price', () => {
  it('is on from its start to its end only, with the end the shopper is told', async () => {
    const admin = await createUser('admin');
    const [during, before, after] = await insertProducts([200_000, 200_000, 200_000]);
    const sale = await newSale(admin.cookie, { productIds: [during?.id] });
    await newSale(admin.cookie, {
      productIds: [before?.id],
      startsAt: wibIso(Date.now() + HOUR),
      endsAt: wibIso(Date.now() + 2 * HOUR),
    });
    await newSale(admin.cookie, {
      productIds: [after?.id],
      startsAt: wibIso(Date.now() - 2 * HOUR),
      endsAt: wibIso(Date.now() - MINUTE),
    });
    expect(await sizeOf(during as TestProduct)).toEqual({
      price: 200_000,
      sale_price: 160_000,
      sale_ends_at: sale.ends_at,
    });
    expect(await sizeOf(before as TestProduct)).toEqual({
      price: 200_000,
      sale_price: null,
      sale_ends_at: null,
    });
    expect(await sizeOf(after as TestProduct)).toEqual({
      price: 200_000,
      sale_price: null,
      sale_ends_at: null,
    });
  });

  it('targets products, collections and sizes; no target takes every size', async () => {
    const admin = await createUser('admin');
    const [byProduct, byCollection, bySize, untouched] = (await insertProducts([
      100_000, 100_000, 100_000, 100_000,
    ])) as TestProduct[] as [TestProduct, TestProduct, TestProduct, TestProduct];
    // A second size of bySize that the sale does not name.
    const other = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 100, 180000, NULL, 10)',
      ).bind(other, bySize.id),
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c-promo', 'promo-uji', 'Promo Uji')"),
      env.DB.prepare(
        "INSERT INTO collection_products (collection_id, product_id, position) VALUES ('c-promo', ?, 0)",
      ).bind(byCollection.id),
    ]);
    await newSale(admin.cookie, { kind: 'fixed', value: 10_000, productIds: [byProduct.id] });
    await newSale(admin.cookie, { kind: 'fixed', value: 20_000, collectionIds: ['c-promo'] });
    await newSale(admin.cookie, { kind: 'fixed', value: 30_000, variantIds: [bySize.variantId] });
    expect(await salePrice(byProduct)).toBe(90_000);
    expect(await salePrice(byCollection)).toBe(80_000);
    expect(await salePrice(untouched)).toBeNull();
    const sizes = (await (await call(`/api/products/${bySize.id}`)).json<ProductDetail>()).variants;
    expect(sizes.map((size) => [size.price, size.sale_price])).toEqual([
      [100_000, 70_000],
      [180_000, null],
    ]);

    // The same price on every read that shows one: the catalogue, a collection, the page's cards.
    const list = await (await call('/api/products?pageSize=50')).json<Page<Product>>();
    expect(list.items.find((p) => p.id === byProduct.id)?.variants[0]?.sale_price).toBe(90_000);
    const collection = await (await call('/api/collections/promo-uji')).json<CollectionDetail>();
    expect(collection.products[0]?.variants[0]?.sale_price).toBe(80_000);

    const everything = await newSale(admin.cookie, { name: 'Semua Produk', value: 5 });
    expect(await salePrice(untouched)).toBe(95_000);
    await call(`/api/admin/sales/${everything.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(await salePrice(untouched)).toBeNull();
  });

  it('of overlapping sales takes the lowest price (equal: the one ending last); rounds a percent’s discount down; a fixed one never above the price', async () => {
    const admin = await createUser('admin');
    const [a, b, c] = (await insertProducts([33_333, 100_000, 25_000])) as [
      TestProduct,
      TestProduct,
      TestProduct,
    ];
    await newSale(admin.cookie, { value: 15, productIds: [a.id] });
    await newSale(admin.cookie, { kind: 'fixed', value: 4_000, productIds: [a.id] });
    // 33,333 − floor(33,333 × 15 / 100) = 33,333 − 4,999 = 28,334 beats 33,333 − 4,000.
    expect(await salePrice(a)).toBe(28_334);

    await newSale(admin.cookie, { value: 10, productIds: [b.id] });
    const longer = await newSale(admin.cookie, {
      kind: 'fixed',
      value: 10_000,
      variantIds: [b.variantId],
      startsAt: wibIso(Date.now() - HOUR),
      endsAt: wibIso(Date.now() + 5 * HOUR),
    });
    expect(await sizeOf(b)).toEqual({ price: 100_000, sale_price: 90_000, sale_ends_at: longer.ends_at });

    await newSale(admin.cookie, { kind: 'fixed', value: 25_000, productIds: [c.id] });
    expect(await salePrice(c)).toBeNull();
  });
});

describe('the product page during a sale', () => {
  it("offers each size at its sale price until the sale's end in the JSON-LD", async () => {
    const admin = await createUser('admin');
    const [product] = (await insertProducts([300_000])) as [TestProduct];
    const sale = await newSale(admin.cookie, { value: 10, variantIds: [product.variantId] });
    const html = await (await call(`/product/${product.id}`)).text();
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
    );
    expect(jsonLd.offers).toEqual([
      expect.objectContaining({ price: '270000', priceValidUntil: sale.ends_at.slice(0, 10) }),
    ]);
  });
});

describe('checkout during a sale', () => {
  it('charges the sale price (the browser names only sizes), and the regular one once the sale is gone', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    const [product] = (await insertProducts([150_000])) as [TestProduct];
    const sale = await newSale(admin.cookie, { value: 30, productIds: [product.id] });
    const res = await postOrder(customer.cookie, { items: cart([product], 2), customer: CUSTOMER });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = await res.json<Order>();
    expect(order.order_items[0]).toMatchObject({ product_price: 105_000, quantity: 2 });
    expect(order.total_amount).toBe(210_000 + REGULER.baseFee + REGULER.perItemFee + order.unique_code);

    // A price in the body is not the browser's to set: the schema refuses it.
    const priced = await postOrder(customer.cookie, {
      items: [{ ...cart([product])[0], price: 1 }],
      customer: CUSTOMER,
    });
    expect(priced.status).toBe(400);

    await call(`/api/admin/sales/${sale.id}`, { method: 'DELETE', cookie: admin.cookie });
    const after = await postOrder(customer.cookie, { items: cart([product]), customer: CUSTOMER });
    expect((await after.json<Order>()).order_items[0]?.product_price).toBe(150_000);
  });

  it('a voucher that does not combine with sales skips sale-priced lines, and refuses a cart of only those', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    const [onSale, regular] = (await insertProducts([200_000, 100_000])) as [TestProduct, TestProduct];
    await newSale(admin.cookie, { value: 25, productIds: [onSale.id] });
    for (const [code, combinesWithSale] of [
      ['TANPAPROMO', false],
      ['DENGANPROMO', true],
    ] as const) {
      const made = await call('/api/admin/vouchers', {
        method: 'POST',
        cookie: admin.cookie,
        json: { code, kind: 'percent', value: 10, combinesWithSale },
      });
      expect(made.status).toBe(201);
    }
    const check = (voucherCode: string, products: TestProduct[]) =>
      call('/api/vouchers/check', {
        method: 'POST',
        cookie: customer.cookie,
        json: { voucherCode, items: cart(products) },
      });
    // Sale line 150,000 and regular 100,000: 10% of the regular only, or of both at the sale price.
    expect(await (await check('TANPAPROMO', [onSale, regular])).json<VoucherCheck>()).toMatchObject({
      discount_amount: 10_000,
      subtotal_amount: 250_000,
    });
    expect(await (await check('DENGANPROMO', [onSale, regular])).json<VoucherCheck>()).toMatchObject({
      discount_amount: 25_000,
    });
    const refused = await check('TANPAPROMO', [onSale]);
    expect(refused.status).toBe(422);
    expect((await refused.json<ErrorBody>()).error).toEqual({
      code: 'voucher_not_applicable',
      message: 'Voucher ini tidak berlaku untuk produk yang sedang promo.',
      fields: { voucherCode: 'Voucher ini tidak berlaku untuk produk yang sedang promo.' },
    });

    // The order prices it the same way, in its batch.
    const placed = await postOrder(customer.cookie, {
      items: cart([onSale, regular]),
      customer: CUSTOMER,
      voucherCode: 'TANPAPROMO',
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = await placed.json<Order>();
    expect(order).toMatchObject({ voucher_code: 'TANPAPROMO', discount_amount: 10_000 });
    expect(order.total_amount).toBe(
      250_000 - 10_000 + REGULER.baseFee + REGULER.perItemFee + order.unique_code,
    );
    const alone = await postOrder(customer.cookie, {
      items: cart([onSale]),
      customer: CUSTOMER,
      voucherCode: 'TANPAPROMO',
    });
    expect(alone.status).toBe(422);
    expect((await alone.json<ErrorBody>()).error.code).toBe('voucher_not_applicable');
  });
});

describe('the edge cache at a sale’s start and end', () => {
  const token = async () =>
    (await env.DB.prepare('SELECT token FROM cache_version WHERE id = 1').first<{ token: string }>())?.token;

  it('the Cron draws a new token when a start or an end passed since its last run, and only then', async () => {
    const at = (ms: number) => new Date(ms);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO sales (id, name, kind, value, starts_at, ends_at, product_ids, created_at, updated_at) VALUES ('batas', 'Batas', 'percent', 10, ?, ?, '[\"tidak-ada\"]', ?, ?)",
    )
      .bind(
        at(now + 10 * MINUTE).toISOString(),
        at(now + 20 * MINUTE).toISOString(),
        at(now).toISOString(),
        at(now).toISOString(),
      )
      .run();
    await moveCacheAtSaleBoundaries(env, at(now));
    const first = await token();
    await moveCacheAtSaleBoundaries(env, at(now + 9 * MINUTE));
    expect(await token()).toBe(first);
    // The start passes between two runs.
    await moveCacheAtSaleBoundaries(env, at(now + 10 * MINUTE));
    const started = await token();
    expect(started).not.toBe(first);
    await moveCacheAtSaleBoundaries(env, at(now + 11 * MINUTE));
    expect(await token()).toBe(started);
    // A run that came late still sees the end it missed.
    await moveCacheAtSaleBoundaries(env, at(now + 25 * MINUTE));
    expect(await token()).not.toBe(started);
  });

  it('a guest’s cached product shows the sale from the run after its start and not after the run after its end', async () => {
    const [product] = (await insertProducts([120_000])) as [TestProduct];
    const start = Date.now() + 1_500;
    const end = start + 1_500;
    await env.DB.prepare(
      "INSERT INTO sales (id, name, kind, value, starts_at, ends_at, product_ids, created_at, updated_at) VALUES ('sebentar', 'Sebentar', 'percent', 50, ?, ?, json_array(?), ?, ?)",
    )
      .bind(
        new Date(start).toISOString(),
        new Date(end).toISOString(),
        product.id,
        new Date().toISOString(),
        new Date().toISOString(),
      )
      .run();
    await moveCacheAtSaleBoundaries(env, new Date());
    const guest = async () => {
      const { res, settled } = await callInBackground(`/api/products/${product.id}`);
      await settled;
      return {
        cache: res.headers.get(CACHE_STATUS_HEADER),
        sale: (await res.json<ProductDetail>()).variants[0]?.sale_price,
      };
    };
    const sleepUntil = (ms: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now()) + 200));
    expect(await guest()).toEqual({ cache: 'miss', sale: null });
    expect(await guest()).toEqual({ cache: 'hit', sale: null });

    await sleepUntil(start);
    // Without the Cron's run the cached answer would stay: this is what it moves.
    expect(await guest()).toEqual({ cache: 'hit', sale: null });
    await moveCacheAtSaleBoundaries(env, new Date());
    expect(await guest()).toEqual({ cache: 'miss', sale: 60_000 });
    expect(await guest()).toEqual({ cache: 'hit', sale: 60_000 });

    await sleepUntil(end);
    await moveCacheAtSaleBoundaries(env, new Date());
    expect(await guest()).toEqual({ cache: 'miss', sale: null });
  });
});
