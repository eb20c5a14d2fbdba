import { api } from '@gi/contracts/api';
import { queryOptions } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';

/** Totals (SQL aggregates) and the recent activity. */
export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => api('GET /admin/stats'),
});
