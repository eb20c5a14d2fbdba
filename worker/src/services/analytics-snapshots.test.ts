import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { type Analytics, addDays, analyticsPresets } from '@gi/contracts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import worker from '../index.ts';
import { refreshAnalyticsSnapshots } from './analytics-snapshots.ts';

// The preset periods' product and size breakdowns from the Cron's snapshots (decision 055,
// migration 0059): the same rows as the live query, whatever was sold today or changed since.

/** 'Today' in these tests: 10:00 WIB on 2026-03-14. */
const TODAY = '2026-03-14';
const NOW = new Date('2026-03-14T03:00:00.000Z');

interface Sale {
  id: string;
  /** Days before TODAY the order was placed (0: today). */
  ago: number;
  lines: { product: number; size: number; quantity: number; price: number }[];
}

const productId = (n: number) => `p-${String(n).padStart(2, '0')}`;

async function seedProducts(count: number) {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash) VALUES ('u1', 'u1@contoh.id', 'pbkdf2-sha256$uji')",
    ),
    ...Array.from({ length: count }, (_, n) =>
      env.DB.prepare(
        "INSERT INTO products (id, name, description, price, image) VALUES (?, ?, 'Aroma uji yang tahan lama.', 100000, '/images/uji.webp')",
      ).bind(productId(n), `Parfum ${n}`),
    ),
  ]);
}

/** The order and its lines, unpaid ('pending'), placed at 10:00 WIB `ago` days before TODAY. */
const placed = (sale: Sale) => [
  env.DB.prepare(
    `INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status, created_at)
      VALUES (?, 'u1', 'Siti', 's@contoh.id', 'Jl. Melati', ?, 'pending', ?)`,
  ).bind(
    sale.id,
    sale.lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    `${addDays(TODAY, -sale.ago)}T03:00:00.000Z`,
  ),
  ...sale.lines.map((line, i) =>
    env.DB.prepare(
      `INSERT INTO order_items (id, order_id, product_id, product_name, product_price, size_ml, quantity, subtotal)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      `${sale.id}-${i}`,
      sale.id,
      productId(line.product),
      `Parfum ${line.product}`,
      line.price,
      line.size,
      line.quantity,
      line.price * line.quantity,
    ),
  ),
];

const setStatus = (id: string, status: 'processing' | 'cancelled') =>
  env.DB.prepare('UPDATE orders SET status = ? WHERE id = ?').bind(status, id);

async function place(sales: Sale[], paid = true) {
  if (sales.length === 0) return;
  await env.DB.batch(sales.flatMap(placed));
  if (paid) await env.DB.batch(sales.map((sale) => setStatus(sale.id, 'processing')));
}

/** Every snapshot as of `now`, one per Cron run; answers the runs that built one. */
async function buildAll(now = NOW) {
  let runs = 0;
  while (await refreshAnalyticsSnapshots(env.DB, now)) runs++;
  return runs;
}

const period = (days: number) => `from=${addDays(TODAY, -(days - 1))}&to=${TODAY}`;

async function breakdowns(cookie: string, query: string) {
  const res = await call(`/api/admin/analytics?${query}`, { cookie });
  expect(res.status).toBe(200);
  const { product, size } = (await res.json<Analytics>()).breakdowns;
  return { product, size };
}

/** The live query's answer: the same request with no snapshot to read. */
async function live(cookie: string, query: string) {
  const saved = await env.DB.prepare('SELECT * FROM analytics_snapshots').all();
  await env.DB.prepare('DELETE FROM analytics_snapshots').run();
  const answer = await breakdowns(cookie, query);
  if (saved.results.length > 0) {
    await env.DB.batch(
      saved.results.map((row) =>
        env.DB.prepare(
          'INSERT INTO analytics_snapshots (dimension, days, first_day, last_day, built_at) VALUES (?, ?, ?, ?, ?)',
        ).bind(row.dimension, row.days, row.first_day, row.last_day, row.built_at),
      ),
    );
  }
  return answer;
}

const saleArb = fc.record({
  ago: fc.integer({ min: 0, max: 400 }),
  lines: fc.array(
    fc.record({
      product: fc.integer({ min: 0, max: 13 }),
      size: fc.constantFrom(30, 50, 100),
      quantity: fc.integer({ min: 1, max: 3 }),
      price: fc.constantFrom(100_000, 150_000, 250_000),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

describe('analytics snapshots (decision 055)', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = (await createUser('owner')).cookie;
    await seedProducts(14);
  });

  it('answers each preset as the live query does: sales before the snapshot, late payments and cancels after it, and today', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(saleArb, { minLength: 5, maxLength: 25 }),
        fc.array(saleArb, { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 4 }),
        async (before, after, cancels) => {
          run++;
          await env.DB.batch([
            env.DB.prepare('DELETE FROM order_items'),
            env.DB.prepare('DELETE FROM orders'),
            env.DB.prepare('DELETE FROM sales_daily'),
            env.DB.prepare('DELETE FROM analytics_snapshots'),
            env.DB.prepare('DELETE FROM analytics_snapshot_rows'),
          ]);
          const id = (i: number, tag: string) => `o-${run}-${tag}-${i}`;
          // A few placed but left unpaid, to be paid after the snapshot (a late transfer).
          const late = before
            .filter((_, i) => i % 4 === 3)
            .map((sale, i) => ({ ...sale, id: id(i, 'late') }));
          const paid = before.filter((_, i) => i % 4 !== 3).map((sale, i) => ({ ...sale, id: id(i, 'b') }));
          await place(paid);
          await place(late, false);
          expect(await buildAll()).toBe(analyticsPresets.length * 2);
          await place(after.map((sale, i) => ({ ...sale, id: id(i, 'a') })));
          if (late.length > 0) await env.DB.batch(late.map((sale) => setStatus(sale.id, 'processing')));
          const cancelled = [...new Set(cancels.map((i) => paid[i % paid.length]?.id))].filter(Boolean);
          if (cancelled.length > 0)
            await env.DB.batch(cancelled.map((order) => setStatus(order as string, 'cancelled')));
          for (const preset of analyticsPresets) {
            const query = period(preset.days);
            expect(await breakdowns(cookie, query), query).toEqual(await live(cookie, query));
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 180_000);

  it("ranks a product outside the snapshot's top 10 that today's sales lift into it, with both figures summed", async () => {
    // Products 0..11 sold yesterday, product n for (n + 1) × 100,000: 2..11 are the top 10.
    await place(
      Array.from({ length: 12 }, (_, n) => ({
        id: `o-past-${n}`,
        ago: 1,
        lines: [{ product: n, size: 50, quantity: n + 1, price: 100_000 }],
      })),
    );
    await buildAll();
    // Today: product 0 (100,000 in the snapshot, outside its top) sells 650,000 more: 750,000 is 6th.
    await place([{ id: 'o-today', ago: 0, lines: [{ product: 0, size: 50, quantity: 1, price: 650_000 }] }]);
    const { product } = await breakdowns(cookie, period(7));
    expect(product.map((row) => row.key)).toEqual(
      ['p-11', 'p-10', 'p-09', 'p-08', 'p-07', 'p-00', 'p-06', 'p-05', 'p-04', 'p-03'].map(String),
    );
    expect(product.find((row) => row.key === 'p-00')).toEqual({
      key: 'p-00',
      label: 'Parfum 0',
      orders: 2,
      revenue: 750_000,
      units: 2,
    });
    expect(await breakdowns(cookie, period(7))).toEqual(await live(cookie, period(7)));
  });

  it('reads the snapshot only when it covers the period but its last day; otherwise the live query', async () => {
    await place([
      { id: 'o-1', ago: 2, lines: [{ product: 1, size: 50, quantity: 1, price: 100_000 }] },
      { id: 'o-2', ago: 1, lines: [{ product: 2, size: 30, quantity: 2, price: 150_000 }] },
    ]);
    const truth = await live(cookie, period(30));
    // Built yesterday (the Cron not yet run since WIB midnight): its days are not the period's.
    await buildAll(new Date(NOW.getTime() - 86_400_000));
    // Marked, so an answer read from it would show: 1 rupiah off on every row.
    const mark = env.DB.prepare('UPDATE analytics_snapshot_rows SET revenue = revenue + 1');
    await mark.run();
    expect(await breakdowns(cookie, period(30))).toEqual(truth);
    // Built as of today and marked the same: now it is what the endpoint reads.
    await buildAll();
    await mark.run();
    const read = await breakdowns(cookie, period(30));
    expect(read.product.map((row) => row.revenue)).toEqual(truth.product.map((row) => row.revenue + 1));
    // A custom period (not a preset's length) stays live.
    const custom = `from=${addDays(TODAY, -10)}&to=${TODAY}`;
    expect(await breakdowns(cookie, custom)).toEqual(await live(cookie, custom));
  });

  it('builds one snapshot per Cron run after WIB midnight, and nothing once they are built', async () => {
    await place([{ id: 'o-1', ago: 3, lines: [{ product: 1, size: 50, quantity: 1, price: 100_000 }] }]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW.getTime() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const built = async () =>
      (
        await env.DB.prepare(
          'SELECT dimension, days, first_day, last_day FROM analytics_snapshots ORDER BY days, dimension',
        ).all()
      ).results;
    expect(await built()).toEqual([
      { dimension: 'product', days: 7, first_day: addDays(TODAY, -6), last_day: addDays(TODAY, -1) },
    ]);
    expect(await buildAll()).toBe(analyticsPresets.length * 2 - 1);
    const rows = async () =>
      (await env.DB.prepare('SELECT * FROM analytics_snapshot_rows ORDER BY dimension, days, key').all())
        .results;
    const [snapshots, before] = [await built(), await rows()];
    // Run again the same day: nothing to build, nothing changed.
    expect(await refreshAnalyticsSnapshots(env.DB, NOW)).toBeNull();
    expect(await built()).toEqual(snapshots);
    expect(await rows()).toEqual(before);
    expect(before).toContainEqual(
      expect.objectContaining({
        dimension: 'size',
        days: 365,
        key: 'p-01:50',
        label: 'Parfum 1 50 ml',
        revenue: 100_000,
      }),
    );
    // The next WIB day: the 7 days' product snapshot again first, covering one day later.
    expect(await refreshAnalyticsSnapshots(env.DB, new Date(NOW.getTime() + 86_400_000))).toEqual({
      dimension: 'product',
      days: 7,
    });
  });
});
