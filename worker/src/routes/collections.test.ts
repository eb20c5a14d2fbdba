import { env } from 'cloudflare:test';
import type { Collection, CollectionDetail, Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function insertProducts(names: string[]) {
  await env.DB.batch(
    names.map((name, i) =>
      env.DB.prepare(
        'INSERT INTO products (id, name, description, price, image) VALUES (?, ?, ?, ?, ?)',
      ).bind(`p${i}`, name, 'Deskripsi parfum yang cukup panjang.', 229_000, '/images/contoh.webp'),
    ),
  );
}

async function insertCollections(slugs: string[]) {
  await env.DB.batch(
    slugs.map((slug, i) =>
      env.DB.prepare('INSERT INTO collections (id, slug, name, created_at) VALUES (?, ?, ?, ?)').bind(
        `c${i}`,
        slug,
        `Koleksi ${slug}`,
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      ),
    ),
  );
}

const detail = async (slug: string) => {
  const res = await call(`/api/collections/${slug}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CollectionDetail;
};

const memberships = async () =>
  (
    await env.DB.prepare(
      'SELECT collection_id, product_id, position FROM collection_products ORDER BY collection_id, position',
    ).all()
  ).results;

describe('GET /api/collections', () => {
  it('lists newest first with product counts, paged', async () => {
    await insertProducts(['Citrus Bloom', 'Oud Royale']);
    await insertCollections(Array.from({ length: 12 }, (_, i) => `koleksi-${i}`));
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c11', 'p0')"),
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c11', 'p1')"),
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c10', 'p1')"),
    ]);
    const res = await call('/api/collections');
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page<Collection>;
    expect(page).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page.items.map((c) => c.id)).toEqual([
      'c11',
      'c10',
      'c9',
      'c8',
      'c7',
      'c6',
      'c5',
      'c4',
      'c3',
      'c2',
    ]);
    expect(page.items.map((c) => c.product_count).slice(0, 3)).toEqual([2, 1, 0]);
    expect(page.items[0]).toEqual({
      id: 'c11',
      slug: 'koleksi-11',
      name: 'Koleksi koleksi-11',
      description: null,
      image: null,
      created_at: '2025-01-01T00:11:00.000Z',
      product_count: 2,
    });
    const second = (await (await call('/api/collections?page=2')).json()) as Page<Collection>;
    expect(second.items.map((c) => c.id)).toEqual(['c1', 'c0']);
    const found = (await (await call('/api/collections?q=KOLEKSI-1')).json()) as Page<Collection>;
    expect(found.items.map((c) => c.id)).toEqual(['c11', 'c10', 'c1']);
    expect(found.total).toBe(3);
  });
});

describe('GET /api/collections/:slug', () => {
  it('answers the collection with its products by position, then name', async () => {
    await insertProducts(['Zamrud Hijau', 'Amber Imperium', 'Melati Malam']);
    await insertCollections(['signature']);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p0', 0)"),
      env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p1', 0)"),
      env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p2', -1)"),
    ]);
    const collection = await detail('signature');
    expect(collection).toMatchObject({ id: 'c0', slug: 'signature', product_count: 3 });
    expect(collection.products.map((p) => p.name)).toEqual([
      'Melati Malam',
      'Amber Imperium',
      'Zamrud Hijau',
    ]);
    expect(Object.keys(collection.products[0] ?? {}).sort()).toEqual(
      [
        'concentration',
        'created_at',
        'description',
        'gender',
        'id',
        'image',
        'image_widths',
        'name',
        'price',
        'rating',
        'updated_at',
        'variants',
      ].sort(),
    );
  });

  it("answers one page of the products at a time, and all of them only up to a collection's limit", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Parfum ${String(i).padStart(2, '0')}`);
    await insertProducts(names);
    await insertCollections(['signature']);
    await env.DB.batch(
      names.map((_, i) =>
        env.DB.prepare('INSERT INTO collection_products VALUES (?, ?, ?)').bind('c0', `p${i}`, i),
      ),
    );
    const page = async (query: string) => {
      const res = await call(`/api/collections/signature${query}`);
      expect(res.status, query).toBe(200);
      const body = (await res.json()) as CollectionDetail;
      return { ...body, names: body.products.map((p) => p.name) };
    };
    const first = await page('');
    expect(first).toMatchObject({ product_count: 30, page: 1, pageSize: 25 });
    expect(first.names).toEqual(names.slice(0, 25));
    const second = await page('?page=2&pageSize=25');
    expect(second).toMatchObject({ product_count: 30, page: 2, pageSize: 25 });
    expect(second.names).toEqual(names.slice(25));
    expect((await page('?pageSize=10&page=3')).names).toEqual(names.slice(20, 30));
    // The admin editor reads the whole membership, which a save caps at 200.
    expect((await page('?pageSize=200')).names).toEqual(names);
    for (const query of ['?pageSize=1000', '?pageSize=20', '?page=0']) {
      const res = await call(`/api/collections/signature${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('answers 404 with the spec message for an unknown slug', async () => {
    const res = await call('/api/collections/tidak-ada');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Koleksi tidak ditemukan' } });
  });
});

describe('POST /api/collections', () => {
  it('trims the name, stores empty description and image as null and makes a slug', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/collections', {
      method: 'POST',
      json: { name: '  Édition Spéciale 2025!  ', description: '   ', image: '' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Collection;
    expect(created).toMatchObject({
      name: 'Édition Spéciale 2025!',
      slug: 'edition-speciale-2025',
      description: null,
      image: null,
      product_count: 0,
    });
    expect((await detail('edition-speciale-2025')).id).toBe(created.id);
  });

  it('keeps a given slug, image and the order of productIds (duplicates once)', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom', 'Bergamot Pagi', 'Oud Royale']);
    const res = await call('/api/collections', {
      method: 'POST',
      json: {
        name: 'Aroma Citrus',
        slug: 'citrus',
        description: 'Kesegaran jeruk tropis.',
        image: '/images/citrus.webp',
        productIds: ['p2', 'p0', 'p2'],
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      slug: 'citrus',
      image: '/images/citrus.webp',
      product_count: 2,
    });
    const collection = await detail('citrus');
    expect(collection.products.map((p) => p.id)).toEqual(['p2', 'p0']);
    expect(collection.description).toBe('Kesegaran jeruk tropis.');
  });

  it('answers the spec message for a blank name and writes nothing', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/collections', {
      method: 'POST',
      json: { name: '   ', description: 'Apa saja' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Nama koleksi harus diisi',
        fields: { name: 'Nama koleksi harus diisi' },
      },
    });
    const badImage = await call('/api/collections', {
      method: 'POST',
      json: { name: 'Koleksi', image: 'bukan url' },
      cookie: admin.cookie,
    });
    expect(((await badImage.json()) as ErrorBody).error.fields).toEqual({ image: 'URL gambar tidak valid' });
    expect(await countRows('collections')).toBe(0);
  });

  it('answers 409 when the slug, given or made from the name, is taken', async () => {
    const admin = await createUser('admin');
    await insertCollections(['aroma-citrus']);
    const generated = await call('/api/collections', {
      method: 'POST',
      json: { name: 'Aroma Citrus' },
      cookie: admin.cookie,
    });
    expect(generated.status).toBe(409);
    expect(((await generated.json()) as ErrorBody).error).toEqual({
      code: 'slug_taken',
      message: 'Koleksi dengan nama ini sudah ada',
      fields: { name: 'Koleksi dengan nama ini sudah ada' },
    });
    const given = await call('/api/collections', {
      method: 'POST',
      json: { name: 'Lain', slug: 'aroma-citrus' },
      cookie: admin.cookie,
    });
    expect(given.status).toBe(409);
    expect(((await given.json()) as ErrorBody).error.fields).toEqual({ slug: 'Slug koleksi sudah dipakai' });
    expect(await countRows('collections')).toBe(1);
  });

  it('refuses unknown product ids with 400 and creates nothing', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom']);
    const res = await call('/api/collections', {
      method: 'POST',
      json: { name: 'Aroma Citrus', productIds: ['p0', 'tidak-ada'] },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'unknown_products',
      message: 'Produk yang dipilih tidak ditemukan',
    });
    expect(await countRows('collections')).toBe(0);
    expect(await countRows('collection_products')).toBe(0);
  });

  it('takes more product ids than D1 allows bound parameters', async () => {
    const admin = await createUser('admin');
    const names = Array.from({ length: 150 }, (_, i) => `Parfum ${String(i).padStart(3, '0')}`);
    await insertProducts(names);
    const res = await call('/api/collections', {
      method: 'POST',
      json: { name: 'Semua Parfum', productIds: names.map((_, i) => `p${i}`) },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ product_count: 150 });
  });
});

describe('PUT /api/collections/:id', () => {
  it('updates the fields, keeps the slug and replaces the membership', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom', 'Bergamot Pagi', 'Oud Royale']);
    await insertCollections(['citrus']);
    await env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p0', 0)").run();
    const res = await call('/api/collections/c0', {
      method: 'PUT',
      json: {
        name: 'Aroma Citrus Segar',
        description: 'Baru',
        image: '/images/citrus.webp',
        productIds: ['p1', 'p2'],
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'c0',
      slug: 'citrus',
      name: 'Aroma Citrus Segar',
      description: 'Baru',
      image: '/images/citrus.webp',
      created_at: '2025-01-01T00:00:00.000Z',
      product_count: 2,
    });
    expect(await memberships()).toEqual([
      { collection_id: 'c0', product_id: 'p1', position: 0 },
      { collection_id: 'c0', product_id: 'p2', position: 1 },
    ]);
  });

  it('leaves the membership alone without productIds and empties it with []', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom']);
    await insertCollections(['citrus']);
    await env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p0', 0)").run();
    const kept = await call('/api/collections/c0', {
      method: 'PUT',
      json: { name: 'Aroma Citrus', slug: 'aroma-citrus' },
      cookie: admin.cookie,
    });
    expect(await kept.json()).toMatchObject({ slug: 'aroma-citrus', product_count: 1, description: null });
    const emptied = await call('/api/collections/c0', {
      method: 'PUT',
      json: { name: 'Aroma Citrus', productIds: [] },
      cookie: admin.cookie,
    });
    expect(await emptied.json()).toMatchObject({ slug: 'aroma-citrus', product_count: 0 });
  });

  it('changes nothing when a product id is unknown', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom', 'Oud Royale']);
    await insertCollections(['citrus']);
    await env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p0', 0)").run();
    const res = await call('/api/collections/c0', {
      method: 'PUT',
      json: { name: 'Nama Baru', productIds: ['p1', 'tidak-ada'] },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('unknown_products');
    expect((await detail('citrus')).name).toBe('Koleksi citrus');
    expect(await memberships()).toEqual([{ collection_id: 'c0', product_id: 'p0', position: 0 }]);
  });

  it('answers 404 for an unknown id, 409 for a taken slug, 400 for a blank name', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom']);
    await insertCollections(['citrus', 'luxury']);
    const missing = await call('/api/collections/tidak-ada', {
      method: 'PUT',
      json: { name: 'Apa Saja', productIds: ['p0'] },
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe('Koleksi tidak ditemukan');
    expect(await countRows('collection_products')).toBe(0);
    const taken = await call('/api/collections/c0', {
      method: 'PUT',
      json: { name: 'Aroma Citrus', slug: 'luxury' },
      cookie: admin.cookie,
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields).toEqual({ slug: 'Slug koleksi sudah dipakai' });
    const blank = await call('/api/collections/c0', {
      method: 'PUT',
      json: { name: ' ' },
      cookie: admin.cookie,
    });
    expect(((await blank.json()) as ErrorBody).error.message).toBe('Nama koleksi harus diisi');
    expect((await detail('citrus')).name).toBe('Koleksi citrus');
  });
});

describe('DELETE /api/collections/:id', () => {
  it('deletes the collection and its memberships, not the products', async () => {
    const admin = await createUser('admin');
    await insertProducts(['Citrus Bloom']);
    await insertCollections(['citrus']);
    await env.DB.prepare("INSERT INTO collection_products VALUES ('c0', 'p0', 0)").run();
    const res = await call('/api/collections/c0', { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    expect(await countRows('collections')).toBe(0);
    expect(await countRows('collection_products')).toBe(0);
    expect(await countRows('products')).toBe(1);
    expect((await call('/api/collections/c0', { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });
});

describe('collection writes need an admin', () => {
  it('answers 401 to a guest and 403 to a customer, changing nothing', async () => {
    await insertProducts(['Citrus Bloom']);
    await insertCollections(['citrus']);
    const customer = await createUser('customer');
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/collections', { name: 'Baru', productIds: ['p0'] }],
      ['PUT', '/api/collections/c0', { name: 'Diganti', productIds: ['p0'] }],
      ['DELETE', '/api/collections/c0', undefined],
    ];
    for (const [method, path, json] of attempts) {
      expect((await call(path, { method, json })).status, `${method} guest`).toBe(401);
      expect((await call(path, { method, json, cookie: customer.cookie })).status, `${method} customer`).toBe(
        403,
      );
    }
    expect(await countRows('collections')).toBe(1);
    expect(await countRows('collection_products')).toBe(0);
    expect((await detail('citrus')).name).toBe('Koleksi citrus');
  });
});
