import type { Role } from '@gi/contracts';
import { stats } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { readAdminStats } from '../services/stats.ts';

/** The admin dashboard's cards and recent activity (product.md §2) as the role may read them. */
export const statsRoutes = createRouter().openapi(defineEndpoint(stats.read), async (c) =>
  // The 'dashboard' guard has read the role.
  c.json(await readAdminStats(c.env.DB, c.get('auth')?.role as Role), 200),
);
