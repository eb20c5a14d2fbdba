import { stats } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { readAdminStats } from '../services/stats.ts';

/** The admin dashboard's cards and recent activity (product.md §2), one round trip to D1. */
export const statsRoutes = createRouter().openapi(defineEndpoint(stats.read), async (c) =>
  c.json(await readAdminStats(c.env.DB), 200),
);
