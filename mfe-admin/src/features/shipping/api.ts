import type { ShippingConfig, ShippingConfigInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { publicShippingKey } from '@gi/contracts/web';
import { useMutation, useQueryClient } from '@gi/platform';

/** PUT /api/admin/shipping: the whole setup at once. */
export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShippingConfigInput) =>
      apiRequest<ShippingConfig>('/api/admin/shipping', { method: 'PUT', body: JSON.stringify(input) }),
    // The same answer the shop's pages read (GET /api/shipping), under its one key.
    onSuccess: (saved) => client.setQueryData(publicShippingKey, saved),
  });
}
