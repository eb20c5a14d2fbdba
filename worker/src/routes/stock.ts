import {
  listQuerySchema,
  lowStockPageSchema,
  lowStockThresholdSchema,
  pageSchema,
  stockChangeSchema,
} from '@gi/contracts';
import { z } from 'zod';
import { createRouter, defineEndpoint, invalidAnswer, jsonAnswer, jsonBody } from '../api/endpoint.ts';
import { ADMIN } from '../api/policy.ts';
import { getDb } from '../db/client.ts';
import { listLowStock, listStockChanges, saveLowStockThreshold } from '../services/stock.ts';

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
  .openapi(lowStock, async (c) => c.json(await listLowStock(getDb(c.env.DB), c.req.valid('query')), 200))

  .openapi(changes, async (c) =>
    c.json(
      await listStockChanges(getDb(c.env.DB), c.req.valid('param').variantId, c.req.valid('query')),
      200,
    ),
  )

  .openapi(setThreshold, async (c) => {
    const input = c.req.valid('json');
    await saveLowStockThreshold(getDb(c.env.DB), input.threshold);
    return c.json(input, 200);
  });
