import { can } from '@gi/contracts';
import { stats } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { readAdminStats } from '../services/stats.ts';

/** The admin dashboard's cards and recent activity (product.md §2), one round trip to D1. */
export const statsRoutes = createRouter().openapi(defineEndpoint(stats.read), async (c) => {
  const answer = await readAdminStats(c.env.DB);
  // The revenue is the 'reports' permission's (decision 052): every dashboard has the counts.
  if (can(c.get('auth')?.role, 'reports')) return c.json(answer, 200);
  return c.json({ ...answer, totalSales: null }, 200);
});
