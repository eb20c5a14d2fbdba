import { env } from 'cloudflare:test';
import type { Order, SeekPage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import {
  allowManyUnpaid,
  cart,
  insertProducts,
  orderTableCounts,
  placeOrder,
} from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

const list = async (cookie: string, query = '') => {
  const res = await call(`/api/admin/orders${query}`, { cookie });
  expect(res.status, query).toBe(200);
  return res.json<SeekPage<Order>>();
};

/** Three customers' orders with distinct, known creation times (oldest first). */
async function seedOrders() {
  const admin = await createUser('admin');
  const [budi, siti] = [await createUser(), await createUser()];
  const products = await insertProducts([150_000, 90_000]);
  const placed = [
    await placeOrder(budi.cookie, cart(products), {
      customerName: 'Budi Santoso',
      customerEmail: 'budi@contoh.id',
    }),
    await placeOrder(siti.cookie, cart(products, 2), {
      customerName: 'Siti Aminah',
      customerEmail: 'siti@mail.id',
    }),
    await placeOrder(siti.cookie, cart(products.slice(0, 1)), {
      customerName: 'Siti_Rahma',
      customerEmail: 'rahma@contoh.id',
    }),
  ];
  for (const [i, order] of placed.entries()) {
    await env.DB.prepare('UPDATE orders SET created_at = ? WHERE id = ?')
      .bind(`2025-03-0${i + 1}T08:00:00.000Z`, order.id)
      .run();
  }
  return { admin, budi, siti, products, placed };
}

describe('GET /api/admin/orders', () => {
  it('lists every order with its items, newest first, with the SQL count', async () => {
    const { admin, placed } = await seedOrders();
    const page = await list(admin.cookie);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(page.items.map((o) => o.id)).toEqual(placed.map((o) => o.id).reverse());
    expect(page.items[2]?.order_items).toHaveLength(2);
    expect(page.items[0]?.order_items).toHaveLength(1);
  });

  it('pages on the server', async () => {
    const admin = await createUser('admin');
    // Two shoppers: one account places at most 10 orders an hour (decision 023).
    const shoppers = [await createUser(), await createUser()];
    const products = await insertProducts([10_000]);
    await allowManyUnpaid();
    for (let i = 0; i < 12; i += 1) await placeOrder((shoppers[i % 2] as TestUser).cookie, cart(products));
    const second = await list(admin.cookie, '?page=2&pageSize=10');
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(second.items).toHaveLength(2);
    const first = await list(admin.cookie, '?pageSize=10');
    const ids = new Set([...first.items, ...second.items].map((o) => o.id));
    expect(ids.size).toBe(12);
    expect((await list(admin.cookie, '?pageSize=25')).items).toHaveLength(12);
  });

  it('walks the list by cursor, on and back, with no duplicate or gap while orders arrive', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    // 25 orders, five to a millisecond, so pages split ties.
    const insert = (id: string, createdAt: string) =>
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, created_at) VALUES (?, ?, 'Rina', 'rina@contoh.id', 'Jl. Uji 1', 1000, ?)",
      ).bind(id, customer.id, createdAt);
    const seeded = Array.from({ length: 25 }, (_, i) => ({
      id: crypto.randomUUID(),
      createdAt: `2026-01-01T00:00:0${Math.floor(i / 5)}.000Z`,
    }));
    await env.DB.batch(seeded.map((o) => insert(o.id, o.createdAt)));
    const expected = seeded
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1))
      .map((o) => o.id);
    const ids = (page: SeekPage<Order>) => page.items.map((o) => o.id);

    const first = await list(admin.cookie);
    expect(first.previousCursor).toBeNull();
    // Newer orders arrive while the admin reads: the pages after the first do not shift.
    const newer = [crypto.randomUUID(), crypto.randomUUID()];
    await env.DB.batch(newer.map((id) => insert(id, '2026-02-01T00:00:00.000Z')));
    const second = await list(admin.cookie, `?page=2&after=${first.nextCursor}`);
    const third = await list(admin.cookie, `?page=3&after=${second.nextCursor}`);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(expected);
    expect(third.nextCursor).toBeNull();
    expect(third).toMatchObject({ total: 27, page: 3 });

    const back = await list(admin.cookie, `?page=2&before=${third.previousCursor}`);
    expect(ids(back)).toEqual(ids(second));
    const backAgain = await list(admin.cookie, `?before=${back.previousCursor}`);
    expect(ids(backAgain)).toEqual(ids(first));
    // Back from the old first page: the orders that arrived since.
    const newest = await list(admin.cookie, `?before=${backAgain.previousCursor}`);
    expect(ids(newest)).toEqual([...newer].sort());
    expect(newest.previousCursor).toBeNull();
    // The same pages by keyset with a filter, and a cursor that is not one is refused.
    const pending = await list(admin.cookie, `?status=pending&q=rina&page=2&after=${first.nextCursor}`);
    expect(ids(pending)).toEqual(ids(second));
    const res = await call('/api/admin/orders?after=1%27%20OR%201', { cookie: admin.cookie });
    expect(res.status).toBe(400);
  });

  it('reads a page by offset from the nearer end with the same rows, cursors and totals', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    // 25 orders named Rina, five to a millisecond, and one Budi: a search matching nearly every
    // order walks the list, one matching few reads the index; deep pages are read oldest first.
    const insert = (id: string, name: string, createdAt: string) =>
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, created_at) VALUES (?, ?, ?, 'x@contoh.id', 'Jl. Uji 1', 1000, ?)",
      ).bind(id, customer.id, name, createdAt);
    // The Rina orders share an id prefix: a search by it walks the list too.
    const seeded = Array.from({ length: 25 }, (_, i) => ({
      id: `abc0${crypto.randomUUID().slice(4)}`,
      createdAt: `2026-01-01T00:00:0${Math.floor(i / 5)}.000Z`,
    }));
    const budi = `def0${crypto.randomUUID().slice(4)}`;
    await env.DB.batch([
      ...seeded.map((o) => insert(o.id, 'Rina Wati', o.createdAt)),
      insert(budi, 'Budi', '2026-01-01T00:00:02.000Z'),
    ]);
    const rina = seeded
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1))
      .map((o) => o.id);
    const all = [...rina.slice(0, 10), budi, ...rina.slice(10)].sort((a, b) => {
      const at = (id: string) =>
        id === budi ? '2026-01-01T00:00:02.000Z' : seeded.find((o) => o.id === id)?.createdAt;
      return (at(b) as string).localeCompare(at(a) as string) || (a < b ? -1 : 1);
    });
    const ids = (page: SeekPage<Order>) => page.items.map((o) => o.id);
    for (const [query, expected] of [
      ['', all],
      ['&status=pending', all],
      ['&q=rina', rina],
      ['&q=wat%20ri', rina],
      ['&q=budi', [budi]],
      ['&q=ABC0', rina],
      [`&q=${budi.slice(0, 8)}`, [budi]],
    ] as const) {
      const pages = [1, 2, 3, 4].map((page) => list(admin.cookie, `?pageSize=10&page=${page}${query}`));
      const [first, second, third, beyond] = (await Promise.all(pages)) as [
        SeekPage<Order>,
        SeekPage<Order>,
        SeekPage<Order>,
        SeekPage<Order>,
      ];
      expect(ids(first), query).toEqual(expected.slice(0, 10));
      expect(ids(second), query).toEqual(expected.slice(10, 20));
      expect(ids(third), query).toEqual(expected.slice(20, 30));
      expect(ids(beyond), query).toEqual([]);
      expect(beyond.previousCursor).toBeNull();
      expect(third.total, query).toBe(expected.length);
      // A page read oldest first leads on and back by cursor like any other.
      if (expected.length > 20) {
        expect(third.nextCursor).toBeNull();
        const back = await list(admin.cookie, `?page=2&before=${third.previousCursor}${query}`);
        expect(ids(back), query).toEqual(expected.slice(10, 20));
        const on = await list(admin.cookie, `?page=3&after=${second.nextCursor}${query}`);
        expect(ids(on), query).toEqual(expected.slice(20, 30));
        expect(second.previousCursor).toBe(`${second.items[0]?.created_at}~${expected[10]}`);
      }
    }
  });

  it('reads pages by offset across days through the orders-per-day counters (migration 0020)', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    // 34 orders over five days, up to ten a day with ties in a millisecond; some processing.
    const seeded = Array.from({ length: 34 }, (_, i) => ({
      id: crypto.randomUUID(),
      createdAt: `2026-02-0${1 + (i % 5)}T0${i % 3}:00:00.000Z`,
      status: i % 4 === 0 ? 'processing' : 'pending',
    }));
    await env.DB.batch(
      seeded.map((o) =>
        env.DB.prepare(
          "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status, created_at) VALUES (?, ?, 'Rina', 'rina@contoh.id', 'Jl. Uji 1', 1000, ?, ?)",
        ).bind(o.id, customer.id, o.status, o.createdAt),
      ),
    );
    // A deleted order and a status change move the counters of their days.
    const [gone, moved] = seeded.splice(0, 2) as [(typeof seeded)[number], (typeof seeded)[number]];
    await env.DB.prepare('DELETE FROM orders WHERE id = ?').bind(gone.id).run();
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(moved.id).run();
    seeded.push({ ...moved, status: 'processing' });
    const newestFirst = (rows: typeof seeded) =>
      rows
        .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : 1))
        .map((o) => o.id);
    for (const [query, expected] of [
      ['', newestFirst(seeded)],
      ['&status=processing', newestFirst(seeded.filter((o) => o.status === 'processing'))],
      ['&status=pending', newestFirst(seeded.filter((o) => o.status === 'pending'))],
    ] as const) {
      for (const size of [10, 25]) {
        const pages = Math.ceil(expected.length / size);
        for (let page = 1; page <= pages + 1; page++) {
          const got = await list(admin.cookie, `?pageSize=${size}&page=${page}${query}`);
          const label = `${query} pageSize ${size} page ${page}`;
          expect(
            got.items.map((o) => o.id),
            label,
          ).toEqual(expected.slice((page - 1) * size, page * size));
          expect(got.total, label).toBe(expected.length);
        }
      }
    }
  });

  it('searches by id prefix, name or email without regard to case', async () => {
    const { admin, placed } = await seedOrders();
    const [budi, siti, rahma] = placed.map((o) => o.id);
    const ids = async (query: string) => (await list(admin.cookie, query)).items.map((o) => o.id);
    expect(await ids(`?q=${budi?.slice(0, 8).toUpperCase()}`)).toEqual([budi]);
    expect(await ids('?q=SANTOSO')).toEqual([budi]);
    expect(await ids('?q=siti')).toEqual([rahma, siti]);
    expect(await ids('?q=mail.id')).toEqual([siti]);
    // Words match from their start (orders_fts): whole emails, a first name, any word order.
    expect(await ids('?q=siti%40mail.id')).toEqual([siti]);
    expect(await ids('?q=RAHMA')).toEqual([rahma]);
    expect(await ids('?q=aminah%20sit')).toEqual([siti]);
    expect(await ids('?q=ntoso')).toEqual([]);
    // Punctuation only separates words; FTS5 syntax typed by the admin is only text.
    expect(await ids('?q=siti_')).toEqual([rahma, siti]);
    expect(await ids('?q=%22siti%22%20OR%20budi')).toEqual([]);
    expect(await ids('?q=%25')).toEqual([]);
    expect((await list(admin.cookie, '?q=siti')).total).toBe(2);
  });

  it('keeps the name and email search in step when an order is renamed or deleted', async () => {
    const { admin, placed } = await seedOrders();
    const [budi, siti] = placed.map((o) => o.id);
    const ids = async (query: string) => (await list(admin.cookie, query)).items.map((o) => o.id);
    await env.DB.prepare("UPDATE orders SET customer_name = 'Bambang Wijaya' WHERE id = ?").bind(budi).run();
    expect(await ids('?q=santoso')).toEqual([]);
    expect(await ids('?q=wijaya')).toEqual([budi]);
    expect(await ids('?q=budi%40contoh.id')).toEqual([budi]);
    const res = await call(`/api/admin/orders/${siti}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    expect(await ids('?q=aminah')).toEqual([]);
    const indexed = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders_fts WHERE orders_fts MATCH 'aminah'",
    ).first();
    expect(indexed).toEqual({ n: 0 });
  });

  it('filters by status', async () => {
    const { admin, placed } = await seedOrders();
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(placed[1]?.id).run();
    const shipped = await list(admin.cookie, '?status=processing');
    expect(shipped.total).toBe(1);
    expect(shipped.items.map((o) => o.id)).toEqual([placed[1]?.id]);
    expect((await list(admin.cookie, '?status=pending&q=siti')).items.map((o) => o.id)).toEqual([
      placed[2]?.id,
    ]);
  });

  it('refuses an unknown status or page size', async () => {
    const admin = await createUser('admin');
    for (const query of ['?status=lunas', '?pageSize=20', '?page=0']) {
      const res = await call(`/api/admin/orders${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('returns the order with its items', async () => {
    const { admin, placed } = await seedOrders();
    const res = await call(`/api/admin/orders/${placed[1]?.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const order = await res.json<Order>();
    expect(order).toMatchObject({
      id: placed[1]?.id,
      customer_name: 'Siti Aminah',
      subtotal_amount: 480_000,
    });
    expect(order.order_items.map((i) => i.subtotal)).toEqual([300_000, 180_000]);
  });

  it('answers 404 for an unknown order', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/admin/orders/tidak-ada', { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect((await res.json<ErrorBody>()).error.message).toBe('Pesanan tidak ditemukan');
  });
});

describe('PATCH /api/admin/orders/:id/status', () => {
  it('sets the status and updated_at', async () => {
    const { admin, placed } = await seedOrders();
    const id = placed[0]?.id as string;
    const old = '2025-03-01T08:00:00.000Z';
    await env.DB.prepare('UPDATE orders SET updated_at = ? WHERE id = ?').bind(old, id).run();
    const res = await call(`/api/admin/orders/${id}/status`, {
      method: 'PATCH',
      json: { status: 'processing' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const order = await res.json<Order>();
    expect(order.status).toBe('processing');
    expect(order.order_items).toHaveLength(2);
    expect(order.updated_at > old).toBe(true);
    const stored = await env.DB.prepare('SELECT status, updated_at, created_at FROM orders WHERE id = ?')
      .bind(id)
      .first<{ status: string; updated_at: string; created_at: string }>();
    expect(stored).toEqual({ status: 'processing', updated_at: order.updated_at, created_at: old });
  });

  it('refuses a status outside the five and extra fields', async () => {
    const { admin, placed } = await seedOrders();
    const url = `/api/admin/orders/${placed[0]?.id}/status`;
    for (const json of [{ status: 'lunas' }, { status: 'shipped', total_amount: 1 }, {}]) {
      const res = await call(url, { method: 'PATCH', json, cookie: admin.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const stored = await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
      .bind(placed[0]?.id)
      .first<{ status: string }>();
    expect(stored?.status).toBe('pending');
  });

  it('answers 404 for an unknown order', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/admin/orders/tidak-ada/status', {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/admin/orders/:id', () => {
  it('removes the order, its items and its idempotency key, and nothing else', async () => {
    const { admin, placed } = await seedOrders();
    const before = await orderTableCounts();
    const res = await call(`/api/admin/orders/${placed[1]?.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    expect(await orderTableCounts()).toEqual({
      orders: before.orders - 1,
      order_items: before.order_items - 2,
      idempotency_keys: before.idempotency_keys - 1,
    });
    const left = await env.DB.prepare('SELECT count(*) AS n FROM order_items WHERE order_id = ?')
      .bind(placed[1]?.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    const again = await call(`/api/admin/orders/${placed[1]?.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
    expect((await again.json<ErrorBody>()).error.message).toBe('Pesanan tidak ditemukan');
  });
});

describe('admin order guards', () => {
  it('a customer gets 403 on every admin order route, even for their own order', async () => {
    const { placed, siti } = await seedOrders();
    const own = placed[1]?.id;
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${own}`],
      ['PATCH', `/api/admin/orders/${own}/status`, { status: 'delivered' }],
      ['DELETE', `/api/admin/orders/${own}`],
    ];
    for (const [method, url, json] of requests) {
      const res = await call(url, { method, json, cookie: siti.cookie });
      expect(res.status, `${method} ${url}`).toBe(403);
      const guest = await call(url, { method, json });
      expect(guest.status, `guest ${method} ${url}`).toBe(401);
    }
    expect((await orderTableCounts()).orders).toBe(3);
  });

  it("customer A gets 403 on the admin detail of B's order", async () => {
    const { placed, budi } = await seedOrders();
    const res = await call(`/api/admin/orders/${placed[1]?.id}`, { cookie: budi.cookie });
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('Siti');
  });
});
