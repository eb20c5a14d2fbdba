import type { AnalyticsQuery } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';

/** The sales analytics of a period (decision 055); the previous answer stays while the next loads. */
export const analyticsQuery = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...adminKeys.stats, 'analytics', query.from, query.to, query.granularity] as const,
    queryFn: () => api('GET /admin/analytics', { query }),
    placeholderData: keepPreviousData,
  });
