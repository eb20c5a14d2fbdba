import { env } from 'cloudflare:test';
import type { Analytics, OrderStatus } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';

// The sales analytics (decision 055): the triggers of migration 0052 keep per-day sums of the
// paid orders, and GET /api/admin/analytics reads them for a period and its previous one.

interface OrderSeed {
  id: string;
  user: string;
  /** UTC, as the orders table keeps it. */
  at: string;
  status: OrderStatus;
  total: number;
  lines: { product: string; name: string; size: number; quantity: number; subtotal: number }[];
  province?: string;
  courier?: string;
  voucher?: string;
  /** The payment attempt inserted before the order's move: method and gateway channel. */
  paid?: [method: string, channel: string | null];
}

const insertOrder = (o: OrderSeed) => [
  env.DB.prepare(
    `INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status,
      created_at, province_name, shipping_courier_code, shipping_service, voucher_code)
      VALUES (?, ?, 'Siti', 's@contoh.id', 'Jl. Melati', ?, ?, ?, ?, ?, 'Reguler', ?)`,
  ).bind(
    o.id,
    o.user,
    o.total,
    o.status,
    o.at,
    o.province ?? 'DKI Jakarta',
    o.courier ?? null,
    o.voucher ?? null,
  ),
  ...o.lines.map((line, i) =>
    env.DB.prepare(
      `INSERT INTO order_items (id, order_id, product_id, product_name, product_price, size_ml, quantity, subtotal)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      `${o.id}-${i}`,
      o.id,
      line.product,
      line.name,
      line.subtotal / line.quantity,
      line.size,
      line.quantity,
      line.subtotal,
    ),
  ),
];

const pay = (o: OrderSeed) => [
  env.DB.prepare(
    "INSERT INTO payments (id, order_id, method, channel, status, amount) VALUES (?, ?, ?, ?, 'paid', ?)",
  ).bind(`pay-${o.id}`, o.id, o.paid?.[0] ?? 'bank_transfer', o.paid?.[1] ?? null, o.total),
  env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(o.id),
];

const OUD = { product: 'p-oud', name: 'Oud Royale', size: 50, quantity: 2, subtotal: 500_000 };
const OUD_100 = { product: 'p-oud', name: 'Oud Royale', size: 100, quantity: 1, subtotal: 450_000 };
const CITRUS = { product: 'p-citrus', name: 'Citrus Breeze', size: 30, quantity: 1, subtotal: 150_000 };

async function read(cookie: string, query: string): Promise<Analytics> {
  const res = await call(`/api/admin/analytics?${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<Analytics>();
}

async function seedShop() {
  await env.DB.batch([
    ...['u1', 'u2', 'u3'].map((id) =>
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'pbkdf2-sha256$uji')").bind(
        id,
        `${id}@contoh.id`,
      ),
    ),
    ...[OUD, CITRUS].map((line) =>
      env.DB.prepare(
        "INSERT INTO products (id, name, description, price, image) VALUES (?, ?, 'Aroma uji yang tahan lama.', 250000, '/images/uji.webp')",
      ).bind(line.product, line.name),
    ),
    env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c-oud', 'oud', 'Koleksi Oud')"),
    env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c-oud', 'p-oud')"),
  ]);
  // Previous week (2026-03-01..07 WIB): one paid order. This week (03-08..14): three paid, one unpaid.
  const orders: OrderSeed[] = [
    {
      id: 'o-prev',
      user: 'u1',
      at: '2026-03-03T03:00:00.000Z',
      status: 'pending',
      total: 515_000,
      lines: [OUD],
    },
    // 23:30 WIB on 03-08 is 16:30 UTC: counted on the 8th, not the 9th.
    {
      id: 'o-1',
      user: 'u1',
      at: '2026-03-08T16:30:00.000Z',
      status: 'pending',
      total: 965_000,
      lines: [OUD, OUD_100],
      courier: 'jne',
      voucher: 'HEMAT10',
      paid: ['midtrans', 'bca_va'],
    },
    // 00:30 WIB on 03-09 is 17:30 UTC on the 8th.
    {
      id: 'o-2',
      user: 'u2',
      at: '2026-03-08T17:30:00.000Z',
      status: 'pending',
      total: 165_000,
      lines: [CITRUS],
      province: 'Jawa Barat',
    },
    {
      id: 'o-unpaid',
      user: 'u3',
      at: '2026-03-10T02:00:00.000Z',
      status: 'pending',
      total: 999_000,
      lines: [OUD],
    },
  ];
  await env.DB.batch(orders.flatMap(insertOrder));
  await env.DB.batch(orders.filter((o) => o.id !== 'o-unpaid').flatMap(pay));
  // A COD order is placed paid, its lines after it (worker/src/orders/record.ts).
  await env.DB.batch([
    ...insertOrder({
      id: 'o-cod',
      user: 'u2',
      at: '2026-03-12T05:00:00.000Z',
      status: 'processing',
      total: 170_000,
      lines: [CITRUS],
      province: 'Jawa Barat',
    }),
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, method, status, amount) VALUES ('pay-cod', 'o-cod', 'cod', 'pending', 170000)",
    ),
  ]);
}

const WEEK = 'from=2026-03-08&to=2026-03-14';

describe('GET /api/admin/analytics', () => {
  it("sums the paid orders by WIB day, against the previous period's", async () => {
    const admin = await createUser('admin');
    await seedShop();
    const answer = await read(admin.cookie, WEEK);
    expect(answer).toMatchObject({
      previousFrom: '2026-03-01',
      previousTo: '2026-03-07',
      granularity: 'day',
    });
    expect(answer.totals).toEqual({ revenue: 1_300_000, orders: 3, averageOrderValue: 433_333, units: 5 });
    expect(answer.previousTotals).toEqual({
      revenue: 515_000,
      orders: 1,
      averageOrderValue: 515_000,
      units: 2,
    });
    expect(answer.change).toEqual({ revenue: 152.4, orders: 200, averageOrderValue: -15.9, units: 150 });
    expect(answer.series).toHaveLength(7);
    expect(answer.series.slice(0, 5).map((point) => [point.start, point.orders, point.revenue])).toEqual([
      ['2026-03-08', 1, 965_000],
      ['2026-03-09', 1, 165_000],
      ['2026-03-10', 0, 0],
      ['2026-03-11', 0, 0],
      ['2026-03-12', 1, 170_000],
    ]);
    expect(answer.previousSeries[2]).toMatchObject({ start: '2026-03-03', orders: 1, revenue: 515_000 });
  });

  it('breaks the sales down by product, size, collection, channel, courier, province, customer and voucher', async () => {
    const admin = await createUser('admin');
    await seedShop();
    const { breakdowns } = await read(admin.cookie, WEEK);
    const rows = (list: Analytics['breakdowns'][keyof Analytics['breakdowns']]) =>
      list.map(({ label, orders, revenue, units }) => [label, orders, revenue, units]);
    expect(rows(breakdowns.product)).toEqual([
      ['Oud Royale', 2, 950_000, 3],
      ['Citrus Breeze', 2, 300_000, 2],
    ]);
    expect(rows(breakdowns.size)).toEqual([
      ['Oud Royale 50 ml', 1, 500_000, 2],
      ['Oud Royale 100 ml', 1, 450_000, 1],
      ['Citrus Breeze 30 ml', 2, 300_000, 2],
    ]);
    expect(rows(breakdowns.collection)).toEqual([['Koleksi Oud', 2, 950_000, 3]]);
    expect(rows(breakdowns.channel)).toEqual([
      ['Virtual Account BCA', 1, 965_000, 0],
      ['Bayar di Tempat (COD)', 1, 170_000, 0],
      ['Transfer Bank', 1, 165_000, 0],
    ]);
    expect(rows(breakdowns.courier)).toEqual([
      ['JNE', 1, 965_000, 0],
      ['Reguler', 2, 335_000, 0],
    ]);
    expect(rows(breakdowns.province)).toEqual([
      ['DKI Jakarta', 1, 965_000, 0],
      ['Jawa Barat', 2, 335_000, 0],
    ]);
    // u1 paid in the previous week already; u2's second order returns.
    expect(rows(breakdowns.customer)).toEqual([
      ['Pelanggan lama', 2, 1_135_000, 0],
      ['Pelanggan baru', 1, 165_000, 0],
    ]);
    expect(rows(breakdowns.voucher)).toEqual([['HEMAT10', 1, 965_000, 0]]);
  });

  it('takes a cancelled paid order back out, to the last figure', async () => {
    const admin = await createUser('admin');
    await seedShop();
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = 'o-1'").run();
    const answer = await read(admin.cookie, WEEK);
    expect(answer.totals).toEqual({ revenue: 335_000, orders: 2, averageOrderValue: 167_500, units: 2 });
    expect(answer.breakdowns.voucher).toEqual([]);
    expect(answer.breakdowns.collection).toEqual([]);
    expect(answer.breakdowns.product.map((row) => row.label)).toEqual(['Citrus Breeze']);
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM sales_daily WHERE day = '2026-03-08' AND (orders, revenue, units) != (0, 0, 0)",
    ).first<number>('n');
    expect(left).toBe(0);
  });

  it('steps by ISO week and by month, the previous period in the same steps', async () => {
    const admin = await createUser('admin');
    await seedShop();
    const weeks = await read(admin.cookie, 'from=2026-03-04&to=2026-03-17&granularity=week');
    expect(weeks.series.map((point) => [point.start, point.orders])).toEqual([
      // 03-08 is a Sunday: the period's first step, 03-04..08, has o-1.
      ['2026-03-04', 1],
      ['2026-03-09', 2],
      ['2026-03-16', 0],
    ]);
    const months = await read(admin.cookie, 'from=2026-02-15&to=2026-03-31&granularity=month');
    expect(months.series.map((point) => [point.start, point.orders, point.revenue])).toEqual([
      ['2026-02-15', 0, 0],
      ['2026-03-01', 4, 1_815_000],
    ]);
    expect(months.previousSeries).toHaveLength(2);
  });

  it('is the backfill of the migration: rebuilt from the orders, the figures are the same', async () => {
    const admin = await createUser('admin');
    await seedShop();
    const before = await read(admin.cookie, WEEK);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0052_'));
    const backfill = migration?.queries.find(
      (q) => !q.includes('CREATE TRIGGER') && q.includes('INSERT INTO sales_orders'),
    );
    expect(backfill).toBeDefined();
    await env.DB.batch([
      env.DB.prepare('DELETE FROM sales_orders'),
      env.DB.prepare('DELETE FROM sales_daily'),
      env.DB.prepare(backfill as string),
    ]);
    expect(await read(admin.cookie, WEEK)).toEqual(before);
  });

  it('refuses a period backwards or longer than a year, in Indonesian, and anyone but the admin', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    const backwards = await call('/api/admin/analytics?from=2026-03-14&to=2026-03-08', {
      cookie: admin.cookie,
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(await backwards.json())).toContain('Tanggal akhir harus setelah tanggal mulai');
    const long = await call('/api/admin/analytics?from=2025-01-01&to=2026-03-08', { cookie: admin.cookie });
    expect(long.status).toBe(400);
    const notADay = await call('/api/admin/analytics?from=2026-02-30&to=2026-03-08', {
      cookie: admin.cookie,
    });
    expect(notADay.status).toBe(400);
    expect((await call(`/api/admin/analytics?${WEEK}`, { cookie: customer.cookie })).status).toBe(403);
  });
});
