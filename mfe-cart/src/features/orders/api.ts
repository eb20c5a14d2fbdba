import type { Order } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';

/** The signed-in customer's 5 latest orders (the API filters by the session). */
export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'] as const,
  queryFn: async () => (await apiRequest<{ items: Order[] }>('/api/orders/mine')).items,
});
