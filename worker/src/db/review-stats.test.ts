import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createUser } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';

// The figures in product_review_stats are kept by triggers (migrations 0036, 0048): after any
// sequence of writes, moderation moves, edits, moves between products and deletes, they must be
// what the published reviews add up to.

const FIGURES = `count(*) AS review_count, sum(rating) AS rating_total,
  sum(rating = 1) AS stars_1, sum(rating = 2) AS stars_2, sum(rating = 3) AS stars_3,
  sum(rating = 4) AS stars_4, sum(rating = 5) AS stars_5,
  sum(wear_hours IS NOT NULL) AS wear_count, coalesce(sum(wear_hours), 0) AS wear_hours_total,
  sum(projection IS 'dekat') AS projection_dekat, sum(projection IS 'sedang') AS projection_sedang,
  sum(projection IS 'kuat') AS projection_kuat, coalesce(sum(worn_in_heat), 0) AS heat_count,
  sum(for_office) AS for_office, sum(for_night) AS for_night, sum(for_event) AS for_event,
  sum(for_daily) AS for_daily`;

const review = fc.record({
  rating: fc.integer({ min: 1, max: 5 }),
  wear: fc.option(
    fc.record({
      hours: fc.integer({ min: 1, max: 48 }),
      projection: fc.constantFrom('dekat', 'sedang', 'kuat'),
      heat: fc.constantFrom(0, 1),
    }),
  ),
  occasions: fc.tuple(...[0, 1, 2, 3].map(() => fc.constantFrom(0, 1))),
});
type Review = typeof review extends fc.Arbitrary<infer T> ? T : never;
const status = fc.constantFrom('pending', 'published', 'hidden');
const step = fc.oneof(
  fc.record({ op: fc.constant('write' as const), slot: fc.nat(3), product: fc.nat(1), status, review }),
  fc.record({ op: fc.constant('moderate' as const), slot: fc.nat(3), status }),
  fc.record({ op: fc.constant('edit' as const), slot: fc.nat(3), review }),
  fc.record({ op: fc.constant('move' as const), slot: fc.nat(3), product: fc.nat(1) }),
  fc.record({ op: fc.constant('delete' as const), slot: fc.nat(3) }),
);

it('the review figures are what the published reviews add up to, after any sequence of changes', async () => {
  const products = await insertProducts([100_000, 200_000]);
  const users = await Promise.all([0, 1, 2, 3].map(() => createUser()));
  const productIds = products.map((p) => p.id);
  const expected = async () => {
    const { results } = await env.DB.prepare(
      `SELECT product_id, ${FIGURES} FROM reviews WHERE status = 'published' AND product_id IN (?, ?)
       GROUP BY product_id ORDER BY product_id`,
    )
      .bind(...productIds)
      .all();
    return results;
  };
  const kept = async () => {
    const { results } = await env.DB.prepare(
      `SELECT * FROM product_review_stats WHERE product_id IN (?, ?) AND review_count > 0 ORDER BY product_id`,
    )
      .bind(...productIds)
      .all();
    return results;
  };
  const values = (r: Review) => [
    r.rating,
    r.wear?.hours ?? null,
    r.wear?.projection ?? null,
    r.wear?.heat ?? null,
    ...r.occasions,
  ];

  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      await env.DB.prepare('DELETE FROM reviews WHERE product_id IN (?, ?)')
        .bind(...productIds)
        .run();
      for (const s of steps) {
        const id = `review-${s.slot}`;
        const user = users[s.slot]?.id;
        if (s.op === 'write') {
          await env.DB.prepare(
            `INSERT OR IGNORE INTO reviews (id, product_id, user_id, body, status, hidden_reason, published_at,
               rating, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily)
             VALUES (?, ?, ?, 'Wangi tahan lama', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
            .bind(
              id,
              productIds[s.product],
              user,
              s.status,
              s.status === 'hidden' ? 'Tidak relevan' : null,
              s.status === 'published' ? new Date().toISOString() : null,
              ...values(s.review),
            )
            .run();
        } else if (s.op === 'moderate') {
          await env.DB.prepare(
            `UPDATE reviews SET status = ?, hidden_reason = ?, published_at = coalesce(published_at, ?)
             WHERE id = ?`,
          )
            .bind(s.status, s.status === 'hidden' ? 'Tidak relevan' : null, new Date().toISOString(), id)
            .run();
        } else if (s.op === 'edit') {
          await env.DB.prepare(
            `UPDATE reviews SET rating = ?, wear_hours = ?, projection = ?, worn_in_heat = ?,
               for_office = ?, for_night = ?, for_event = ?, for_daily = ? WHERE id = ?`,
          )
            .bind(...values(s.review), id)
            .run();
        } else if (s.op === 'move') {
          await env.DB.prepare('UPDATE OR IGNORE reviews SET product_id = ? WHERE id = ?')
            .bind(productIds[s.product], id)
            .run();
        } else {
          await env.DB.prepare('DELETE FROM reviews WHERE id = ?').bind(id).run();
        }
      }
      expect(await kept()).toEqual(await expected());
      const moves = await env.DB.prepare('SELECT count(*) AS n FROM review_stat_moves').first('n');
      expect(moves).toBe(0);
    }),
    { numRuns: 40 },
  );
}, 120_000);
