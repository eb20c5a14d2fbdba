import type { Area, ShippingConfig, ShippingConfigInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { publicShippingKey } from '@gi/contracts/web';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

const shippingKey = ['admin', 'shipping'] as const;

/** GET /api/shipping: zones with their areas and services, and the free-shipping threshold. */
export const shippingQuery = queryOptions({
  queryKey: shippingKey,
  queryFn: () => apiRequest<ShippingConfig>('/api/shipping'),
});

export const provincesQuery = queryOptions({
  queryKey: ['areas', 'provinces'] as const,
  queryFn: async () => (await apiRequest<{ items: Area[] }>('/api/areas/provinces')).items,
  staleTime: Number.POSITIVE_INFINITY,
});

/** PUT /api/admin/shipping: the whole setup at once. */
export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShippingConfigInput) =>
      apiRequest<ShippingConfig>('/api/admin/shipping', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (saved) => {
      client.setQueryData(shippingKey, saved);
      return client.invalidateQueries({ queryKey: publicShippingKey });
    },
  });
}
