import type { SavedAddressInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions } from '@gi/platform';

export const addressesQuery = queryOptions({
  queryKey: ['addresses'] as const,
  queryFn: async () => (await api('GET /addresses')).items,
});

/** Adds an address to the book, or replaces the one of `id`. */
export const storeAddress = (input: SavedAddressInput, id: string | null) =>
  id ? api('PUT /addresses/{id}', { params: { id }, body: input }) : api('POST /addresses', { body: input });

export const deleteAddress = (id: string) => api('DELETE /addresses/{id}', { params: { id } });
