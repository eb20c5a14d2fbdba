import {
  type ActivityItem,
  type AdminStats,
  can,
  type Permission,
  paidOrderStatuses,
  type Role,
} from '@gi/contracts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';

/** Events in the dashboard's recent-activity list. */
export const RECENT_ACTIVITY_LIMIT = 8;

const CONTENT_CATEGORY_LIST = CONTENT_CATEGORIES.map((category) => `'${category}'`).join(', ');

// Each part takes its newest rows through its created_at index before the merge, so the query
// stays small however long the tables grow. A part is for the roles holding the permission of
// the records it names (decision 052): a content editor sees no customer's name, an order
// handler no product.
const ACTIVITY_PARTS: { permission: Permission; sql: string }[] = [
  {
    permission: 'orders',
    sql: `SELECT * FROM (SELECT 'order' AS type, id, customer_name AS title, created_at
      FROM orders ORDER BY created_at DESC LIMIT ?1)`,
  },
  {
    permission: 'orders',
    sql: `SELECT * FROM (SELECT 'customer_service' AS type, id, title, created_at
      FROM customer_service WHERE category NOT IN (${CONTENT_CATEGORY_LIST})
      ORDER BY created_at DESC LIMIT ?1)`,
  },
  {
    permission: 'catalog',
    sql: `SELECT * FROM (SELECT 'product' AS type, id, name AS title, created_at
      FROM products ORDER BY created_at DESC LIMIT ?1)`,
  },
];

const recentActivitySql = (parts: string[]) => `
  SELECT type, id, title, created_at FROM (${parts.join(' UNION ALL ')})
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

/**
 * The admin dashboard's cards and recent activity (product.md §2) as `role` may read them, one
 * round trip to D1: the revenue only with 'reports' (null otherwise), the activity of its records.
 */
export async function readAdminStats(d1: D1Database, role: Role): Promise<AdminStats> {
  const parts = ACTIVITY_PARTS.filter((part) => can(role, part.permission)).map((part) => part.sql);
  // Plain D1 statements: Drizzle's batch cannot carry a raw query like the UNION above.
  const [cards, activity] = await d1.batch<Cards | ActivityItem>([
    d1.prepare(CARDS_SQL),
    ...(parts.length > 0 ? [d1.prepare(recentActivitySql(parts)).bind(RECENT_ACTIVITY_LIMIT)] : []),
  ]);
  // An aggregate without GROUP BY always answers exactly one row.
  const counts = cards?.results[0] as Cards;
  return {
    ...counts,
    totalSales: can(role, 'reports') ? counts.totalSales : null,
    recentActivity: (activity?.results ?? []) as ActivityItem[],
  };
}
