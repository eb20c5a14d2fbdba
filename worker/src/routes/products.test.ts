import { env } from 'cloudflare:test';
import type { Page, Product } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';

/** A product body sold in one 50 ml size at `price`, as the admin types it. */
const priced = (price: unknown) => ({
  name: 'Oud Royale',
  description: 'Kayu oud Kamboja dengan sentuhan mawar Taif dan amber.',
  image: '/images/oud-royale.webp',
  variants: [{ size_ml: 50, price, stock: 12, sku: null, weight_grams: 270 }],
});
const valid = priced('Rp 1.599.000');

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Rows with distinct, known timestamps: product i is i minutes after the first. */
async function insertProducts(names: string[]) {
  await env.DB.batch(
    names.flatMap((name, i) => [
      env.DB.prepare(
        'INSERT INTO products (id, name, description, price, image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).bind(
        `p${String(i).padStart(2, '0')}`,
        name,
        'Deskripsi parfum yang cukup panjang.',
        229_000 + i * 1000,
        '/images/contoh.webp',
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      ),
      env.DB.prepare(
        'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, 50, ?, 5)',
      ).bind(`v${String(i).padStart(2, '0')}`, `p${String(i).padStart(2, '0')}`, 229_000 + i * 1000),
    ]),
  );
}

const list = async (query = '') => {
  const res = await call(`/api/products${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page<Product>;
};

/** The first page of nothing, as the default page size answers it. */
const empty = { items: [], total: 0, totalCapped: false, page: 1, pageSize: 10, nextCursor: null };

describe('GET /api/products', () => {
  it('answers an empty page when there are no products', async () => {
    expect(await list()).toEqual(empty);
  });

  it('lists newest first and pages with a total', async () => {
    await insertProducts(Array.from({ length: 12 }, (_, i) => `Parfum Nomor ${i}`));
    const first = await list();
    expect(first.total).toBe(12);
    expect(first.items.map((p) => p.id)).toEqual([
      'p11',
      'p10',
      'p09',
      'p08',
      'p07',
      'p06',
      'p05',
      'p04',
      'p03',
      'p02',
    ]);
    const second = await list('?page=2&pageSize=10');
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(second.items.map((p) => p.id)).toEqual(['p01', 'p00']);
    expect((await list('?pageSize=25')).items).toHaveLength(12);
    expect((await list('?page=3')).items).toEqual([]);
  });

  it('gives the home page its 3 newest with limit', async () => {
    await insertProducts(['Satu Parfum', 'Dua Parfum', 'Tiga Parfum', 'Empat Parfum']);
    const home = await list('?limit=3');
    expect(home).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(home.items.map((p) => p.name)).toEqual(['Empat Parfum', 'Tiga Parfum', 'Dua Parfum']);
  });

  it('searches names case-insensitively, with the total of the matches', async () => {
    await insertProducts([
      'Mawar Sultana',
      'Citrus Bloom',
      'Rose Mawar Putih',
      'Oud 100% Murni',
      'Oud Royale',
    ]);
    const roses = await list('?q=MAWAR');
    expect(roses.total).toBe(2);
    // Best match first: the shorter name is more about 'mawar' (FTS5 bm25).
    expect(roses.items.map((p) => p.name)).toEqual(['Mawar Sultana', 'Rose Mawar Putih']);
    // '%' and '_' are literal characters, not LIKE wildcards.
    expect((await list(`?q=${encodeURIComponent('100%')}`)).items.map((p) => p.name)).toEqual([
      'Oud 100% Murni',
    ]);
    expect((await list('?q=_')).total).toBe(0);
    expect(await list('?q=tidak-ada')).toEqual(empty);
  });

  it('refuses page sizes other than 10, 25 and 50 and limits outside 1..50', async () => {
    const res = await call('/api/products?pageSize=7');
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Ukuran halaman harus 10, 25 atau 50');
    expect((await call('/api/products?limit=0')).status).toBe(400);
    expect((await call('/api/products?limit=51')).status).toBe(400);
    expect((await call('/api/products?page=0')).status).toBe(400);
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product with the spec field names', async () => {
    await insertProducts(['Citrus Bloom']);
    const res = await call('/api/products/p00');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'p00',
      name: 'Citrus Bloom',
      description: 'Deskripsi parfum yang cukup panjang.',
      price: 229_000,
      image: '/images/contoh.webp',
      image_widths: [],
      concentration: null,
      gender: null,
      variants: [
        {
          id: 'v00',
          size_ml: 50,
          price: 229_000,
          stock: 5,
          sku: null,
          max_per_order: 5,
          sale_price: null,
          sale_ends_at: null,
          // A plain size, not a discovery set (decision 061).
          contents: null,
        },
      ],
      // No published review yet.
      rating: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      // A product written straight into products (as before decision 017) shows its one photo.
      images: [{ url: '/images/contoh.webp', widths: [] }],
      notes: { top: [], heart: [], base: [] },
      trust_marks: null,
    });
  });

  it('answers 404 with the spec message for an unknown id', async () => {
    const res = await call('/api/products/tidak-ada');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Produk tidak ditemukan.' } });
  });
});

describe('POST /api/products', () => {
  it('stores the typed price as integer rupiah and answers 201 with the row', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/products', { method: 'POST', json: valid, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const product = (await res.json()) as Product;
    expect(product).toMatchObject({
      name: 'Oud Royale',
      description: valid.description,
      price: 1_599_000,
      image: '/images/oud-royale.webp',
    });
    expect(Object.keys(product).sort()).toEqual(
      [
        'created_at',
        'description',
        'id',
        'image',
        'image_widths',
        'images',
        'name',
        'notes',
        'price',
        'rating',
        'concentration',
        'gender',
        'trust_marks',
        'updated_at',
        'variants',
      ].sort(),
    );
    const row = await env.DB.prepare('SELECT price, typeof(price) AS kind FROM products WHERE id = ?')
      .bind(product.id)
      .first();
    expect(row).toEqual({ price: 1_599_000, kind: 'integer' });
    expect(((await (await call(`/api/products/${product.id}`)).json()) as Product).price).toBe(1_599_000);
  });

  it('accepts a numeric price and trims text', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/products', {
      method: 'POST',
      json: { ...priced(229_000), name: '  Citrus Bloom  ' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Citrus Bloom', price: 229_000 });
  });

  it('answers the product.md §5 messages and writes nothing for bad input', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/products', {
      method: 'POST',
      json: { ...priced(''), name: ' ab ', description: 'terlalu', image: '/images/a.webp' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Nama produk minimal 3 karakter');
    expect(error.fields).toEqual({
      name: 'Nama produk minimal 3 karakter',
      description: 'Deskripsi produk minimal 10 karakter',
      'variants.0.price': 'Harga tidak boleh kosong',
    });
    // A price with no digits at all is as empty as no price.
    const noDigits = await call('/api/products', {
      method: 'POST',
      json: priced('Rp '),
      cookie: admin.cookie,
    });
    expect(((await noDigits.json()) as ErrorBody).error.fields).toEqual({
      'variants.0.price': 'Harga tidak boleh kosong',
    });
    const noImage = await call('/api/products', {
      method: 'POST',
      json: { ...valid, image: '' },
      cookie: admin.cookie,
    });
    expect(((await noImage.json()) as ErrorBody).error.fields).toEqual({ image: 'Gambar diperlukan' });
    const scriptImage = await call('/api/products', {
      method: 'POST',
      json: { ...valid, image: 'javascript:alert(1)' },
      cookie: admin.cookie,
    });
    expect(((await scriptImage.json()) as ErrorBody).error.fields).toEqual({
      image: 'URL gambar tidak valid',
    });
    expect(await countRows('products')).toBe(0);
  });

  it('refuses a price that is not a rupiah amount instead of keeping its digits', async () => {
    const admin = await createUser('admin');
    for (const price of ['-500', '12.5', '1e9', 'abc']) {
      const res = await call('/api/products', {
        method: 'POST',
        json: priced(price),
        cookie: admin.cookie,
      });
      expect(res.status, price).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields, price).toEqual({
        'variants.0.price': 'Harga harus berupa angka rupiah, contoh: Rp 250.000',
      });
    }
    expect(await countRows('products')).toBe(0);
    for (const price of ['Rp 250.000', '250.000', '250000']) {
      const res = await call('/api/products', {
        method: 'POST',
        json: priced(price),
        cookie: admin.cookie,
      });
      expect(await res.json()).toMatchObject({ price: 250_000 });
    }
  });
});

describe('PUT /api/products/:id', () => {
  it('replaces the fields and sets updated_at, keeping created_at', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom']);
    const res = await call('/api/products/p00', {
      method: 'PUT',
      json: { ...priced('Rp 259.000'), name: 'Citrus Bloom Intense' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const product = (await res.json()) as Product;
    expect(product).toMatchObject({
      id: 'p00',
      name: 'Citrus Bloom Intense',
      price: 259_000,
      description: valid.description,
      image: valid.image,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(product.updated_at > product.created_at).toBe(true);
    expect(Date.now() - Date.parse(product.updated_at)).toBeLessThan(60_000);
    // The admin's editor reads back what the save answered.
    expect(await (await call('/api/admin/products/p00', { cookie: admin.cookie })).json()).toEqual(product);
  });

  it('answers 404 for an unknown id and 400 for bad input', async () => {
    const admin = await createUser('admin');
    const missing = await call('/api/products/tidak-ada', {
      method: 'PUT',
      json: valid,
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe('Produk tidak ditemukan.');
    await insertProducts(['Citrus Bloom']);
    const bad = await call('/api/products/p00', {
      method: 'PUT',
      json: { ...valid, description: 'pendek' },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toBe('Deskripsi produk minimal 10 karakter');
  });
});

describe('DELETE /api/products/:id', () => {
  it('deletes the product and its collection memberships', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom', 'Oud Royale']);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c1', 'citrus', 'Aroma Citrus')"),
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c1', 'p00')"),
    ]);
    const res = await call('/api/products/p00', { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    expect((await call('/api/products/p00')).status).toBe(404);
    expect(await countRows('products')).toBe(1);
    expect(await countRows('collection_products')).toBe(0);
    const again = await call('/api/products/p00', { method: 'DELETE', cookie: admin.cookie });
    expect(again.status).toBe(404);
  });
});

describe('product writes need an admin', () => {
  it('answers 401 to a guest and 403 to a customer, changing nothing', async () => {
    await insertProducts(['Citrus Bloom']);
    const customer = await createUser('customer');
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/products', valid],
      ['PUT', '/api/products/p00', valid],
      ['DELETE', '/api/products/p00', undefined],
    ];
    for (const [method, path, json] of attempts) {
      expect((await call(path, { method, json })).status, `${method} guest`).toBe(401);
      const res = await call(path, { method, json, cookie: customer.cookie });
      expect(res.status, `${method} customer`).toBe(403);
      expect(((await res.json()) as ErrorBody).error.code).toBe('forbidden');
    }
    expect(await countRows('products')).toBe(1);
    expect(((await (await call('/api/products/p00')).json()) as Product).name).toBe('Citrus Bloom');
  });
});
