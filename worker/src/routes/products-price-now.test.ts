import { env } from 'cloudflare:test';
import { foldNote, type Product, type ProductPage, type Sale, type ScentMatch } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { moveCacheAtSaleBoundaries } from '../services/sales.ts';

// The catalogue's price filter and sorts during a timed sale (issue 40, decision 060): they read
// products.price_now (migration 0060), the lowest price now with live sales applied, kept by
// triggers and by the Cron at a sale's start and end. The answers still carry the regular price
// beside each size's sale price. In workerd against real D1.

const MINUTE = 60_000;

/** Products with their sizes ([size_ml, price]), created a minute apart (the newest last). */
async function insert(rows: { id: string; sizes: [number, number][] }[]) {
  const product = env.DB.prepare(
    'INSERT INTO products (id, name, description, price, image, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const size = env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, ?, ?, 10)',
  );
  await env.DB.batch(
    rows.flatMap((row, i) => [
      product.bind(
        row.id,
        `Parfum ${row.id}`,
        'Wangi uji yang tahan lama.',
        Math.min(...row.sizes.map(([, price]) => price)),
        '/images/contoh.webp',
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      ),
      ...row.sizes.map(([ml, price]) => size.bind(`${row.id}-${ml}`, row.id, ml, price)),
    ]),
  );
}

/** A sale written straight into D1, as the admin's would be (its API is tested in sales.test.ts). */
async function insertSale(
  id: string,
  fields: {
    kind?: 'percent' | 'fixed';
    value: number;
    startsAt: number;
    endsAt: number;
    productIds?: string[];
    collectionIds?: string[];
    variantIds?: string[];
  },
) {
  const now = new Date().toISOString();
  await env.DB.prepare(
    'INSERT INTO sales (id, name, kind, value, starts_at, ends_at, product_ids, collection_ids, variant_ids, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      id,
      `Promo ${id}`,
      fields.kind ?? 'percent',
      fields.value,
      new Date(fields.startsAt).toISOString(),
      new Date(fields.endsAt).toISOString(),
      JSON.stringify(fields.productIds ?? []),
      JSON.stringify(fields.collectionIds ?? []),
      JSON.stringify(fields.variantIds ?? []),
      now,
      now,
    )
    .run();
}

/**
 * The list as a signed-in shopper reads it (the edge cache never answers them, so each read is
 * D1's): the ids in order, and the page.
 */
async function list(cookie: string, query: string) {
  const res = await call(`/api/products?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const page = await res.json<ProductPage<Product>>();
  return { ids: page.items.map((item) => item.id), page };
}

const priceNow = async (id: string) =>
  env.DB.prepare('SELECT price_now FROM products WHERE id = ?').bind(id).first<number>('price_now');

const sleepUntil = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now()) + 200));

describe('the price filter and sorts during a timed sale', () => {
  it('find and order a product at its sale price from the Cron run after the start, and at its price again after the end', async () => {
    const { cookie } = await createUser('customer');
    await insert([
      { id: 'mahal', sizes: [[50, 250_000]] },
      { id: 'sedang', sizes: [[50, 190_000]] },
      { id: 'tinggi', sizes: [[50, 210_000]] },
    ]);
    // 30% off: Rp 175.000. The machine is slow: the sale lasts long enough for the reads between.
    const start = Date.now() + 2_000;
    const end = start + 6_000;
    await insertSale('sebentar', { value: 30, startsAt: start, endsAt: end, productIds: ['mahal'] });
    await moveCacheAtSaleBoundaries(env, new Date());
    expect((await list(cookie, 'max=200000')).ids).toEqual(['sedang']);
    expect((await list(cookie, 'sort=price-asc')).ids).toEqual(['sedang', 'tinggi', 'mahal']);

    await sleepUntil(start);
    // No write announced the start: until the Cron's run the filter still reads the regular price.
    expect((await list(cookie, 'max=200000')).ids).toEqual(['sedang']);
    await moveCacheAtSaleBoundaries(env, new Date());
    expect(await priceNow('mahal')).toBe(175_000);
    const under = await list(cookie, 'max=200000&sort=price-asc');
    expect(under.ids).toEqual(['mahal', 'sedang']);
    expect(under.page.total).toBe(2);
    // The answer keeps the regular price; the card shows the sale's beside it.
    const mahal = under.page.items[0];
    expect(mahal?.price).toBe(250_000);
    expect(mahal?.variants.map((v) => [v.price, v.sale_price])).toEqual([[250_000, 175_000]]);
    expect((await list(cookie, 'min=180000&max=200000')).ids).toEqual(['sedang']);
    expect((await list(cookie, 'min=170000&max=180000')).ids).toEqual(['mahal']);
    expect((await list(cookie, 'sort=price-desc')).ids).toEqual(['tinggi', 'sedang', 'mahal']);
    // The keyset's cursor is the price now: the next page starts after it.
    const first = await list(cookie, 'sort=price-asc&limit=1');
    expect(first.ids).toEqual(['mahal']);
    expect(first.page.nextCursor).toBe('175000~mahal');
    const next = await list(
      cookie,
      `sort=price-asc&limit=1&after=${encodeURIComponent(first.page.nextCursor as string)}`,
    );
    expect(next.ids).toEqual(['sedang']);

    await sleepUntil(end);
    await moveCacheAtSaleBoundaries(env, new Date());
    expect(await priceNow('mahal')).toBe(250_000);
    expect((await list(cookie, 'max=200000')).ids).toEqual(['sedang']);
    expect((await list(cookie, 'sort=price-asc')).ids).toEqual(['sedang', 'tinggi', 'mahal']);
  }, 30_000);

  it("a size repriced, added or removed moves the product's price now, its live sale applied", async () => {
    const { cookie } = await createUser('customer');
    await insert([
      {
        id: 'dua',
        sizes: [
          [30, 150_000],
          [100, 300_000],
        ],
      },
    ]);
    expect(await priceNow('dua')).toBe(150_000);
    await insertSale('live', {
      value: 10,
      startsAt: Date.now() - MINUTE,
      endsAt: Date.now() + 60 * MINUTE,
      productIds: ['dua'],
    });
    expect(await priceNow('dua')).toBe(135_000);
    await env.DB.prepare("UPDATE product_variants SET price = 120000 WHERE id = 'dua-30'").run();
    expect(await priceNow('dua')).toBe(108_000);
    expect((await list(cookie, 'max=110000')).ids).toEqual(['dua']);
    // A size priced above the smallest changes nothing; a cheaper one added becomes the price.
    await env.DB.prepare("UPDATE product_variants SET price = 310000 WHERE id = 'dua-100'").run();
    expect(await priceNow('dua')).toBe(108_000);
    await env.DB.prepare(
      "INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES ('dua-5', 'dua', 5, 40000, 10)",
    ).run();
    expect(await priceNow('dua')).toBe(36_000);
    await env.DB.prepare("DELETE FROM product_variants WHERE id IN ('dua-5', 'dua-30')").run();
    expect(await priceNow('dua')).toBe(279_000);
    expect((await list(cookie, 'max=110000')).ids).toEqual([]);
    expect((await list(cookie, 'min=270000&max=280000')).ids).toEqual(['dua']);
  });

  it("a collection's sale follows the collection's products, and a size's sale may make a larger size the cheapest", async () => {
    const admin = await createUser('admin');
    const { cookie } = await createUser('customer');
    await insert([
      { id: 'anggota', sizes: [[50, 200_000]] },
      { id: 'pendatang', sizes: [[50, 220_000]] },
      {
        id: 'besar',
        sizes: [
          [30, 180_000],
          [100, 300_000],
        ],
      },
    ]);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c-segar', 'segar', 'Segar')"),
      env.DB.prepare(
        "INSERT INTO collection_products (collection_id, product_id) VALUES ('c-segar', 'anggota')",
      ),
    ]);
    const live = {
      startsAt: new Date(Date.now() - MINUTE).toISOString(),
      endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    };
    const created = await call('/api/admin/sales', {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: 'Promo Segar', kind: 'fixed', value: 50_000, ...live, collectionIds: ['c-segar'] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const collectionSale = await created.json<Sale>();
    expect((await list(cookie, 'max=160000')).ids).toEqual(['anggota']);
    // A product joining the collection is on its sale at once; one leaving it, no longer.
    await env.DB.prepare(
      "INSERT INTO collection_products (collection_id, product_id) VALUES ('c-segar', 'pendatang')",
    ).run();
    expect(await priceNow('pendatang')).toBe(170_000);
    expect((await list(cookie, 'max=175000&sort=price-asc')).ids).toEqual(['anggota', 'pendatang']);
    await env.DB.prepare("DELETE FROM collection_products WHERE product_id = 'anggota'").run();
    expect(await priceNow('anggota')).toBe(200_000);

    // Rp 200.000 off the 100 ml only: Rp 100.000, below the 30 ml's Rp 180.000.
    const sized = await call('/api/admin/sales', {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: 'Promo 100 ml', kind: 'fixed', value: 200_000, ...live, variantIds: ['besar-100'] },
    });
    expect(sized.status, await sized.clone().text()).toBe(201);
    const sizeSale = await sized.json<Sale>();
    expect(await priceNow('besar')).toBe(100_000);
    expect((await list(cookie, 'sort=price-asc')).ids).toEqual(['besar', 'pendatang', 'anggota']);
    // Changed to Rp 100.000 off: Rp 200.000, so the 30 ml is the cheapest again.
    const changed = await call(`/api/admin/sales/${sizeSale.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { name: 'Promo 100 ml', kind: 'fixed', value: 100_000, ...live, variantIds: ['besar-100'] },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await priceNow('besar')).toBe(180_000);
    // Deleting a sale gives its targets their price back at once.
    const deleted = await call(`/api/admin/sales/${collectionSale.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await priceNow('pendatang')).toBe(220_000);
    expect((await list(cookie, 'max=190000')).ids).toEqual(['besar']);
  });

  it("'Cari Aroma''s budget reads the price now", async () => {
    await insert([{ id: 'melati', sizes: [[50, 300_000]] }]);
    await env.DB.prepare(
      "INSERT INTO product_notes (product_id, layer, position, note, note_key) VALUES ('melati', 'heart', 0, 'Melati', ?)",
    )
      .bind(foldNote('Melati'))
      .run();
    const find = async () => {
      const res = await call('/api/scent-finder?notes=melati&budget=250000');
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json<{ items: ScentMatch[] }>()).items.map((match) => match.product.id);
    };
    expect(await find()).toEqual([]);
    await insertSale('finder', {
      value: 20,
      startsAt: Date.now() - MINUTE,
      endsAt: Date.now() + 60 * MINUTE,
      productIds: ['melati'],
    });
    expect(await find()).toEqual(['melati']);
  });
});
