import { env } from 'cloudflare:test';
import type { Page, Product, ProductPage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { placeOrder } from '../../test/order-fixtures.ts';
import { SEARCH_CANDIDATES } from '../services/products.ts';

// /products' search (FTS5), sorts and filters (issue 15, decision 013).

interface Row {
  id: string;
  name: string;
  description?: string;
  price?: number;
  /** Sizes in ml, each `<id>-<size>` at the row's price; 50 ml unless given. */
  sizes?: number[];
}

/** Products with known creation times: row i is i minutes after the first. */
async function insert(rows: Row[]) {
  const stmt = env.DB.prepare(
    'INSERT INTO products (id, name, description, price, image, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const size = env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, ?, ?, 10)',
  );
  await env.DB.batch(
    rows.flatMap((row, i) => [
      stmt.bind(
        row.id,
        row.name,
        row.description ?? 'Wangi yang lembut dan tahan lama.',
        row.price ?? 300_000,
        '/images/contoh.webp',
        new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      ),
      ...(row.sizes ?? [50]).map((ml) => size.bind(`${row.id}-${ml}`, row.id, ml, row.price ?? 300_000)),
    ]),
  );
}

async function ids(query: string): Promise<string[]> {
  const res = await call(`/api/products?${query}`);
  expect(res.status, `${query}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as Page<Product>).items.map((p) => p.id);
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('search (FTS5)', () => {
  it('breaks ties on relevance newest first, then by id, with or without a filter (migration 0019)', async () => {
    // The same words and lengths: every match scores the same. 'b2' shares b's minute.
    await insert(
      ['a', 'b', 'c', 'd'].map((id) => ({ id, name: 'Melati Pagi', description: 'Melati segar.' })),
    );
    await env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image, created_at) SELECT 'b2', name, description, price, image, created_at FROM products WHERE id = 'b'",
    ).run();
    const newestFirst = ['d', 'c', 'b', 'b2', 'a'];
    expect(await ids(q('melati'))).toEqual(newestFirst);
    expect(await ids(`${q('melati')}&min=1`)).toEqual(newestFirst);
    // A product renamed keeps its place: the index row is written anew with its created_at.
    await env.DB.prepare("UPDATE products SET name = 'Melati Sore' WHERE id = 'c'").run();
    await env.DB.prepare("UPDATE products SET name = 'Melati Pagi' WHERE id = 'c'").run();
    expect(await ids(q('melati'))).toEqual(newestFirst);
  });

  it('ranks a match in the name above matches in descriptions', async () => {
    await insert([
      { id: 'desc-long', name: 'Oud Royale', description: 'Kayu oud dengan jeruk bali dan citrus segar.' },
      { id: 'name', name: 'Citrus Bloom', description: 'Wangi segar untuk siang hari yang cerah.' },
      { id: 'desc', name: 'Melati Putih', description: 'Melati dengan sedikit citrus.' },
      { id: 'none', name: 'Vanila Manis', description: 'Vanila hangat dan kayu cendana.' },
    ]);
    const found = await ids(q('citrus'));
    expect(found[0]).toBe('name');
    expect(found.sort()).toEqual(['desc', 'desc-long', 'name']);
    // Words in descriptions count too: an Indonesian scent word finds the perfume.
    expect(await ids(q('jeruk'))).toEqual(['desc-long']);
  });

  it('ignores case and accents, and matches the start of a word as it is typed', async () => {
    await insert([
      { id: 'neroli', name: 'Néroli Été', description: 'Bunga jeruk pahit dari Tunisia.' },
      { id: 'citrus', name: 'Citrus Bloom' },
      { id: 'oud', name: 'Oud Royale' },
    ]);
    expect(await ids(q('NEROLI'))).toEqual(['neroli']);
    expect(await ids(q('été'))).toEqual(['neroli']);
    expect(await ids(q('ete'))).toEqual(['neroli']);
    expect(await ids(q('citr'))).toEqual(['citrus']);
    expect(await ids(q('Cit Blo'))).toEqual(['citrus']);
    // Every word must match.
    expect(await ids(q('citrus oud'))).toEqual([]);
  });

  it('keeps the index in step when products are added, renamed and deleted', async () => {
    const admin = await createUser('admin');
    const created = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: {
        name: 'Amber Malam',
        description: 'Amber hangat.',
        image: '/images/a.webp',
        variants: [{ size_ml: 50, price: 1000, stock: 1, weight_grams: 270 }],
      },
    });
    const { id } = (await created.json()) as Product;
    expect(await ids(q('amber'))).toEqual([id]);
    await call(`/api/products/${id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        name: 'Safron Emas',
        description: 'Safron dan mawar.',
        image: '/images/a.webp',
        variants: [{ size_ml: 50, price: 1000, stock: 1, weight_grams: 270 }],
      },
    });
    expect(await ids(q('amber'))).toEqual([]);
    expect(await ids(q('safron'))).toEqual([id]);
    // The new description is indexed too.
    expect(await ids(q('mawar'))).toEqual([id]);
    await call(`/api/products/${id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(await ids(q('safron'))).toEqual([]);
    expect(await ids(q('mawar'))).toEqual([]);
  });

  it('treats FTS5 syntax as plain words: 200, never a 5xx', async () => {
    await insert([{ id: 'citrus', name: 'Citrus "Bloom" (Eau) - NEAR' }]);
    for (const hostile of [
      '"',
      '"citrus',
      'citrus"',
      '(citrus',
      'citrus)',
      '*',
      'citr*',
      '-citrus',
      'NEAR(citrus bloom)',
      'citrus OR oud',
      'citrus AND NOT oud',
      'name:citrus',
      '{name}: citrus',
      '^citrus',
      'citrus + bloom',
      '""""',
      "'",
      ':',
    ]) {
      const res = await call(`/api/products?${q(hostile)}`);
      expect(res.status, hostile).toBe(200);
    }
    expect(await ids(q('"citrus"'))).toEqual(['citrus']);
    expect(await ids(q('(eau)'))).toEqual(['citrus']);
    expect(await ids(q('near'))).toEqual(['citrus']);
    // 'OR' is a word to find, not an operator: no product has it.
    expect(await ids(q('citrus OR oud'))).toEqual([]);
  });
});

describe('a search with more matches than it ranks', () => {
  /**
   * `old` products, then `fresh` newer ones, a minute apart: the old ones have the word in their
   * name (they would rank first), the fresh ones in their description only.
   */
  async function grow(old: number, fresh: number) {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO products (id, name, description, price, image, created_at)
       SELECT CASE WHEN i <= ?2 THEN 'old-' ELSE 'new-' END || printf('%04d', i),
              CASE WHEN i <= ?2 THEN 'Kenanga Tua ' || i ELSE 'Parfum ' || i END,
              CASE WHEN i <= ?2 THEN 'Wangi lama.' ELSE 'Aroma kenanga segar.' END,
              300000, '/images/contoh.webp', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes')
       FROM n`,
    )
      .bind(old + fresh, old)
      .run();
  }

  /** Every match ranked as before the bound: bm25, newest first, then id. */
  async function unbounded(word: string): Promise<string[]> {
    const { results } = await env.DB.prepare(
      `SELECT product_id FROM products_fts WHERE products_fts MATCH ?
       ORDER BY bm25(products_fts, 0, 10, 1, 3, 0), created_at DESC, product_id`,
    )
      .bind(`"${word}"*`)
      .all<{ product_id: string }>();
    return results.map((row) => row.product_id);
  }

  async function pageOf(query: string) {
    const res = await call(`/api/products?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductPage<Product>;
  }

  it('ranks and counts only the newest 1,000 matches, and an edit does not make a product newer', async () => {
    await grow(10, SEARCH_CANDIDATES);
    // Unbounded, the ten old name matches would lead.
    expect((await unbounded('kenanga')).slice(0, 11).map((id) => id.slice(0, 4))).toEqual([
      ...Array(10).fill('old-'),
      'new-',
    ]);
    const first = await pageOf(`${q('kenanga')}&pageSize=25`);
    expect(first.total).toBe(SEARCH_CANDIDATES);
    expect(first.totalCapped).toBe(true);
    expect(first.items.map((p) => p.id)).toEqual((await unbounded('segar')).slice(0, 25));
    expect(first.items[0]?.id).toBe('new-1010');
    // The pages hold the candidates: the last of them ends with the oldest, the next is empty.
    const last = await pageOf(`${q('kenanga')}&pageSize=25&page=40`);
    expect(last.items.map((p) => p.id).at(-1)).toBe('new-0011');
    expect((await pageOf(`${q('kenanga')}&pageSize=25&page=41`)).items).toEqual([]);
    // An edited old product keeps its place in the index (migration 0021).
    await env.DB.prepare(
      "UPDATE products SET description = 'Wangi lama sekali.' WHERE id = 'old-0001'",
    ).run();
    expect((await pageOf(q('kenanga'))).items.map((p) => p.id)).not.toContain('old-0001');
  });

  it('ranks and counts every match exactly as before when at most 1,000 match', async () => {
    await grow(10, SEARCH_CANDIDATES);
    // 'segar' matches exactly the candidates' number, 'tua' ten, 'kenanga' one more than ranked.
    for (const word of ['segar', 'tua']) {
      const expected = await unbounded(word);
      const first = await pageOf(`${q(word)}&pageSize=50`);
      expect(first.total).toBe(expected.length);
      expect(first.totalCapped).toBe(false);
      expect(first.items.map((p) => p.id)).toEqual(expected.slice(0, 50));
      const last = Math.ceil(expected.length / 50);
      expect((await pageOf(`${q(word)}&pageSize=50&page=${last}`)).items.map((p) => p.id)).toEqual(
        expected.slice((last - 1) * 50),
      );
    }
    // A sort or a filter orders every match, and counts them all.
    const sorted = await pageOf(`${q('kenanga')}&sort=newest`);
    expect([sorted.total, sorted.totalCapped, sorted.items[0]?.id]).toEqual([1010, false, 'new-1010']);
    const filtered = await pageOf(`${q('kenanga')}&min=1`);
    expect([filtered.total, filtered.totalCapped, filtered.items[0]?.id]).toEqual([1010, false, 'old-0010']);
  });
});

describe('sort', () => {
  async function seedSorted() {
    await insert([
      { id: 'a', name: 'Parfum Alpha', price: 500_000 },
      { id: 'b', name: 'Parfum Beta', price: 150_000 },
      { id: 'c', name: 'Parfum Gamma', price: 900_000 },
      { id: 'd', name: 'Parfum Delta', price: 150_000 },
    ]);
  }

  it('orders newest first by default, by price either way, and ties by id', async () => {
    await seedSorted();
    expect(await ids('')).toEqual(['d', 'c', 'b', 'a']);
    expect(await ids('sort=newest')).toEqual(['d', 'c', 'b', 'a']);
    expect(await ids('sort=price-asc')).toEqual(['b', 'd', 'a', 'c']);
    expect(await ids('sort=price-desc')).toEqual(['c', 'a', 'd', 'b']);
    // A search can be sorted too.
    expect(await ids(`${q('parfum')}&sort=price-asc`)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('orders best-selling by units ordered, counted as orders are placed', async () => {
    await seedSorted();
    const customer = await createUser();
    await placeOrder(customer.cookie, [
      { productId: 'c', variantId: 'c-50', quantity: 2 },
      { productId: 'a', variantId: 'a-50', quantity: 1 },
    ]);
    await placeOrder(customer.cookie, [{ productId: 'a', variantId: 'a-50', quantity: 3 }]);
    expect(await ids('sort=best-selling')).toEqual(['a', 'c', 'b', 'd']);
    const counts = await env.DB.prepare('SELECT id, sold_count FROM products ORDER BY id').all();
    expect(counts.results).toEqual([
      { id: 'a', sold_count: 4 },
      { id: 'b', sold_count: 0 },
      { id: 'c', sold_count: 2 },
      { id: 'd', sold_count: 0 },
    ]);
  });
});

describe('filters', () => {
  it('filters by price range (both ends included) and by collection, with the total', async () => {
    await insert([
      { id: 'a', name: 'Parfum Alpha', price: 100_000 },
      { id: 'b', name: 'Parfum Beta', price: 200_000 },
      { id: 'c', name: 'Parfum Gamma', price: 300_000 },
      { id: 'd', name: 'Citrus Delta', price: 400_000 },
    ]);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('k1', 'segar', 'Segar')"),
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('k2', 'hangat', 'Hangat')"),
      env.DB.prepare(
        "INSERT INTO collection_products (collection_id, product_id) VALUES ('k1', 'a'), ('k1', 'd'), ('k2', 'b')",
      ),
    ]);
    expect(await ids('min=200000&max=300000&sort=price-asc')).toEqual(['b', 'c']);
    expect(await ids('min=300000')).toEqual(['d', 'c']);
    expect(await ids('max=100000')).toEqual(['a']);
    expect(await ids('collection=segar')).toEqual(['d', 'a']);
    expect(await ids('collection=segar&min=150000')).toEqual(['d']);
    expect(await ids(`collection=segar&${q('citrus')}`)).toEqual(['d']);
    expect(await ids('collection=tidak-ada')).toEqual([]);
    // A blank field of a plain GET form is no filter.
    expect(await ids('q=&sort=&collection=&min=&max=')).toEqual(['d', 'c', 'b', 'a']);
    const res = await call('/api/products?collection=segar&min=150000');
    expect(((await res.json()) as Page<Product>).total).toBe(1);
  });

  it('filters by size through the sizes each product is sold in, and lists the sizes sold', async () => {
    await insert([
      { id: 'a', name: 'Parfum Alpha', price: 100_000, sizes: [30, 50] },
      { id: 'b', name: 'Parfum Beta', price: 200_000, sizes: [100] },
      { id: 'c', name: 'Parfum Gamma', price: 300_000, sizes: [50, 100] },
    ]);
    expect(await ids('size=50')).toEqual(['c', 'a']);
    expect(await ids('size=100&sort=price-asc')).toEqual(['b', 'c']);
    expect(await ids('size=100&max=250000')).toEqual(['b']);
    expect(await ids('size=75')).toEqual([]);
    expect(await ids('size=')).toEqual(['c', 'b', 'a']);
    const res = await call('/api/products?size=50');
    const page = (await res.json()) as Page<Product>;
    expect(page.total).toBe(2);
    // Each product carries its sizes, smallest first.
    expect(page.items[1]?.variants.map((v) => v.size_ml)).toEqual([30, 50]);
    const sizes = await call('/api/products/sizes');
    expect(await sizes.json()).toEqual({ items: [30, 50, 100] });
  });

  it('refuses bad sort and filter values with a clear 400', async () => {
    const cases: [string, Record<string, string>][] = [
      [
        'sort=cheapest',
        { sort: 'Urutan harus salah satu dari: newest, price-asc, price-desc, best-selling' },
      ],
      ['collection=Bukan%20Slug', { collection: 'Koleksi tidak ditemukan' }],
      ['min=-1', { min: 'Harga minimum harus berupa angka rupiah tanpa titik, contoh: 250000' }],
      ['max=1.5', { max: 'Harga maksimum harus berupa angka rupiah tanpa titik, contoh: 250000' }],
      ['max=2000000000', { max: 'Harga maksimum terlalu besar' }],
      ['min=500&max=100', { max: 'Harga minimum tidak boleh lebih dari harga maksimum' }],
      ['size=50ml', { size: 'Ukuran harus bilangan bulat dalam ml' }],
      ['size=0', { size: 'Ukuran minimal 1 ml' }],
    ];
    for (const [query, fields] of cases) {
      const res = await call(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { fields: unknown } }).error.fields, query).toEqual(fields);
    }
  });
});

describe('keyset pages (after=)', () => {
  /** Every page of `query` by following nextCursor from the first. */
  async function walk(query: string): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/products?${query}&pageSize=10${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call(path);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      const body = (await res.json()) as ProductPage<Product>;
      pages.push(body.items.map((p) => p.id));
      cursor = body.nextCursor;
    } while (cursor && pages.length < 5);
    return pages;
  }

  it('reads every page of each sort by cursor, as the offsets order them, with ties on price by id', async () => {
    // 13 products, two prices only (ties), two sharing a creation minute through the same index.
    await insert(
      Array.from({ length: 13 }, (_, i) => ({
        id: `p${String(i).padStart(2, '0')}`,
        name: `Parfum Uji ${i}`,
        price: i % 2 === 0 ? 200_000 : 300_000,
      })),
    );
    await env.DB.prepare(
      "UPDATE products SET created_at = (SELECT created_at FROM products WHERE id = 'p05') WHERE id = 'p06'",
    ).run();
    for (const sort of [
      '',
      // A blank search box is the plain list, with its cursor.
      'q=',
      'q=%20%20',
      'sort=newest',
      'sort=price-asc',
      'sort=price-desc',
      'sort=best-selling',
      `${q('parfum')}&sort=price-asc`,
    ]) {
      const byOffset = [
        ...(await ids(`${sort}&pageSize=10&page=1`)),
        ...(await ids(`${sort}&pageSize=10&page=2`)),
      ];
      const pages = await walk(sort);
      expect(
        pages.map((p) => p.length),
        sort,
      ).toEqual([10, 3]);
      expect(pages.flat(), sort).toEqual(byOffset);
    }
  });

  it('keeps the next page where it was when a newer product arrives, and ends with no cursor', async () => {
    await insert(
      Array.from({ length: 12 }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, name: `Parfum ${i}` })),
    );
    const first = (await (await call('/api/products?pageSize=10')).json()) as ProductPage<Product>;
    await env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image, created_at) VALUES ('baru', 'Parfum Baru', 'Wangi baru yang segar.', 100000, '/images/contoh.webp', '2030-01-01T00:00:00.000Z')",
    ).run();
    const next = (await (
      await call(`/api/products?pageSize=10&page=2&after=${encodeURIComponent(first.nextCursor as string)}`)
    ).json()) as ProductPage<Product>;
    // By offset, page 2 would now repeat the tenth product; by cursor it starts after it.
    expect(next.items.map((p) => p.id)).toEqual(['p01', 'p00']);
    expect(next.page).toBe(2);
    expect(next.nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one of its sort, or on a search ranked by relevance', async () => {
    for (const query of [
      'after=abc',
      'after=150000~p01',
      'sort=price-asc&after=2025-01-01T00:00:00.000Z~p01',
      `${q('parfum')}&after=2025-01-01T00:00:00.000Z~p01`,
    ]) {
      const res = await call(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { fields: unknown } }).error.fields, query).toEqual({
        after: 'Halaman tidak valid',
      });
    }
  });
});

describe('the filters by concentration and for whom (issue 41, decision 044)', () => {
  it('lists only the products of the concentration and gender asked for, with their count', async () => {
    await insert(['edp-her', 'edt-her', 'edp-him', 'edp-any'].map((id) => ({ id, name: id })));
    await env.DB.prepare(
      "UPDATE products SET concentration = upper(substr(id, 1, 3)), gender = CASE substr(id, 5) WHEN 'her' THEN 'wanita' WHEN 'him' THEN 'pria' ELSE 'unisex' END",
    ).run();
    expect(await ids('concentration=EDP')).toEqual(['edp-any', 'edp-him', 'edp-her']);
    expect(await ids('gender=wanita')).toEqual(['edt-her', 'edp-her']);
    expect(await ids('concentration=EDP&gender=wanita&sort=price-asc')).toEqual(['edp-her']);
    // A plain form's empty choices are no filter.
    expect(await ids('concentration=&gender=')).toHaveLength(4);
    const res = await call('/api/products?concentration=EDP&pageSize=10');
    expect(((await res.json()) as Page<Product>).total).toBe(3);
  });

  it('refuses an unknown concentration or gender in Indonesian', async () => {
    for (const [query, message] of [
      ['concentration=cologne', 'Konsentrasi harus EDT, EDP, Parfum atau Extrait'],
      ['gender=anak', 'Untuk siapa harus pria, wanita atau unisex'],
    ]) {
      const res = await call(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });
});
