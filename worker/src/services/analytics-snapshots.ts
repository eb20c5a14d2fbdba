import { ANALYTICS_TOP, type AnalyticsDimension, addDays, analyticsPresets, wibDay } from '@gi/contracts';

// The product and size breakdowns of the admin's preset periods at scale (decision 055, "Limits"):
// a period's live breakdown reads every key sold in it (675,000 rows for 12 months of 20,000
// products). The Cron sums each preset's days but today once a day into analytics_snapshot_rows
// (migration 0059, whose triggers add later changes to those days); a preset then reads the
// snapshot's top rows and today's keys, and its top rows are exactly the live query's.

/** The breakdowns whose keys grow with the catalogue; the others stay live (a few keys a day). */
export const SNAPSHOT_DIMENSIONS: readonly AnalyticsDimension[] = ['product', 'size'];

/** Preset lengths, shortest first: the Cron builds the 7 days' (the view's default) first. */
const PRESET_DAYS = analyticsPresets.map((preset) => preset.days).toSorted((a, b) => a - b);

/** The days a snapshot for a period of `days` ending `today` covers: all of them but today. */
const coveredDays = (days: number, today: string) => ({
  firstDay: addDays(today, -(days - 1)),
  lastDay: addDays(today, -1),
});

const SNAPSHOTS_SQL = `SELECT dimension, days, first_day, last_day FROM analytics_snapshots
  WHERE dimension IN ('product', 'size') AND days IN (${PRESET_DAYS.join(', ')})`;

/**
 * The Cron's job: builds the first snapshot (shortest preset first, product before size) that
 * does not cover its preset's days as of `now`'s WIB day, and only that one: the 12 months'
 * statement reads every key of the year (about 3 s of D1 at the bench's 20,000 products), so one
 * per run keeps D1 free for the shop's writes; the minute Cron has them all within minutes of
 * WIB midnight. Run again, it finds them built and reads 8 rows. Answers what it built.
 */
export async function refreshAnalyticsSnapshots(
  d1: D1Database,
  now: Date,
): Promise<{ dimension: AnalyticsDimension; days: number } | null> {
  const today = wibDay(now.getTime());
  const { results } = await d1
    .prepare(SNAPSHOTS_SQL)
    .all<{ dimension: string; days: number; first_day: string; last_day: string }>();
  for (const days of PRESET_DAYS) {
    const { firstDay, lastDay } = coveredDays(days, today);
    for (const dimension of SNAPSHOT_DIMENSIONS) {
      const built = results.find((row) => row.dimension === dimension && row.days === days);
      if (built?.first_day === firstDay && built.last_day === lastDay) continue;
      await buildSnapshot(d1, dimension, days, firstDay, lastDay, now);
      return { dimension, days };
    }
  }
  return null;
}

/**
 * One snapshot replaced in one transaction: the period's sales_daily rows summed per key in D1 (an
 * INSERT … SELECT, no row through the Worker), the label of each key's latest day as the live
 * query's, and the days it now covers.
 */
function buildSnapshot(
  d1: D1Database,
  dimension: AnalyticsDimension,
  days: number,
  firstDay: string,
  lastDay: string,
  now: Date,
) {
  return d1.batch([
    d1
      .prepare('DELETE FROM analytics_snapshot_rows WHERE dimension = ?1 AND days = ?2')
      .bind(dimension, days),
    d1
      .prepare(
        `INSERT INTO analytics_snapshot_rows (dimension, days, key, label, label_day, orders, revenue, units)
          SELECT ?1, ?2, key, label, max(day), sum(orders), sum(revenue), sum(units) FROM sales_daily
          WHERE dimension = ?1 AND day BETWEEN ?3 AND ?4 GROUP BY key`,
      )
      .bind(dimension, days, firstDay, lastDay),
    d1
      .prepare(
        `INSERT INTO analytics_snapshots (dimension, days, first_day, last_day, built_at) VALUES (?1, ?2, ?3, ?4, ?5)
          ON CONFLICT (dimension, days) DO UPDATE SET first_day = excluded.first_day,
            last_day = excluded.last_day, built_at = excluded.built_at`,
      )
      .bind(dimension, days, firstDay, lastDay, now.toISOString()),
  ]);
}

/** The dimensions whose snapshot covers the period `from`–`to` but its last day. */
export function snapshotsFor(d1: D1Database, days: number, from: string, to: string) {
  return d1
    .prepare(
      `SELECT dimension FROM analytics_snapshots WHERE dimension IN ('product', 'size') AND days = ?1
        AND first_day = ?2 AND last_day = ?3`,
    )
    .bind(days, from, addDays(to, -1));
}

/**
 * A preset's breakdown from its snapshot and its last day's live rows. Exact: a key that is
 * neither in the snapshot's top rows nor sold on the last day has its snapshot figures, which
 * rank after all of the top rows' (themselves plus the last day's), so it cannot enter the top;
 * the candidates are those top rows and the last day's keys, each summed from both, ranked as
 * the live query ranks (revenue, then key).
 */
export function snapshotBreakdown(d1: D1Database, dimension: AnalyticsDimension, days: number, to: string) {
  return d1
    .prepare(
      `WITH candidates(key) AS (
        SELECT key FROM (SELECT key FROM analytics_snapshot_rows WHERE dimension = ?1 AND days = ?2 AND orders > 0
          ORDER BY revenue DESC, key LIMIT ?4)
        UNION SELECT key FROM sales_daily WHERE dimension = ?1 AND day = ?3)
      SELECT c.key AS key, CASE WHEN t.key IS NULL THEN s.label ELSE t.label END AS label,
        coalesce(s.orders, 0) + coalesce(t.orders, 0) AS orders,
        coalesce(s.revenue, 0) + coalesce(t.revenue, 0) AS revenue,
        coalesce(s.units, 0) + coalesce(t.units, 0) AS units
      FROM candidates c
      LEFT JOIN analytics_snapshot_rows s ON s.dimension = ?1 AND s.days = ?2 AND s.key = c.key
      LEFT JOIN sales_daily t ON t.dimension = ?1 AND t.day = ?3 AND t.key = c.key
      WHERE coalesce(s.orders, 0) + coalesce(t.orders, 0) > 0
      ORDER BY revenue DESC, key LIMIT ?4`,
    )
    .bind(dimension, days, to, ANALYTICS_TOP);
}

/** Whether a period of `days` has a snapshot at all: the presets' lengths. */
export const isPresetLength = (days: number) => PRESET_DAYS.includes(days);
