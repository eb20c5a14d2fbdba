import type { AdminStats } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';

/** GET /api/admin/stats: totals (SQL aggregates) and the recent activity. */
export const statsQuery = queryOptions({
  queryKey: ['admin', 'stats'] as const,
  queryFn: () => apiRequest<AdminStats>('/api/admin/stats'),
});
