import { type ActivityItem, type AdminStats, paidOrderStatuses } from '@gi/contracts';
import { stats } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
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

// Integer rupiah sums stay integers; coalesce answers 0 before the first order.
// 'Total Penjualan' counts paid orders only (processing, shipped, delivered).
const ORDER_TOTALS_SQL = `SELECT
  coalesce(sum(value) FILTER (WHERE name GLOB 'orders:*'), 0) AS n,
  coalesce(sum(value) FILTER (WHERE name IN (${paidOrderStatuses.map((s) => `'sales:${s}'`).join(', ')})), 0) AS sales,
  coalesce(sum(value) FILTER (WHERE name = 'orders:pending'), 0) AS awaiting_payment,
  coalesce(sum(value) FILTER (WHERE name = 'orders:processing'), 0) AS to_ship,
  coalesce(sum(value) FILTER (WHERE name = 'payments:submitted'), 0) AS awaiting_verification,
  coalesce(sum(value) FILTER (WHERE name = 'payments:midtrans:pending'), 0) AS awaiting_gateway
  FROM counters`;

/** The admin dashboard's cards and recent activity (product.md §2), one round trip to D1. */
export const statsRoutes = createRouter().openapi(defineEndpoint(stats.read), async (c) => {
  // Plain D1 statements: Drizzle's batch cannot carry a raw query like the UNION above.
  const db = c.env.DB;
  const [products, collections, orders, activity] = await db.batch([
    // The counters the triggers of migration 0012 keep: no count over the growing tables.
    db.prepare("SELECT coalesce(sum(value), 0) AS n FROM counters WHERE name = 'products'"),
    db.prepare("SELECT coalesce(sum(value), 0) AS n FROM counters WHERE name = 'collections'"),
    db.prepare(ORDER_TOTALS_SQL),
    db.prepare(RECENT_ACTIVITY_SQL).bind(RECENT_ACTIVITY_LIMIT),
  ]);
  // An aggregate without GROUP BY always answers exactly one row.
  const totals = (result: D1Result | undefined) =>
    result?.results[0] as {
      n: number;
      sales: number;
      awaiting_payment: number;
      to_ship: number;
      awaiting_verification: number;
      awaiting_gateway: number;
    };
  const stats: AdminStats = {
    totalProducts: totals(products).n,
    totalCollections: totals(collections).n,
    totalOrders: totals(orders).n,
    totalSales: totals(orders).sales,
    awaitingPayment: totals(orders).awaiting_payment,
    awaitingVerification: totals(orders).awaiting_verification,
    awaitingGateway: totals(orders).awaiting_gateway,
    toShip: totals(orders).to_ship,
    recentActivity: (activity?.results ?? []) as ActivityItem[],
  };
  return c.json(stats, 200);
});
