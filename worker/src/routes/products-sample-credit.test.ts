import { env } from 'cloudflare:test';
import type { AdminProductDetail, ImportReport } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { compose, productOf } from '../../test/set-fixtures.ts';
import { csvRow } from '../lib/csv.ts';

// The product form's 'Kredit Sampel (Rp)' (decision 061 part B): saved on a sample size or a
// discovery set, refused on a full bottle, read back by the admin, a price a role without
// 'prices-stock' may not change, untouched by the CSV import. In workerd against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const NOT_SAMPLE = 'Kredit Sampel hanya untuk ukuran sampel (paling besar 10 ml) atau set discovery';

const size = (size_ml: number, price: number, more: Record<string, unknown> = {}) => ({
  size_ml,
  price,
  stock: 5,
  sku: null,
  weight_grams: 270,
  ...more,
});

const body = (variants: unknown[]) => ({
  name: 'Melati Senja',
  description: 'Melati putih dengan kayu cendana yang hangat.',
  image: '/images/melati.webp',
  variants,
});

const creditOf = (product: AdminProductDetail) =>
  product.variants.map((variant) => [variant.size_ml, variant.sample_credit]);

/** The admin's editor as it saves what it read, with `change(size)` made to each size. */
const resave = (
  cookie: string,
  product: AdminProductDetail,
  change: (variant: AdminProductDetail['variants'][number]) => Record<string, unknown> = () => ({}),
) =>
  call(`/api/products/${product.id}`, {
    method: 'PUT',
    cookie,
    json: {
      ...body([]),
      variants: product.variants.map((variant) => ({
        id: variant.id,
        size_ml: variant.size_ml,
        price: variant.price,
        stock: variant.contents ? null : variant.stock,
        expected_stock: variant.contents ? null : variant.stock,
        sku: variant.sku,
        weight_grams: variant.weight_grams,
        sample_credit: variant.sample_credit,
        ...change(variant),
      })),
    },
  });

const adminRead = async (cookie: string, id: string) =>
  (await call(`/api/admin/products/${id}`, { cookie })).json<AdminProductDetail>();

describe("the size's 'Kredit Sampel (Rp)'", () => {
  it('is saved on a sample size (blank = the price paid) and read back by the admin', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: body([
        size(2, 35_000, { sample_credit: 30_000 }),
        size(5, 60_000, { sample_credit: '' }),
        size(50, 450_000),
      ]),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json<AdminProductDetail>();
    expect(creditOf(created)).toEqual([
      [2, 30_000],
      [5, null],
      [50, null],
    ]);
    // 0: no credit; the storefront's answer never shows the admin's amount.
    const saved = await resave(admin.cookie, created, (v) => (v.size_ml === 5 ? { sample_credit: 0 } : {}));
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(creditOf(await adminRead(admin.cookie, created.id))).toEqual([
      [2, 30_000],
      [5, 0],
      [50, null],
    ]);
    const shop = await (await call(`/api/products/${created.id}`)).json<{ variants: object[] }>();
    expect(shop.variants[0]).not.toHaveProperty('sample_credit');
  });

  it('is refused (422, naming the size, nothing written) on a full bottle, and allowed on a set of any size', async () => {
    const admin = await createUser('owner');
    const products = await countRows('products');
    const refused = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: body([size(2, 35_000), size(30, 250_000, { sample_credit: 0 })]),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json<ErrorBody>()).error).toEqual({
      code: 'sample_credit_not_sample',
      message: NOT_SAMPLE,
      fields: { 'variants.1.sample_credit': NOT_SAMPLE },
    });
    expect(await countRows('products')).toBe(products);

    // A 30 ml set of two samples is a credit's source; the bottle beside it is not.
    const melati = await productOf('Melati Uji', 2, 35_000, 7);
    const gaharu = await productOf('Gaharu Uji', 2, 45_000, 3);
    const set = await productOf('Set Discovery Uji', 30, 120_000, 4);
    await env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, 100, 900000, 3, 10)',
    )
      .bind(crypto.randomUUID(), set.productId)
      .run();
    const composed = await compose(admin, set.variantId, [
      { variant_id: melati.variantId, quantity: 1 },
      { variant_id: gaharu.variantId, quantity: 1 },
    ]);
    expect(composed.status).toBe(200);
    const read = await adminRead(admin.cookie, set.productId);
    const onSet = await resave(admin.cookie, read, (v) =>
      v.size_ml === 30 ? { sample_credit: 100_000 } : {},
    );
    expect(onSet.status, await onSet.clone().text()).toBe(200);
    const onBottle = await resave(admin.cookie, await adminRead(admin.cookie, set.productId), (v) =>
      v.size_ml === 100 ? { sample_credit: 50_000 } : {},
    );
    expect(onBottle.status).toBe(422);
    expect((await onBottle.json<ErrorBody>()).error.fields).toEqual({
      'variants.1.sample_credit': NOT_SAMPLE,
    });
    expect(creditOf(await adminRead(admin.cookie, set.productId))).toEqual([
      [30, 100_000],
      [100, null],
    ]);
  });

  it("is money off a bottle: a role without 'prices-stock' may send it back unchanged, not change it", async () => {
    const owner = await createUser('owner');
    const editor = await createUser('content_editor');
    const created = await (
      await call('/api/products', {
        method: 'POST',
        cookie: owner.cookie,
        json: body([size(2, 35_000, { sample_credit: 20_000 })]),
      })
    ).json<AdminProductDetail>();
    expect((await resave(editor.cookie, created)).status).toBe(200);
    const changed = await resave(editor.cookie, created, () => ({ sample_credit: 35_000 }));
    expect(changed.status).toBe(403);
    expect((await changed.json<ErrorBody>()).error.code).toBe('prices_stock_forbidden');
    expect(creditOf(await adminRead(owner.cookie, created.id))).toEqual([[2, 20_000]]);
  });

  it('stays as saved when the CSV import changes the size’s price', async () => {
    const admin = await createUser('admin');
    const created = await (
      await call('/api/products', {
        method: 'POST',
        cookie: admin.cookie,
        json: body([size(2, 35_000, { sample_credit: 20_000, sku: 'MELATI-2' }), size(50, 450_000)]),
      })
    ).json<AdminProductDetail>();
    const csv = [
      ['SKU', 'Nama Produk', 'Deskripsi', 'Ukuran (ml)', 'Harga (Rp)', 'Stok', 'Berat (gram)', 'Foto'],
      ['MELATI-2', 'Melati Senja', '', '2', '40000', '5', '270', ''],
    ]
      .map(csvRow)
      .join('');
    const res = await call('/api/admin/imports/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: { csv },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<ImportReport>()).written).toBe(1);
    const after = await adminRead(admin.cookie, created.id);
    expect(after.variants.map((v) => [v.size_ml, v.price, v.sample_credit])).toEqual([
      [2, 40_000, 20_000],
      [50, 450_000, null],
    ]);
  });
});
