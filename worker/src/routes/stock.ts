import {
  type LowStockPage,
  listQuerySchema,
  lowStockPageSchema,
  lowStockThresholdSchema,
  pageSchema,
  stockChangeSchema,
} from '@gi/contracts';
import { and, asc, count, eq, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { createRouter, defineEndpoint, invalidAnswer, jsonAnswer, jsonBody } from '../api/endpoint.ts';
import { ADMIN } from '../api/policy.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { listStockChanges } from '../db/queries/stock.ts';
import { products, productVariants, siteSettings } from '../db/schema.ts';

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

const tags = ['Stok'];

const lowStock = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Ukuran yang stoknya di bawah batas, terendah lebih dulu',
  policy: ADMIN,
  request: { query: pageQuery },
  responses: { 200: jsonAnswer(lowStockPageSchema, 'Satu halaman ukuran'), 400: invalidAnswer },
});

const changes = defineEndpoint({
  method: 'get',
  path: '/{variantId}/changes',
  tags,
  summary: 'Riwayat stok satu ukuran, terbaru lebih dulu: siapa, kapan, dari, menjadi, mengapa',
  policy: ADMIN,
  request: { params: z.object({ variantId: z.string().min(1).max(64) }), query: pageQuery },
  responses: { 200: jsonAnswer(pageSchema(stockChangeSchema), 'Satu halaman perubahan'), 400: invalidAnswer },
});

const setThreshold = defineEndpoint({
  method: 'put',
  path: '/threshold',
  tags,
  summary: 'Batas stok rendah',
  policy: ADMIN,
  request: { body: jsonBody(lowStockThresholdSchema) },
  responses: { 200: jsonAnswer(lowStockThresholdSchema, 'Batas tersimpan'), 400: invalidAnswer },
});

/** The dashboard's low-stock list (counted sizes at or below the threshold, lowest first) and each size's stock history. */
export const stockRoutes = createRouter()
  .openapi(lowStock, async (c) => {
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
    const body: LowStockPage = {
      items: items.map((item) => ({ ...item, stock: item.stock ?? 0 })),
      total: totals[0]?.n ?? 0,
      page,
      pageSize,
      threshold: limit,
    };
    return c.json(body, 200);
  })

  .openapi(changes, async (c) =>
    c.json(
      await listStockChanges(getDb(c.env.DB), c.req.valid('param').variantId, c.req.valid('query')),
      200,
    ),
  )

  .openapi(setThreshold, async (c) => {
    const input = c.req.valid('json');
    await getDb(c.env.DB)
      .insert(siteSettings)
      .values({ key: THRESHOLD_KEY, value: JSON.stringify(input.threshold) })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: JSON.stringify(input.threshold), updatedAt: nowIso() },
      });
    return c.json(input, 200);
  });
