import type { SavedAddress, SavedAddressInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';

export const addressesQuery = queryOptions({
  queryKey: ['addresses'] as const,
  queryFn: async () => (await apiRequest<{ items: SavedAddress[] }>('/api/addresses')).items,
});

/** Adds an address to the book, or replaces the one of `id`. */
export const storeAddress = (input: SavedAddressInput, id: string | null) =>
  apiRequest<SavedAddress>(id ? `/api/addresses/${id}` : '/api/addresses', {
    method: id ? 'PUT' : 'POST',
    body: JSON.stringify(input),
  });

export const deleteAddress = (id: string) => apiRequest<null>(`/api/addresses/${id}`, { method: 'DELETE' });
