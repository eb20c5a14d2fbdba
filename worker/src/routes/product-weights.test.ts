import { env } from 'cloudflare:test';
import type { AdminProductDetail, EstimatedWeightItem, Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';

// Decision 032: every size has a shipping weight the admin enters; sizes written before
// migration 0029 carry its estimate, flagged, until the admin saves the real one.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const product = (variant: Record<string, unknown>) => ({
  name: 'Oud Royale',
  description: 'Kayu oud Kamboja dengan sentuhan mawar Taif dan amber.',
  image: '/images/oud-royale.webp',
  variants: [{ size_ml: 50, price: 1_599_000, stock: 12, sku: null, ...variant }],
});

const admin = async () => (await createUser('admin')).cookie;

/** A product and its sizes as written before migration 0029's weights: no weight given. */
async function legacyProduct(id: string, name: string, sizes: (number | null)[]) {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image) VALUES (?, ?, 'Deskripsi parfum yang cukup panjang.', 1000, '/images/x.webp')",
    ).bind(id, name),
    ...sizes.map((ml, i) =>
      env.DB.prepare(
        'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, ?, 1000, 5)',
      ).bind(`${id}-v${i}`, id, ml),
    ),
  ]);
}

describe('a size’s shipping weight', () => {
  it('is required on a save: a clear Indonesian message, a 400 and nothing written', async () => {
    const cookie = await admin();
    const res = await call('/api/products', { method: 'POST', cookie, json: product({}) });
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.error.fields).toEqual({ 'variants.0.weight_grams': 'Berat harus diisi dalam gram' });
    expect(await countRows('products')).toBe(0);
    expect(await countRows('product_variants')).toBe(0);
  });

  it('refuses an absurd weight or box side', async () => {
    const cookie = await admin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weight_grams: 0 }, 'variants.0.weight_grams', 'Berat minimal 1 gram'],
      [{ weight_grams: 40_000 }, 'variants.0.weight_grams', 'Berat maksimal 30.000 gram (30 kg)'],
      [{ weight_grams: 12.5 }, 'variants.0.weight_grams', 'Berat harus bilangan bulat (gram)'],
      [{ weight_grams: 270, width_cm: 0 }, 'variants.0.width_cm', 'Ukuran minimal 1 cm'],
      [{ weight_grams: 270, height_cm: 151 }, 'variants.0.height_cm', 'Ukuran maksimal 150 cm'],
    ];
    for (const [variant, field, message] of cases) {
      const res = await call('/api/products', { method: 'POST', cookie, json: product(variant) });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields).toEqual({ [field]: message });
    }
    expect(await countRows('product_variants')).toBe(0);
  });

  it('is stored with the box and read back by the admin, not by the shopper', async () => {
    const cookie = await admin();
    const res = await call('/api/products', {
      method: 'POST',
      cookie,
      json: product({ weight_grams: '270', length_cm: 6, width_cm: '6', height_cm: '' }),
    });
    expect(res.status).toBe(201);
    const saved = await res.json<AdminProductDetail>();
    expect(saved.variants[0]).toMatchObject({
      weight_grams: 270,
      weight_estimated: false,
      length_cm: 6,
      width_cm: 6,
      height_cm: null,
    });
    const read = await call(`/api/admin/products/${saved.id}`, { cookie });
    expect(read.status).toBe(200);
    expect((await read.json<AdminProductDetail>()).variants).toEqual(saved.variants);
    // The storefront's answer carries no weight or box (a size's live sale is its, decision 046;
    // a discovery set's contents too, decision 061).
    const shown = await (await call(`/api/products/${saved.id}`)).json<AdminProductDetail>();
    expect(Object.keys(shown.variants[0] ?? {}).sort()).toEqual(
      [
        'contents',
        'id',
        'max_per_order',
        'price',
        'sale_ends_at',
        'sale_price',
        'size_ml',
        'sku',
        'stock',
      ].sort(),
    );
  });

  it('given by the admin clears the estimate flag', async () => {
    await legacyProduct('p1', 'Oud Royale', [50, 100]);
    const cookie = await admin();
    const before = await (await call('/api/admin/products/p1', { cookie })).json<AdminProductDetail>();
    expect(before.variants.map((v) => [v.weight_grams, v.weight_estimated])).toEqual([
      [300, true],
      [300, true],
    ]);
    const res = await call('/api/products/p1', {
      method: 'PUT',
      cookie,
      json: product({ id: 'p1-v0', expected_stock: 5, stock: 5, weight_grams: 270 }),
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT weight_grams, weight_estimated FROM product_variants WHERE id = 'p1-v0'",
    ).first();
    expect(row).toEqual({ weight_grams: 270, weight_estimated: 0 });
  });
});

describe('migration 0029', () => {
  it('estimates an existing size at 120 g + 3 g/ml (300 g without a size) and flags it', async () => {
    await legacyProduct('p1', 'Oud Royale', [50, null]);
    await env.DB.exec('UPDATE product_variants SET weight_grams = 999, weight_estimated = 0');
    const update = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0029'))?.queries.find((q) =>
      q.trimStart().startsWith('UPDATE product_variants'),
    );
    expect(update).toBeDefined();
    await env.DB.prepare(update as string).run();
    const { results } = await env.DB.prepare(
      'SELECT size_ml, weight_grams, weight_estimated FROM product_variants ORDER BY id',
    ).all();
    expect(results).toEqual([
      { size_ml: 50, weight_grams: 270, weight_estimated: 1 },
      { size_ml: null, weight_grams: 300, weight_estimated: 1 },
    ]);
  });
});

describe('GET /api/admin/products/estimated-weights', () => {
  const list = async (cookie: string, query = '') => {
    const res = await call(`/api/admin/products/estimated-weights${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.json<Page<EstimatedWeightItem>>();
  };

  it('pages the sizes whose weight is still the estimate, by product, for admins only', async () => {
    await legacyProduct('p1', 'Oud Royale', [30, 50, 100]);
    await legacyProduct('p2', 'Citrus Bloom', [50]);
    await env.DB.exec("UPDATE product_variants SET weight_estimated = 0 WHERE id = 'p1-v1'");
    const cookie = await admin();
    const first = await list(cookie, '?pageSize=10');
    expect(first.total).toBe(3);
    expect(first.items).toEqual([
      { product_id: 'p1', product_name: 'Oud Royale', variant_id: 'p1-v0', size_ml: 30, weight_grams: 300 },
      { product_id: 'p1', product_name: 'Oud Royale', variant_id: 'p1-v2', size_ml: 100, weight_grams: 300 },
      { product_id: 'p2', product_name: 'Citrus Bloom', variant_id: 'p2-v0', size_ml: 50, weight_grams: 300 },
    ]);
    expect((await list(cookie, '?page=2&pageSize=10')).items).toEqual([]);

    expect((await call('/api/admin/products/estimated-weights')).status).toBe(401);
    const customer = await createUser('customer');
    expect((await call('/api/admin/products/estimated-weights', { cookie: customer.cookie })).status).toBe(
      403,
    );
    expect((await call('/api/admin/products/p1', { cookie: customer.cookie })).status).toBe(403);
  });
});
