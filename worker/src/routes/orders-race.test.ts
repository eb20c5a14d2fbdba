import { env } from 'cloudflare:test';
import type { Order } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/helpers.ts';
import {
  allowManyUnpaid,
  CUSTOMER,
  cart,
  insertProducts,
  NOTHING_WRITTEN,
  orderTableCounts,
  REGULER,
  type TestProduct,
} from '../../test/order-fixtures.ts';
import { postOrderOn, racingDb } from '../../test/racing-db.ts';

// Plain concurrent requests in local workerd mostly reach the key lookup one after the
// other, so the losing-batch path would go untested: `racingDb` holds the lookup until
// every request has read, forcing them all into the insert race on the real database.
const KEY_LOOKUP = /^select .* from "idempotency_keys"/i;
/** The read of the open transfer totals around the order's amount (payments/checkout.ts). */
const CODES_LOOKUP = /^select "total_amount" from "orders"/i;
/** The amount before its code of one 50.000 item by the seeded 'Reguler' (Rp 15.000). */
const BASE = 50_000 + REGULER.baseFee;

/** Open transfer orders (raw SQL) of another shopper of the amount BASE, holding the codes 1..count. */
async function holdCodes(userId: string, count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < ?2)
     INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, unique_code)
     SELECT lower(hex(randomblob(16))), ?1, 'Siti', 's@contoh.id', 'Jakarta', ?3 + v, v FROM n`,
  )
    .bind(userId, count, BASE)
    .run();
}

async function codesOfUnpaid(): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT unique_code AS code FROM orders WHERE status = 'pending' ORDER BY unique_code",
  ).all<{ code: number }>();
  return results.map((row) => row.code);
}

describe('POST /api/orders under races and failures', () => {
  it('five requests that all miss the key still create one order, and all get it', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000, 80_000]);
    const body = { items: cart(products, 2), customer: CUSTOMER };
    const race = racingDb(5, KEY_LOOKUP);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postOrderOn(race.db, user.cookie, body, 'balapan-01')),
    );
    expect(race.held()).toBe(5);
    const orders = await Promise.all(answers.map((res) => res.json<Order>()));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect(orders.every((o) => o.order_items.length === 2 && o.subtotal_amount === 400_000)).toBe(true);
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 2, idempotency_keys: 1 });
  });

  it('a race lost to a different body is a 409, not a 500', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000]);
    const race = racingDb(2, KEY_LOOKUP);
    const [a, b] = await Promise.all([
      postOrderOn(race.db, user.cookie, { items: cart(products, 1), customer: CUSTOMER }, 'balapan-02'),
      postOrderOn(race.db, user.cookie, { items: cart(products, 2), customer: CUSTOMER }, 'balapan-02'),
    ]);
    expect(race.held()).toBe(2);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 1, idempotency_keys: 1 });
  });

  it('two transfer orders that read the same last free total of their amount: one gets it, the other a clear 503 and no write', async () => {
    const user = await createUser();
    const products = await insertProducts([50_000]);
    await holdCodes((await createUser()).id, 998);
    const race = racingDb(2, CODES_LOOKUP);
    const body = { items: cart(products), customer: CUSTOMER };
    const answers = await Promise.all(
      ['kode-unik-01', 'kode-unik-02'].map((key) => postOrderOn(race.db, user.cookie, body, key)),
    );
    expect(race.held()).toBe(2);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 503]);
    const refused = answers.find((res) => res.status === 503) as Response;
    expect(await refused.json()).toEqual({
      error: {
        code: 'no_unique_code',
        message:
          'Sedang banyak pesanan transfer dengan jumlah yang sama menunggu pembayaran. Pilih cara pembayaran lain (QRIS, virtual account, atau e-wallet), atau coba lagi sebentar lagi.',
      },
    });
    expect(await codesOfUnpaid()).toEqual(Array.from({ length: 999 }, (_, i) => i + 1));
  });

  it('transfer totals never collide among open transfer orders under concurrent creation', async () => {
    const user = await createUser();
    const products = await insertProducts([50_000]);
    // Five codes left, and all five requests read them before any writes: they must collide and retry.
    await holdCodes((await createUser()).id, 994);
    await allowManyUnpaid();
    const race = racingDb(5, CODES_LOOKUP);
    const body = { items: cart(products), customer: CUSTOMER };
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postOrderOn(race.db, user.cookie, body, `kode-bersamaan-${i}`)),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    const codes = (await Promise.all(answers.map((res) => res.json<Order>()))).map((o) => o.unique_code);
    expect(codes.sort((a, b) => a - b)).toEqual([995, 996, 997, 998, 999]);
    expect(await codesOfUnpaid()).toEqual(Array.from({ length: 999 }, (_, i) => i + 1));
    // A cancelled order's code is free for the next one.
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE unique_code = 7").run();
    const next = await postOrderOn(env.DB, user.cookie, body, 'kode-bebas-01');
    expect((await next.json<Order>()).unique_code).toBe(7);
  });

  it('N orders for the last unit, all past the stock check at once: one order, the others 409', async () => {
    const [product] = await insertProducts([300_000], 1);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    // Every request reads stock 1 before any batch runs: only the CHECK can stop the others. (`s`: the
    // size's sale subquery, decision 046, spans lines.)
    const race = racingDb(4, /^select .* from "product_variants"/is);
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        postOrderOn(
          race.db,
          buyer.cookie,
          { items: cart([product as TestProduct]), customer: CUSTOMER },
          `stok-${i}-001`,
        ),
      ),
    );
    expect(race.held()).toBe(4);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    const refusals = await Promise.all(answers.filter((res) => res.status === 409).map((res) => res.json()));
    for (const body of refusals) {
      expect(body).toEqual({
        error: {
          code: 'out_of_stock',
          message: 'Stok Parfum Uji 1 50 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.',
          fields: { 'items.0.quantity': 'Stok Parfum Uji 1 50 ml habis' },
        },
      });
    }
    expect(await orderTableCounts()).toEqual({ orders: 1, order_items: 1, idempotency_keys: 1 });
    const left = await env.DB.prepare('SELECT stock FROM product_variants WHERE id = ?')
      .bind(product?.variantId)
      .first('stock');
    expect(left).toBe(0);
  });

  it("N orders of one customer, all past the held-units check at once: the trigger keeps them within the size's maximum (422)", async () => {
    const [product] = await insertProducts([300_000], 50, 4);
    const user = await createUser();
    // Every request reads 0 units held before any batch runs: only the trigger can stop the others.
    const race = racingDb(4, /^select "order_items"\."variant_id", sum/i);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        postOrderOn(
          race.db,
          user.cookie,
          { items: cart([product as TestProduct], 2), customer: CUSTOMER },
          `batas-${i}-001`,
        ),
      ),
    );
    expect(race.held()).toBe(4);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 422, 422]);
    for (const res of answers.filter((r) => r.status === 422)) {
      expect(((await res.json()) as { error: { code: string; fields: unknown } }).error).toMatchObject({
        code: 'over_order_limit',
        fields: {
          'items.0.quantity':
            'Parfum Uji 1 50 ml maksimal 4 per pelanggan selama pesanan belum dibayar; 4 sudah ada di pesanan Anda yang belum dibayar',
        },
      });
    }
    expect(await orderTableCounts()).toEqual({ orders: 2, order_items: 2, idempotency_keys: 2 });
  });

  it('an unexpected batch failure is a 500 with the checkout message and writes nothing', async () => {
    const user = await createUser();
    const products = await insertProducts([120_000]);
    const body = { items: cart(products), customer: CUSTOMER };
    // D1 whose batches fail, as when the database is unavailable mid-checkout.
    // The D1 session the Worker opens (middleware/d1-session.ts) fails the same way.
    const failing = <T extends object>(binding: T): T =>
      new Proxy(binding, {
        get(target, prop) {
          if (prop === 'batch') return () => Promise.reject(new Error('D1 tidak tersedia'));
          if (prop === 'withSession') {
            return (constraint: string) => failing((target as unknown as D1Database).withSession(constraint));
          }
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const broken = failing(env.DB);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postOrderOn(broken, user.cookie, body, 'gagal-0001');
    expect(res.status).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    expect(await res.json()).toEqual({
      error: { code: 'order_failed', message: 'Gagal membuat pesanan. Silakan coba lagi.' },
    });
    expect(await orderTableCounts()).toEqual(NOTHING_WRITTEN);
  });
});

describe('unpaid orders per customer (issue 27, finding 1)', () => {
  it('one account posting orders with fresh keys, 4 at a time: only the limit is placed, the rest a clear 409, and other shoppers still check out', async () => {
    const attacker = await createUser();
    const products = await insertProducts([50_000]);
    const body = { items: cart(products), customer: CUSTOMER };
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      // All four read the free codes before any writes: a read-then-write limit would let them all in.
      const race = racingDb(4, CODES_LOOKUP);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => postOrderOn(race.db, attacker.cookie, body, crypto.randomUUID())),
      );
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 409)
          messages.add((await res.json<{ error: { message: string } }>()).error.message);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(13);
    expect([...messages]).toEqual([
      'Anda masih memiliki 3 pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.',
    ]);
    const unpaid = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE status = 'pending'").first(
      'n',
    );
    expect(unpaid).toBe(3);
    // The shop is told of each order placed, not of each attempt.
    const shopMails = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE template = 'shop-new-order'",
    ).first('n');
    expect(shopMails).toBe(3);

    const other = await createUser();
    expect((await postOrderOn(env.DB, other.cookie, body, crypto.randomUUID())).status).toBe(201);
  });
});
