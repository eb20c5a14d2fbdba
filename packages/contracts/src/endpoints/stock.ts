import { z } from 'zod';
import {
  listQuerySchema,
  lowStockPageSchema,
  lowStockThresholdSchema,
  pageSchema,
  stockChangeSchema,
} from '../schemas/catalog.ts';
import { adminOnly, EXAMPLE_IDS, endpoint, invalidAnswer, jsonAnswer, jsonBody } from './define.ts';

const tags = ['Stok'];
const pageQuery = listQuerySchema.pick({ page: true, pageSize: true });

export const lowStock = endpoint({
  method: 'get',
  path: '/admin/stock',
  tags,
  summary: 'Ukuran yang stoknya di bawah batas, terendah lebih dulu',
  policy: adminOnly('prices-stock'),
  request: { query: pageQuery },
  example: { query: { page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(lowStockPageSchema, 'Satu halaman ukuran'), 400: invalidAnswer },
});

export const changes = endpoint({
  method: 'get',
  path: '/admin/stock/{variantId}/changes',
  tags,
  summary: 'Riwayat stok satu ukuran, terbaru lebih dulu: siapa, kapan, dari, menjadi, mengapa',
  policy: adminOnly('prices-stock'),
  request: { params: z.object({ variantId: z.string().min(1).max(64) }), query: pageQuery },
  example: { params: { variantId: EXAMPLE_IDS.variant }, query: { page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(pageSchema(stockChangeSchema), 'Satu halaman perubahan'), 400: invalidAnswer },
});

export const setThreshold = endpoint({
  method: 'put',
  path: '/admin/stock/threshold',
  tags,
  summary: 'Batas stok rendah',
  policy: adminOnly('prices-stock'),
  request: { body: jsonBody(lowStockThresholdSchema) },
  example: { body: { threshold: 5 } },
  responses: { 200: jsonAnswer(lowStockThresholdSchema, 'Batas tersimpan'), 400: invalidAnswer },
});
