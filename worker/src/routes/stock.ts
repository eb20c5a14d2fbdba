import { type LowStockPage, listQuerySchema, lowStockThresholdSchema } from '@gi/contracts';
import { and, asc, count, eq, isNotNull, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { listStockChanges } from '../db/queries/stock.ts';
import { products, productVariants, siteSettings } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

/** site_settings key of the threshold; the admin-only settings stay out of the public /api/settings. */
const THRESHOLD_KEY = 'lowStockThreshold';
const DEFAULT_THRESHOLD = 5;

async function threshold(db: Db): Promise<number> {
  const row = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, THRESHOLD_KEY))
    .get();
  const parsed = lowStockThresholdSchema.shape.threshold.safeParse(row ? JSON.parse(row.value) : undefined);
  return parsed.success ? parsed.data : DEFAULT_THRESHOLD;
}

const v = productVariants;
const pageQuery = listQuerySchema.pick({ page: true, pageSize: true });

/** The dashboard's low-stock list (counted sizes at or below the threshold, lowest first) and each size's stock history. */
export const stockRoutes = new Hono<AppEnv>()
  .use(requireAdmin)

  .get('/', validate('query', pageQuery), async (c) => {
    const db = getDb(c.env.DB);
    const { page, pageSize } = c.req.valid('query');
    const limit = await threshold(db);
    // Through the partial index product_variants_stock (stock, id): a range, lowest first.
    const low = and(isNotNull(v.stock), lte(v.stock, limit));
    const [items, totals] = await db.batch([
      db
        .select({
          product_id: v.productId,
          product_name: products.name,
          variant_id: v.id,
          size_ml: v.sizeMl,
          sku: v.sku,
          stock: v.stock,
        })
        .from(v)
        .innerJoin(products, eq(products.id, v.productId))
        .where(low)
        .orderBy(asc(v.stock), asc(v.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(v).where(low),
    ]);
    return c.json({
      items: items.map((item) => ({ ...item, stock: item.stock ?? 0 })),
      total: totals[0]?.n ?? 0,
      page,
      pageSize,
      threshold: limit,
    } satisfies LowStockPage);
  })

  /** One size's stock changes, newest first (decision 025): who, when, from, to and why. */
  .get(
    '/:variantId/changes',
    validate('param', z.object({ variantId: z.string().min(1).max(64) })),
    validate('query', pageQuery),
    async (c) =>
      c.json(await listStockChanges(getDb(c.env.DB), c.req.valid('param').variantId, c.req.valid('query'))),
  )

  .put('/threshold', validate('json', lowStockThresholdSchema), async (c) => {
    const input = c.req.valid('json');
    await getDb(c.env.DB)
      .insert(siteSettings)
      .values({ key: THRESHOLD_KEY, value: JSON.stringify(input.threshold) })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: JSON.stringify(input.threshold), updatedAt: nowIso() },
      });
    return c.json(input);
  });
