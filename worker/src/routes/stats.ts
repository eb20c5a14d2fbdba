import { adminStatsSchema } from '@gi/contracts';
import { createRouter, defineEndpoint, jsonAnswer } from '../api/endpoint.ts';
import { ADMIN } from '../api/policy.ts';
import { readAdminStats } from '../services/stats.ts';

const read = defineEndpoint({
  method: 'get',
  path: '/',
  tags: ['Dasbor'],
  summary: 'Kartu dasbor admin dan aktivitas terbaru',
  policy: ADMIN,
  responses: { 200: jsonAnswer(adminStatsSchema, 'Ringkasan toko') },
});

/** The admin dashboard's cards and recent activity (product.md §2), one round trip to D1. */
export const statsRoutes = createRouter().openapi(read, async (c) =>
  c.json(await readAdminStats(c.env.DB), 200),
);
