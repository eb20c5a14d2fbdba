import type { AdminStats } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';

/** GET /api/admin/stats: totals (SQL aggregates) and the recent activity. */
export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => apiRequest<AdminStats>('/api/admin/stats'),
});
