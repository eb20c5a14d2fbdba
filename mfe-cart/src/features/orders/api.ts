import { api } from '@gi/contracts/api';
import { queryOptions } from '@gi/platform';

/** The signed-in customer's 5 latest orders (the API filters by the session). */
export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'] as const,
  queryFn: async () => (await api('GET /orders/mine')).items,
});
