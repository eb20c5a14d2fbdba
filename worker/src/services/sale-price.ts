import { type SQL, sql } from 'drizzle-orm';

// The one place a size's sale price is computed (issue 40, decision 046): every product answer
// (the catalogue, a product, collections, favourites, related cards, the pages and their JSON-LD)
// and checkout's pricing (orders/cart.ts) read it through this expression, so what a card shows
// is what the order charges.
//
// Rule: of the sales live now (starts_at <= now < ends_at) that target the size (by its id, its
// product's or one of its product's collections; a sale with no target takes every size), the one
// giving the lowest price wins, and of equal prices the one ending last (its end is what the
// shopper is told). Percent: the discount rounded down to whole rupiah, so the sale price is
// price − floor(price × percent / 100). Fixed: price − value, only on sizes priced above value (a
// fixed sale never gives a size away; it leaves a cheaper size at its regular price).

/** Now as D1 reads it, in nowIso()'s format: one instant for every row of a statement. */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The best live sale of the size `v` (an alias of product_variants in the enclosing query, a
 * constant of the worker, never input) as JSON `{"price": …, "ends_at": …}`, or NULL. The live
 * sales are a range of sales_ends (ends_at > now): the ended ones are never read. The unary `+`
 * keeps SQLite off sales_starts, whose range (every sale ever started) grows with each sale.
 */
function bestSale(v: string): string {
  const price = `CASE s.kind WHEN 'percent' THEN ${v}.price - ${v}.price * s.value / 100 ELSE ${v}.price - s.value END`;
  return `(SELECT json_object('price', ${price}, 'ends_at', s.ends_at) FROM sales AS s
    WHERE s.ends_at > ${NOW} AND +s.starts_at <= ${NOW}
      AND (s.kind = 'percent' OR s.value < ${v}.price)
      AND ((s.product_ids = '[]' AND s.collection_ids = '[]' AND s.variant_ids = '[]')
        OR EXISTS (SELECT 1 FROM json_each(s.variant_ids) AS t WHERE t.value = ${v}.id)
        OR EXISTS (SELECT 1 FROM json_each(s.product_ids) AS t WHERE t.value = ${v}.product_id)
        OR EXISTS (SELECT 1 FROM json_each(s.collection_ids) AS t
          JOIN collection_products AS cp ON cp.collection_id = t.value AND cp.product_id = ${v}.product_id))
    ORDER BY ${price}, s.ends_at DESC LIMIT 1)`;
}

/** A size's live sale as the reads carry it. */
export interface LiveSale {
  price: number;
  ends_at: string;
}

/** The `json_object` argument pair of a size column (services/products.ts' sizes): `sale` nested. */
export const saleJsonField = (v: string) => `'sale', json(${bestSale(v)})`;

/** A size read by the query builder: its live sale, or null. */
export const saleColumn = (v: string): SQL<LiveSale | null> =>
  sql<string | null>`${sql.raw(bestSale(v))}`.mapWith((json: string | null) =>
    json ? (JSON.parse(json) as LiveSale) : null,
  ) as unknown as SQL<LiveSale | null>;

/** A size as the answers show it: its regular price kept, the sale's beside it (null: none). */
export function withSale<T extends { sale?: LiveSale | null }>({
  sale,
  ...size
}: T): Omit<T, 'sale'> & { sale_price: number | null; sale_ends_at: string | null } {
  return { ...size, sale_price: sale?.price ?? null, sale_ends_at: sale?.ends_at ?? null };
}
