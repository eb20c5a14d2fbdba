import { env } from 'cloudflare:test';
import {
  type AdminStats,
  canTransition,
  type OrderStatus,
  orderStatuses,
  paidOrderStatuses,
} from '@gi/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';
import { RECENT_ACTIVITY_LIMIT } from '../services/stats.ts';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

async function seed(customerId: string) {
  const product = (id: string, name: string, minute: number) =>
    env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image, created_at) VALUES (?, ?, 'Parfum uji yang wangi', 250000, '/images/a.webp', ?)",
    ).bind(id, name, at(minute));
  const order = (id: string, name: string, total: number, minute: number, status: OrderStatus) =>
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, created_at, status) VALUES (?, ?, ?, 'a@b.id', 'Jakarta', ?, ?, ?)",
    ).bind(id, customerId, name, total, at(minute), status);
  const record = (id: string, title: string, category: string, minute: number) =>
    env.DB.prepare('INSERT INTO customer_service (id, title, category, created_at) VALUES (?, ?, ?, ?)').bind(
      id,
      title,
      category,
      at(minute),
    );
  await env.DB.batch([
    product('p1', 'Oud Royale', 1),
    product('p2', 'Citrus Breeze', 2),
    product('p3', 'Amber Night', 3),
    env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c1', 'signature', 'Koleksi Unggulan')"),
    env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c2', 'luxury', 'Edisi Mewah')"),
    order('o1', 'Siti', 250_000, 4, 'processing'),
    order('o2', 'Budi', 1_599_000, 5, 'delivered'),
    order('o3', 'Rina', 229_000, 6, 'cancelled'),
    order('o4', 'Andi', 100_000, 7, 'pending'),
    order('o5', 'Dewi', 300_000, 7, 'shipped'),
    order('o6', 'Eko', 120_000, 7, 'pending'),
    // A receipt waiting for the admin.
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, method, status, amount) VALUES ('pay1', 'o4', 'bank_transfer', 'submitted', 100000)",
    ),
    // A gateway attempt: counted apart, no admin check (decision 026).
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, method, status, amount) VALUES ('pay2', 'o6', 'midtrans', 'pending', 120000)",
    ),
    // Two reviews waiting for moderation and one published (decision 040's counters).
    ...(['pending', 'pending', 'published'] as const).map((status, i) =>
      env.DB.prepare(
        "INSERT INTO reviews (id, product_id, user_id, rating, body, status, published_at) VALUES (?, ?, ?, 5, 'Wangi tahan lama.', ?, ?)",
      ).bind(`r${i}`, `p${i + 1}`, customerId, status, status === 'published' ? at(8) : null),
    ),
    record('cs1', 'Botol bocor', 'complaint', 8),
    record('cs2', 'Pesan kontak: Grosir', 'general', 9),
    // Content records are not customer-service activity.
    record('faq1', 'Apakah asli?', 'faq', 10),
    record('pol1', 'Kebijakan Privasi', 'privacy-policy', 11),
  ]);
}

describe('GET /api/admin/stats', () => {
  it('answers zeros and no activity for an empty shop', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/admin/stats', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      totalProducts: 0,
      totalCollections: 0,
      totalOrders: 0,
      totalSales: 0,
      awaitingPayment: 0,
      awaitingVerification: 0,
      awaitingGateway: 0,
      toShip: 0,
      pendingReviews: 0,
      recentActivity: [],
    });
  });

  it('totals the catalogue and orders, sales of paid orders only, and lists the newest events', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    await seed(customer.id);
    const stats = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
    expect(stats).toMatchObject({
      totalProducts: 3,
      totalCollections: 2,
      totalOrders: 6,
      // Processing, shipped and delivered: not the cancelled or unpaid ones.
      totalSales: 250_000 + 1_599_000 + 300_000,
      awaitingPayment: 2,
      awaitingVerification: 1,
      awaitingGateway: 1,
      toShip: 1,
      pendingReviews: 2,
    });
    expect(stats.recentActivity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(stats.recentActivity[0]).toEqual({
      type: 'customer_service',
      id: 'cs2',
      title: 'Pesan kontak: Grosir',
      created_at: at(9),
    });
    expect(stats.recentActivity.map((e) => `${e.type}:${e.title}`)).toEqual([
      'customer_service:Pesan kontak: Grosir',
      'customer_service:Botol bocor',
      'order:Andi',
      'order:Dewi',
      'order:Eko',
      'order:Rina',
      'order:Budi',
      'order:Siti',
    ]);
  });

  it('answers each role what it may read (decision 052): the revenue with reports, the activity of its records', async () => {
    const customer = await createUser('customer');
    await seed(customer.id);
    const sales = 250_000 + 1_599_000 + 300_000;
    const orderSide = ['customer_service', 'order'];
    for (const [role, totalSales, types] of [
      ['owner', sales, orderSide],
      ['admin', sales, orderSide],
      // Products only: no customer's name for the editor.
      ['content_editor', null, ['product']],
      ['order_handler', null, orderSide],
    ] as const) {
      const staff = await createUser(role);
      const stats = await (await call('/api/admin/stats', { cookie: staff.cookie })).json<AdminStats>();
      expect({
        role,
        totalSales: stats.totalSales,
        types: [...new Set(stats.recentActivity.map((item) => item.type))].sort(),
      }).toEqual({ role, totalSales, types });
      // The counts stay every dashboard's.
      expect(stats.totalOrders).toBe(6);
    }
  });

  it('refuses guests (401) and customers (403)', async () => {
    expect((await call('/api/admin/stats')).status).toBe(401);
    const customer = await createUser('customer');
    expect((await call('/api/admin/stats', { cookie: customer.cookie })).status).toBe(403);
  });

  it('keeps its counters equal to the aggregate over any series of order inserts, status changes and deletes', async () => {
    const paid = `status IN (${paidOrderStatuses.map((status) => `'${status}'`).join(', ')})`;
    const admin = await createUser('admin');
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        total: fc.integer({ min: 0, max: 50_000_000 }),
        day: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('status' as const),
        pick: fc.nat(),
        status: fc.constantFrom(...orderStatuses),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        // Each run from no orders, so a failing series shrinks to its own few steps.
        await env.DB.batch([
          env.DB.prepare('DELETE FROM orders'),
          env.DB.prepare(
            "UPDATE counters SET value = 0 WHERE name GLOB 'orders:*' OR name GLOB 'sales:*' OR name GLOB 'payments:*' OR name GLOB 'od:*'",
          ),
        ]);
        // `paid`: the order reached a paid status, so it stays a financial record (never deleted).
        const ids: { id: string; status: OrderStatus; paid: boolean }[] = [];
        for (const s of steps) {
          const picked = ids.length > 0 && s.kind !== 'insert' ? ids[s.pick % ids.length]?.id : undefined;
          if (s.kind === 'insert') {
            // Raw SQL: the triggers count every write, whichever code path makes it.
            const id = crypto.randomUUID();
            await env.DB.prepare(
              "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, created_at) VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', ?, ?)",
            )
              .bind(id, admin.id, s.total, `2026-01-0${s.day}T10:00:00.000Z`)
              .run();
            ids.push({ id, status: 'pending', paid: false });
          } else if (picked && s.kind === 'status') {
            const row = ids.find((r) => r.id === picked) as { status: OrderStatus; paid: boolean };
            const shipment = s.status === 'shipped' ? { courier: 'JNE', trackingNumber: 'JNE123' } : {};
            const res = await call(`/api/admin/orders/${picked}/status`, {
              method: 'PATCH',
              cookie: admin.cookie,
              json: { status: s.status, ...shipment },
            });
            // The lifecycle refuses moves its graph does not allow, and changes nothing then.
            expect(res.status).toBe(canTransition(row.status, s.status) ? 200 : 409);
            if (res.status === 200) row.status = s.status;
            if (res.status === 200 && (paidOrderStatuses as readonly string[]).includes(s.status))
              row.paid = true;
          } else if (picked) {
            const res = await call(`/api/admin/orders/${picked}`, { method: 'DELETE', cookie: admin.cookie });
            const paidOrder = ids.find((row) => row.id === picked)?.paid;
            expect(res.status).toBe(paidOrder ? 409 : 204);
            if (paidOrder) continue;
            ids.splice(
              ids.findIndex((row) => row.id === picked),
              1,
            );
          }
        }
        const aggregate = await env.DB.prepare(
          `SELECT count(*) AS n, coalesce(sum(total_amount) FILTER (WHERE ${paid}), 0) AS sales,
             count(*) FILTER (WHERE status = 'pending') AS awaiting, count(*) FILTER (WHERE status = 'processing') AS toShip
           FROM orders`,
        ).first<{ n: number; sales: number; awaiting: number; toShip: number }>();
        const stats = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
        expect({
          n: stats.totalOrders,
          sales: stats.totalSales,
          awaiting: stats.awaitingPayment,
          toShip: stats.toShip,
        }).toEqual(aggregate);
        // Each status's count, as the admin list's filtered totals read them.
        for (const status of orderStatuses) {
          const counted = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE status = ?')
            .bind(status)
            .first<{ n: number }>();
          const res = await call(`/api/admin/orders?status=${status}`, { cookie: admin.cookie });
          expect((await res.json<{ total: number }>()).total, status).toBe(counted?.n);
        }
        // The orders per day, all and by status, that a page by offset starts from (migration 0020).
        const perDay = await env.DB.prepare(
          `SELECT 'od::' || substr(created_at, 1, 10) AS name, count(*) AS value FROM orders GROUP BY 1
           UNION ALL SELECT 'od:' || status || ':' || substr(created_at, 1, 10), count(*) FROM orders GROUP BY 1
           ORDER BY name`,
        ).all();
        const kept = await env.DB.prepare(
          "SELECT name, value FROM counters WHERE name GLOB 'od:*' AND value <> 0 ORDER BY name",
        ).all();
        expect(kept.results).toEqual(perDay.results);
      }),
      { numRuns: 15 },
    );
    // Each status change now writes its timeline row and queues its email too.
  }, 30_000);

  it('counts products and collections through their inserts and deletes', async () => {
    const admin = await createUser('admin');
    const products = await insertProducts([1000, 2000, 3000]);
    await env.DB.prepare(
      "INSERT INTO collections (id, slug, name) VALUES ('c1', 'signature', 'Unggulan')",
    ).run();
    await env.DB.prepare('DELETE FROM products WHERE id = ?').bind(products[0]?.id).run();
    const stats = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
    expect(stats).toMatchObject({ totalProducts: 2, totalCollections: 1 });
    await env.DB.prepare("DELETE FROM collections WHERE id = 'c1'").run();
    const after = await (await call('/api/admin/stats', { cookie: admin.cookie })).json<AdminStats>();
    expect(after.totalCollections).toBe(0);
  });
});
