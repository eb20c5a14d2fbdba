import { count, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import { products, productVariants as v } from '../schema.ts';

/**
 * A page of the sizes `where` picks, each with its product's name, in `order`, and how many
 * there are (the admin's size lists: low stock, estimated weights). `where` and `order` are the
 * list's own, so that its index serves both the page and the count.
 */
export async function sizePage<C extends SelectedFields>(
  db: Db,
  { columns, where, order }: { columns: C; where: SQL | undefined; order: SQL[] },
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [items, totals] = await db.batch([
    db
      .select({
        product_id: v.productId,
        product_name: products.name,
        variant_id: v.id,
        size_ml: v.sizeMl,
        ...columns,
      })
      .from(v)
      .innerJoin(products, eq(products.id, v.productId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(v).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0, page, pageSize };
}
