import type { ShippingConfigInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { publicShippingKey } from '@gi/contracts/web';
import { useMutation, useQueryClient } from '@gi/platform';

/** The whole setup at once. */
export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShippingConfigInput) => api('PUT /admin/shipping', { body: input }),
    // The same answer the shop's pages read (GET /shipping), under its one key.
    onSuccess: (saved) => client.setQueryData(publicShippingKey, saved),
  });
}
