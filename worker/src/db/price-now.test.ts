import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { productsByIds } from '../services/products.ts';
import { getDb } from './client.ts';

// products.price_now (migration 0060) mirrors in SQL the sale rule of services/sale-price.ts,
// which every product answer and checkout read: for many products, sizes and overlapping sales
// (percent and fixed, a fixed one above a size's price, by size, product, collection or the whole
// catalogue, live, to come and ended), each product's price_now must be the lowest of its sizes'
// prices as the answers give them (the sale's price, else the regular one).

/** A deterministic sequence of whole numbers in [0, n): the same catalogue on every run. */
function numbers(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor(state / 65_536) % n;
  };
}

const HOUR = 3_600_000;

/** Each product's lowest price as the answers show it (sale-price.ts' rule), by id. */
async function answered(ids: string[]): Promise<Record<string, number>> {
  const products = await productsByIds(getDb(env.DB), ids);
  return Object.fromEntries(
    products.map((product) => [
      product.id,
      product.variants.length === 0
        ? product.price
        : Math.min(...product.variants.map((size) => size.sale_price ?? size.price)),
    ]),
  );
}

async function stored(ids: string[]): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT id, price_now FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`,
  )
    .bind(...ids)
    .all<{ id: string; price_now: number }>();
  return Object.fromEntries(results.map((row) => [row.id, row.price_now]));
}

it('price_now agrees with the sale price the answers give, through every kind of target and overlap', async () => {
  const next = numbers(46);
  const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
  const sizeIds: string[] = [];
  const statements: D1PreparedStatement[] = [
    env.DB.prepare(
      "INSERT INTO collections (id, slug, name) VALUES ('c1', 'segar', 'Segar'), ('c2', 'hangat', 'Hangat')",
    ),
  ];
  for (const [i, id] of ids.entries()) {
    // Odd prices, so the percent rounding matters; the last product has no size left.
    const prices = Array.from(
      { length: i === ids.length - 1 ? 0 : 1 + next(3) },
      () => 20_000 + next(400_000) + 1,
    );
    statements.push(
      env.DB.prepare(
        "INSERT INTO products (id, name, description, price, image) VALUES (?, ?, 'Wangi uji.', ?, '/images/x.webp')",
      ).bind(id, `Parfum ${id}`, prices.length ? Math.min(...prices) : 99_999),
      ...prices.map((price, n) => {
        sizeIds.push(`${id}-${n}`);
        return env.DB.prepare(
          'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, ?, ?, 5)',
        ).bind(`${id}-${n}`, id, 10 * (n + 1), price);
      }),
    );
    if (next(3) === 0)
      statements.push(
        env.DB.prepare('INSERT INTO collection_products (collection_id, product_id) VALUES (?, ?)').bind(
          next(2) === 0 ? 'c1' : 'c2',
          id,
        ),
      );
  }
  await env.DB.batch(statements);

  const now = Date.now();
  const pick = <T>(list: T[], count: number) =>
    Array.from({ length: count }, () => list[next(list.length)] as T);
  const sale = env.DB.prepare(
    "INSERT INTO sales (id, name, kind, value, starts_at, ends_at, product_ids, collection_ids, variant_ids, created_at, updated_at) VALUES (?, 'Promo', ?, ?, ?, ?, ?, ?, ?, '', '')",
  );
  const when = (kind: number) =>
    kind === 0
      ? [now - HOUR, now + HOUR] // live
      : kind === 1
        ? [now + HOUR, now + 2 * HOUR] // to come
        : [now - 2 * HOUR, now - HOUR]; // ended
  const sales = Array.from({ length: 16 }, (_, n) => {
    // The first on the whole catalogue, a fixed amount above many sizes' price (they keep theirs).
    const percent = n > 0 && next(2) === 0;
    const [starts, ends] = when(n < 10 ? 0 : next(3)) as [number, number];
    const target = n === 0 ? 3 : next(3);
    return sale.bind(
      `s${n}`,
      percent ? 'percent' : 'fixed',
      n === 0 ? 60_000 : percent ? 1 + next(60) : 10_000 + next(200_000),
      new Date(starts).toISOString(),
      new Date(ends).toISOString(),
      JSON.stringify(target === 0 ? pick(ids, 4) : []),
      JSON.stringify(target === 1 ? ['c1'] : []),
      JSON.stringify(target === 2 ? pick(sizeIds, 6) : []),
    );
  });
  // One at a time: each live sale's trigger reads its targets again.
  for (const statement of sales) await statement.run();

  const first = await answered(ids);
  // The catalogue has sale prices to agree on, not only regular ones.
  const { results: sizes } = await env.DB.prepare('SELECT id, product_id, price FROM product_variants').all<{
    product_id: string;
    price: number;
  }>();
  const regular = (id: string) =>
    Math.min(...sizes.filter((size) => size.product_id === id).map((size) => size.price));
  expect(
    ids.filter((id) => first[id] !== regular(id) && sizes.some((s) => s.product_id === id)).length,
  ).toBeGreaterThan(10);
  expect(await stored(ids)).toEqual(first);

  // Changes through every trigger: sizes repriced and removed, memberships moved, sales changed and deleted.
  await env.DB.batch([
    env.DB.prepare(
      'UPDATE product_variants SET price = price - 7777 WHERE id IN (SELECT id FROM product_variants WHERE size_ml = 10 LIMIT 8)',
    ),
    env.DB.prepare('DELETE FROM product_variants WHERE size_ml = 20'),
    env.DB.prepare("UPDATE collection_products SET collection_id = 'c1' WHERE collection_id = 'c2'"),
    env.DB.prepare(
      "UPDATE sales SET value = CASE kind WHEN 'percent' THEN 50 ELSE 150000 END WHERE id IN ('s1', 's2', 's3')",
    ),
    env.DB.prepare("DELETE FROM sales WHERE id IN ('s4', 's5')"),
    // A sale to come or ended, made live.
    env.DB.prepare('UPDATE sales SET starts_at = ?, ends_at = ? WHERE id = ?').bind(
      new Date(now - HOUR).toISOString(),
      new Date(now + HOUR).toISOString(),
      's12',
    ),
  ]);
  expect(await stored(ids)).toEqual(await answered(ids));
});
