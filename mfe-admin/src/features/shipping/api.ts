import type { CourierSettingsInput, ShippingConfigInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { publicShippingKey } from '@gi/contracts/web';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

/** The whole setup at once. */
export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShippingConfigInput) => api('PUT /admin/shipping', { body: input }),
    // The same answer the shop's pages read (GET /shipping), under its one key.
    onSuccess: (saved) => client.setQueryData(publicShippingKey, saved),
  });
}

/** The live-rate setup, whether the Worker holds the aggregator's key, and the origin's area names. */
export const courierSettingsQuery = queryOptions({
  queryKey: ['admin', 'shipping', 'courier'] as const,
  queryFn: () => api('GET /admin/shipping/courier'),
});

export function useSaveCourierSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CourierSettingsInput) => api('PUT /admin/shipping/courier', { body: input }),
    onSuccess: (saved) => client.setQueryData(courierSettingsQuery.queryKey, saved),
  });
}
