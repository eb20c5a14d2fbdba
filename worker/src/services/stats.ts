import { type ActivityItem, type AdminStats, paidOrderStatuses } from '@gi/contracts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';

/** Events in the dashboard's recent-activity list. */
export const RECENT_ACTIVITY_LIMIT = 8;

const CONTENT_CATEGORY_LIST = CONTENT_CATEGORIES.map((category) => `'${category}'`).join(', ');

// Each part takes its newest rows through its created_at index before the merge,
// so the query stays small however long the tables grow.
const RECENT_ACTIVITY_SQL = `
  SELECT type, id, title, created_at FROM (
    SELECT * FROM (SELECT 'order' AS type, id, customer_name AS title, created_at
      FROM orders ORDER BY created_at DESC LIMIT ?1)
    UNION ALL
    SELECT * FROM (SELECT 'customer_service' AS type, id, title, created_at
      FROM customer_service WHERE category NOT IN (${CONTENT_CATEGORY_LIST})
      ORDER BY created_at DESC LIMIT ?1)
    UNION ALL
    SELECT * FROM (SELECT 'product' AS type, id, name AS title, created_at
      FROM products ORDER BY created_at DESC LIMIT ?1)
  )
  ORDER BY created_at DESC LIMIT ?1`;

// The counters the triggers of migration 0012 keep: no count over the growing tables. Named as
// the answer's cards, in its order. Integer rupiah sums stay integers; coalesce answers 0 before
// the first row. 'Total Penjualan' counts paid orders only (processing, shipped, delivered), less
// the cash of COD orders the couriers have not collected yet (migration 0031, decision 034).
const CARDS_SQL = `SELECT
  coalesce(sum(value) FILTER (WHERE name = 'products'), 0) AS "totalProducts",
  coalesce(sum(value) FILTER (WHERE name = 'collections'), 0) AS "totalCollections",
  coalesce(sum(value) FILTER (WHERE name GLOB 'orders:*'), 0) AS "totalOrders",
  coalesce(sum(value) FILTER (WHERE name IN (${paidOrderStatuses.map((s) => `'sales:${s}'`).join(', ')})), 0)
    - coalesce(sum(value) FILTER (WHERE name = 'cod:uncollected'), 0) AS "totalSales",
  coalesce(sum(value) FILTER (WHERE name = 'orders:pending'), 0) AS "awaitingPayment",
  coalesce(sum(value) FILTER (WHERE name = 'payments:submitted'), 0) AS "awaitingVerification",
  coalesce(sum(value) FILTER (WHERE name = 'payments:midtrans:pending'), 0) AS "awaitingGateway",
  coalesce(sum(value) FILTER (WHERE name = 'orders:processing'), 0) AS "toShip",
  coalesce(sum(value) FILTER (WHERE name = 'reviews:pending'), 0) AS "pendingReviews"
  FROM counters`;

type Cards = Omit<AdminStats, 'recentActivity'>;

/** The admin dashboard's cards and recent activity (product.md §2), one round trip to D1. */
export async function readAdminStats(d1: D1Database): Promise<AdminStats> {
  // Plain D1 statements: Drizzle's batch cannot carry a raw query like the UNION above.
  const [cards, activity] = await d1.batch<Cards | ActivityItem>([
    d1.prepare(CARDS_SQL),
    d1.prepare(RECENT_ACTIVITY_SQL).bind(RECENT_ACTIVITY_LIMIT),
  ]);
  // An aggregate without GROUP BY always answers exactly one row.
  return { ...(cards?.results[0] as Cards), recentActivity: (activity?.results ?? []) as ActivityItem[] };
}
