import {
  ANALYTICS_TOP,
  type Analytics,
  type AnalyticsDimension,
  type AnalyticsFigures,
  type AnalyticsPoint,
  type AnalyticsQuery,
  type AnalyticsRow,
  addDays,
  analyticsDimensions,
  courierLabels,
  daysBetween,
  gatewayChannelLabels,
  paymentMethodLabels,
} from '@gi/contracts';
import {
  isPresetLength,
  SNAPSHOT_DIMENSIONS,
  snapshotBreakdown,
  snapshotsFor,
} from './analytics-snapshots.ts';

// Sales analytics (issue 42, decision 055): everything from sales_daily, the per-day sums the
// triggers of migration 0052 keep, through its primary key (dimension, day, key). A period reads
// at most its days' rows (and its previous period's), however many orders made them.
// A preset period's product and size breakdowns, whose keys grow with the catalogue, read the
// Cron's snapshot and the last day's rows instead (analytics-snapshots.ts).

interface DayRow {
  day: string;
  orders: number;
  revenue: number;
  units: number;
}

// Both periods' days in one range: the previous period ends the day before `from`.
const DAYS_SQL = `SELECT day, orders, revenue, units FROM sales_daily
  WHERE dimension = 'all' AND day BETWEEN ?1 AND ?2 AND key = ''`;

// One breakdown: the period's rows of one dimension summed per key, the best sellers first. The
// label is the one of the key's latest day (SQLite's bare column beside the one max()).
const BREAKDOWN_SQL = `SELECT key, label, sum(orders) AS orders, sum(revenue) AS revenue, sum(units) AS units,
  max(day) AS last_day FROM sales_daily WHERE dimension = ?1 AND day BETWEEN ?2 AND ?3
  GROUP BY key HAVING sum(orders) > 0 ORDER BY revenue DESC, key LIMIT ?4`;

const labels: Record<string, string> = {
  ...paymentMethodLabels,
  ...gatewayChannelLabels,
  ...courierLabels,
  new: 'Pelanggan baru',
  returning: 'Pelanggan lama',
  '-': 'Tidak diketahui',
};
// The keys the triggers name by a code; the others (products, sizes, collections, provinces,
// zone services, voucher codes) carry their names already.
const CODED: readonly AnalyticsDimension[] = ['channel', 'courier', 'customer', 'province'];

const figures = (orders: number, revenue: number, units: number): AnalyticsFigures => ({
  revenue,
  orders,
  averageOrderValue: orders > 0 ? Math.round(revenue / orders) : 0,
  units,
});

/** Percent change, one decimal; null when there is nothing to compare with. */
const change = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;

/** The chart's steps as ranges of day offsets from the period's start: days, ISO weeks or months. */
function steps(from: string, days: number, granularity: AnalyticsQuery['granularity']): [number, number][] {
  const ranges: [number, number][] = [];
  for (let offset = 0; offset < days; offset++) {
    const day = addDays(from, offset);
    const date = new Date(`${day}T00:00:00Z`);
    const opens =
      offset === 0 ||
      granularity === 'day' ||
      (granularity === 'week' && date.getUTCDay() === 1) ||
      (granularity === 'month' && date.getUTCDate() === 1);
    if (opens) ranges.push([offset, offset]);
    else (ranges.at(-1) as [number, number])[1] = offset;
  }
  return ranges;
}

function series(byDay: Map<string, DayRow>, from: string, ranges: [number, number][]): AnalyticsPoint[] {
  return ranges.map(([first, last]) => {
    let orders = 0;
    let revenue = 0;
    let units = 0;
    for (let offset = first; offset <= last; offset++) {
      const row = byDay.get(addDays(from, offset));
      orders += row?.orders ?? 0;
      revenue += row?.revenue ?? 0;
      units += row?.units ?? 0;
    }
    return { start: addDays(from, first), ...figures(orders, revenue, units) };
  });
}

const total = (points: AnalyticsPoint[]): AnalyticsFigures =>
  figures(
    points.reduce((sum, point) => sum + point.orders, 0),
    points.reduce((sum, point) => sum + point.revenue, 0),
    points.reduce((sum, point) => sum + point.units, 0),
  );

/** GET /api/admin/analytics: the period, its previous period of the same length, and the breakdowns. */
export async function readAnalytics(d1: D1Database, query: AnalyticsQuery): Promise<Analytics> {
  const { from, to, granularity } = query;
  const days = daysBetween(from, to);
  const previousFrom = addDays(from, -days);
  const previousTo = addDays(from, -1);
  // Plain D1 statements in one round trip, as the dashboard's cards (services/stats.ts).
  // A preset's product and size breakdowns from the Cron's snapshot when it covers the period but
  // its last day (analytics-snapshots.ts); else, as for any other period, the live query.
  const preset = isPresetLength(days);
  const fromSnapshot = (dimension: AnalyticsDimension) => preset && SNAPSHOT_DIMENSIONS.includes(dimension);
  const live = (dimension: AnalyticsDimension) =>
    d1.prepare(BREAKDOWN_SQL).bind(dimension, from, to, ANALYTICS_TOP);
  // Plain D1 statements in one round trip, as the dashboard's cards (services/stats.ts).
  const [dayRows, ...rest] = await d1.batch<DayRow | AnalyticsRow | { dimension: string }>([
    d1.prepare(DAYS_SQL).bind(previousFrom, to),
    ...analyticsDimensions.map((dimension) =>
      fromSnapshot(dimension) ? snapshotBreakdown(d1, dimension, days, to) : live(dimension),
    ),
    ...(preset ? [snapshotsFor(d1, days, from, to)] : []),
  ]);
  const built = new Set(
    (((preset && rest.at(-1)?.results) || []) as { dimension: string }[]).map((r) => r.dimension),
  );
  // No snapshot for these days (the Cron not run since WIB midnight, a fresh shop): live, a second trip.
  const missing = analyticsDimensions.filter((dimension) => fromSnapshot(dimension) && !built.has(dimension));
  const again = missing.length > 0 ? await d1.batch<AnalyticsRow>(missing.map(live)) : [];
  const breakdownRows = analyticsDimensions.map((dimension, i) => {
    const redone = missing.indexOf(dimension);
    return ((redone >= 0 ? again[redone] : rest[i])?.results ?? []) as AnalyticsRow[];
  });
  const byDay = new Map(((dayRows?.results ?? []) as DayRow[]).map((row) => [row.day, row]));
  const ranges = steps(from, days, granularity);
  const current = series(byDay, from, ranges);
  const previous = series(byDay, previousFrom, ranges);
  const totals = total(current);
  const previousTotals = total(previous);
  const breakdowns = Object.fromEntries(
    analyticsDimensions.map((dimension, i) => [
      dimension,
      (breakdownRows[i] ?? []).map(({ key, label, orders, revenue, units }) => ({
        key,
        label: CODED.includes(dimension) ? (labels[key] ?? label) : label,
        orders,
        revenue,
        units,
      })),
    ]),
  ) as Analytics['breakdowns'];
  return {
    from,
    to,
    granularity,
    previousFrom,
    previousTo,
    totals,
    previousTotals,
    change: {
      revenue: change(totals.revenue, previousTotals.revenue),
      orders: change(totals.orders, previousTotals.orders),
      averageOrderValue: change(totals.averageOrderValue, previousTotals.averageOrderValue),
      units: change(totals.units, previousTotals.units),
    },
    series: current,
    previousSeries: previous,
    breakdowns,
  };
}
