import { env } from 'cloudflare:test';
import type { ImportReport } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { insertProducts, orderRows } from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import { csvRow, parseCsv } from '../lib/csv.ts';
import { orderExportHeader, orderExportPages } from '../orders/export.ts';
import { customerExportHeader, productExportHeader } from '../services/exports.ts';

/** The file as a spreadsheet opens it: the BOM, then its records. */
async function download(path: string, cookie: string) {
  const res = await call(path, { cookie });
  expect(res.status, path).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parseCsv(new TextDecoder().decode(bytes)) as string[][];
  return { res, header: records[0], rows: records.slice(1) };
}

/** Orders straight into D1 at known times (oldest first), one a name a spreadsheet would run. */
async function seedOrders() {
  const admin = await createUser('admin');
  const customer = await createUser('customer', 'Siti Aminah');
  const products = await insertProducts([150_000, 90_000]);
  const names = ['Budi Santoso', '=HYPERLINK("http://evil.example")', 'Siti Aminah', '+62 Rahma', '@Dewi'];
  const statuses = ['pending', 'processing', 'processing', 'shipped', 'delivered'] as const;
  const placed = names.map((_, i) =>
    orderRows(customer, products.slice(0, 1 + (i % 2)), statuses[i] ?? 'pending'),
  );
  await env.DB.batch(placed.flatMap((order) => order.statements));
  await env.DB.batch(
    placed.map((order, i) =>
      env.DB.prepare('UPDATE orders SET customer_name = ?, created_at = ? WHERE id = ?').bind(
        names[i],
        // Two orders in the same millisecond: the id breaks the tie across pages.
        i === 3 ? '2026-03-03T20:30:00.000Z' : `2026-03-0${Math.min(i, 3) + 1}T20:30:00.000Z`,
        order.id,
      ),
    ),
  );
  return { admin, customer, products, ids: placed.map((order) => order.id) };
}

describe('GET /api/admin/exports/orders.csv', () => {
  it('streams every order, newest first, with Indonesian headers, WIB dates, integer rupiah and defused cells', async () => {
    const { admin, ids } = await seedOrders();
    await env.DB.prepare('UPDATE orders SET credit_amount = 35000 WHERE id = ?').bind(ids[1]).run();
    const { res, header, rows } = await download('/api/admin/exports/orders.csv', admin.cookie);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pesanan-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(header).toEqual([...orderExportHeader]);
    expect(rows).toHaveLength(5);
    const byId = new Map(rows.map((row) => [row[0], row]));
    const cell = (id: string | undefined, column: (typeof orderExportHeader)[number]) =>
      byId.get(id as string)?.[orderExportHeader.indexOf(column)];
    // 20:30 UTC is 03:30 the next day in WIB.
    expect(cell(ids[0], 'Tanggal (WIB)')).toBe('2026-03-02 03:30:00');
    expect(cell(ids[0], 'Status')).toBe('Menunggu Pembayaran');
    expect(cell(ids[1], 'Total (Rp)')).toBe('240000');
    expect(cell(ids[1], 'Produk')).toBe('Parfum Uji 1 50 ml × 1; Parfum Uji 2 50 ml × 1');
    expect(cell(ids[1], 'Jumlah Barang')).toBe('2');
    // 'Kredit Sampel' (decision 061 part B) right after the discount; 0 on an order without.
    expect(orderExportHeader.indexOf('Kredit Sampel (Rp)')).toBe(
      orderExportHeader.indexOf('Diskon (Rp)') + 1,
    );
    expect(cell(ids[1], 'Kredit Sampel (Rp)')).toBe('35000');
    expect(cell(ids[0], 'Kredit Sampel (Rp)')).toBe('0');
    // The raw file carries the defusing quote; the reader above takes it off again.
    const raw = await (await call('/api/admin/exports/orders.csv', { cookie: admin.cookie })).text();
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(raw).toContain(",'+62 Rahma,");
    expect(raw).toContain(",'@Dewi,");
    expect(rows.map((row) => row[0])).toEqual(
      [ids[4], ...[ids[2], ids[3]].sort(), ids[1], ids[0]].filter((id) => id !== undefined),
    );
  });

  it('filters like the admin list: status, words of a name, an id prefix', async () => {
    const { admin, ids } = await seedOrders();
    const idsOf = async (query: string) =>
      (await download(`/api/admin/exports/orders.csv?${query}`, admin.cookie)).rows.map((row) => row[0]);
    expect((await idsOf('status=processing')).sort()).toEqual([ids[1], ids[2]].sort());
    expect(await idsOf('q=budi')).toEqual([ids[0]]);
    expect(await idsOf('q=rahma&status=shipped')).toEqual([ids[3]]);
    expect(await idsOf('q=rahma&status=pending')).toEqual([]);
    expect(await idsOf(`q=${ids[2]?.slice(0, 8)}`)).toContain(ids[2]);
    const bad = await call('/api/admin/exports/orders.csv?status=bukan', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });

  it('walks the orders in keyset pages: every order once, in order, across ties', async () => {
    const { ids } = await seedOrders();
    const pages = [];
    for await (const page of orderExportPages(getDb(env.DB), {}, 2)) pages.push(page.map((row) => row[0]));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([ids[4], ...[ids[2], ids[3]].sort(), ids[1], ids[0]]);
  });
});

describe('GET /api/admin/exports/products.csv and customers.csv', () => {
  it('writes one row per size and one per customer, searched like their lists', async () => {
    const { admin, customer, products: seeded } = await seedOrders();
    await env.DB.prepare("UPDATE product_variants SET sku = 'UJI-1-50' WHERE id = ?")
      .bind(seeded[0]?.variantId)
      .run();
    const products = await download('/api/admin/exports/products.csv', admin.cookie);
    expect(products.res.headers.get('content-disposition')).toMatch(/filename="produk-/);
    expect(products.header).toEqual([...productExportHeader]);
    expect(products.rows).toHaveLength(2);
    expect(products.rows.map((row) => row.slice(1, 6))).toContainEqual([
      'Parfum Uji 1',
      'UJI-1-50',
      '50',
      '150000',
      '',
    ]);
    expect((await download('/api/admin/exports/products.csv?q=Uji%202', admin.cookie)).rows).toHaveLength(1);

    const customers = await download('/api/admin/exports/customers.csv?q=siti', admin.cookie);
    expect(customers.header).toEqual([...customerExportHeader]);
    // The admin is staff, not a customer; Siti placed all five orders, four of them paid.
    expect(customers.rows).toEqual([
      [
        customer.id,
        'Siti Aminah',
        customer.email,
        '',
        expect.any(String),
        '',
        '5',
        '4',
        '780000',
        '2026-03-05 03:30:00',
      ],
    ]);
    expect((await download('/api/admin/exports/customers.csv?q=tidak-ada', admin.cookie)).rows).toEqual([]);
  });

  it("finds the customers the customers list finds for the same search (the list's 'Ekspor CSV' carries it)", async () => {
    const admin = await createUser('admin');
    const siti = await createUser('customer', 'Siti Aminah');
    await createUser('customer', 'Budi Santoso');
    // Words by prefix, in any order; not a piece inside a word.
    for (const [q, expected] of [
      ['aminah siti', [siti.id]],
      ['ami', [siti.id]],
      ['iti', []],
    ] as const) {
      const listed = await call(`/api/admin/customers?q=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      const listIds = (await listed.json<{ items: { id: string }[] }>()).items.map((row) => row.id);
      const exported = await download(
        `/api/admin/exports/customers.csv?q=${encodeURIComponent(q)}`,
        admin.cookie,
      );
      expect(
        exported.rows.map((row) => row[0]),
        q,
      ).toEqual(listIds);
      expect(listIds, q).toEqual(expected);
    }
  });
});

const HEADER = [
  'SKU',
  'Nama Produk',
  'Deskripsi',
  'Ukuran (ml)',
  'Harga (Rp)',
  'Stok',
  'Berat (gram)',
  'Foto',
];
const fileOf = (...rows: string[][]) => [HEADER, ...rows].map(csvRow).join('');
const importing = (cookie: string, path: 'products' | 'products/check', csv: string) =>
  call(`/api/admin/imports/${path}`, { method: 'POST', cookie, json: { csv } });

describe('POST /api/admin/imports/products(/check)', () => {
  it('lists every row’s errors in Indonesian and writes nothing while any is left', async () => {
    const admin = await createUser('admin');
    const csv = fileOf(
      [
        'BARU-50',
        'Parfum Baru',
        'Aroma baru yang tahan lama.',
        '50',
        '250000',
        '10',
        '270',
        '/images/baru.webp',
      ],
      ['', 'Tanpa SKU', 'Aroma baru yang tahan lama.', '50', '100000', '1', '270', ''],
      ['BARU-50', 'Dobel', 'Aroma baru yang tahan lama.', '30', 'murah', '-1', '270', ''],
    );
    const before = await countRows('products');
    const check = await importing(admin.cookie, 'products/check', csv);
    expect(check.status).toBe(200);
    const report = await check.json<ImportReport>();
    expect(report.invalid).toBe(2);
    expect(report.rows[0]).toMatchObject({ row: 2, sku: 'BARU-50', action: 'create', errors: [] });
    expect(report.rows[1]?.errors).toEqual([
      'SKU: SKU harus diisi (impor mencocokkan produk menurut SKU)',
      'Foto: Gambar diperlukan',
    ]);
    expect(report.rows[2]?.errors).toEqual(
      expect.arrayContaining([
        'SKU: SKU ini sudah ada di baris 2',
        expect.stringMatching(/^Harga \(Rp\): /),
        'Stok: Stok harus bilangan bulat, contoh: 12',
      ]),
    );
    const run = await importing(admin.cookie, 'products', csv);
    expect(run.status).toBe(422);
    expect((await run.json<{ error: { fields: Record<string, string> } }>()).error.fields).toHaveProperty(
      'baris 3',
    );
    expect(await countRows('products')).toBe(before);
  });

  it('creates new products by name and updates saved sizes by SKU; an export imports back unchanged', async () => {
    const admin = await createUser('admin');
    const [saved] = await insertProducts([150_000], 5);
    await env.DB.prepare("UPDATE product_variants SET sku = 'LAMA-50' WHERE id = ?")
      .bind(saved?.variantId)
      .run();
    const csv = fileOf(
      [
        'BARU-30',
        'Parfum Baru',
        'Aroma baru yang tahan lama.',
        '30',
        '150.000',
        '4',
        '200',
        '/images/baru.webp',
      ],
      ['BARU-100', 'Parfum Baru', '', '100', '400000', '2', '420', ''],
      // A saved size: the price and stock change, the blank description keeps the saved one.
      ['LAMA-50', 'Parfum Uji 1', '', '50', '175000', '8', '300', ''],
    );
    const check = await (await importing(admin.cookie, 'products/check', csv)).json<ImportReport>();
    expect(check.rows.map((row) => [row.action, row.errors])).toEqual([
      ['create', []],
      ['create', []],
      ['update', []],
    ]);
    expect(await countRows('products')).toBe(1);
    const run = await importing(admin.cookie, 'products', csv);
    expect(run.status).toBe(200);
    expect((await run.json<ImportReport>()).written).toBe(2);
    const sizes = await env.DB.prepare(
      'SELECT p.name, p.description, v.sku, v.size_ml, v.price, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id ORDER BY v.sku',
    ).all();
    expect(sizes.results).toEqual([
      {
        name: 'Parfum Baru',
        description: 'Aroma baru yang tahan lama.',
        sku: 'BARU-100',
        size_ml: 100,
        price: 400_000,
        stock: 2,
      },
      {
        name: 'Parfum Baru',
        description: 'Aroma baru yang tahan lama.',
        sku: 'BARU-30',
        size_ml: 30,
        price: 150_000,
        stock: 4,
      },
      {
        name: 'Parfum Uji 1',
        description: 'Aroma uji yang tahan lama.',
        sku: 'LAMA-50',
        size_ml: 50,
        price: 175_000,
        stock: 8,
      },
    ]);
    // The stock change is traced like the editor's (decision 025).
    const traced = await env.DB.prepare('SELECT count(*) AS n FROM stock_changes WHERE variant_id = ?')
      .bind(saved?.variantId)
      .first<{ n: number }>();
    expect(traced?.n).toBeGreaterThan(0);

    const exported = await (await call('/api/admin/exports/products.csv', { cookie: admin.cookie })).text();
    const again = await (await importing(admin.cookie, 'products/check', exported)).json<ImportReport>();
    expect(again.rows.map((row) => [row.sku, row.action, row.errors])).toEqual(
      expect.arrayContaining([
        ['BARU-30', 'update', []],
        ['BARU-100', 'update', []],
        ['LAMA-50', 'update', []],
      ]),
    );
  });

  it('bounds the file: rows, bytes, its header', async () => {
    const admin = await createUser('admin');
    const row = ['X', 'Parfum', 'Aroma uji yang tahan lama.', '50', '1000', '1', '100', '/images/x.webp'];
    const many = fileOf(...Array.from({ length: 1001 }, (_, i) => [`X-${i}`, ...row.slice(1)]));
    const tooMany = await importing(admin.cookie, 'products/check', many);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json<{ error: { message: string } }>()).error.message).toBe(
      'Paling banyak 1.000 baris produk per impor',
    );
    // 151 products of one size each: the real run would pass D1's 1,000 calls per invocation.
    const products = fileOf(
      ...Array.from({ length: 151 }, (_, i) => [`P-${i}`, `Parfum ${i}`, ...row.slice(2)]),
    );
    const tooManyProducts = await importing(admin.cookie, 'products', products);
    expect(tooManyProducts.status).toBe(400);
    expect((await tooManyProducts.json<{ error: { message: string } }>()).error.message).toBe(
      'Paling banyak 150 produk per impor: bagi berkasnya menjadi beberapa',
    );
    expect(await countRows('products')).toBe(0);
    const huge = await importing(admin.cookie, 'products/check', 'x'.repeat(2 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    const noSku = await importing(admin.cookie, 'products/check', 'Nama Produk\r\nParfum\r\n');
    expect((await noSku.json<{ error: { message: string } }>()).error.message).toBe(
      'Kolom wajib tidak ada di baris judul: SKU, Ukuran (ml), Harga (Rp), Stok, Berat (gram)',
    );
  });
});
