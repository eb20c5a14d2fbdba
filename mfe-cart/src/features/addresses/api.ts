import type { Area, SavedAddress, SavedAddressInput } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';

// Areas come one level at a time and never change between deploys: kept for the visit.
const areaQuery = (key: readonly unknown[], path: string) =>
  queryOptions({
    queryKey: key,
    queryFn: async () => (await apiRequest<{ items: Area[] }>(path)).items,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const provincesQuery = () => areaQuery(['areas', 'provinces'], '/api/areas/provinces');
export const regenciesQuery = (provinceCode: string) =>
  areaQuery(['areas', 'regencies', provinceCode], `/api/areas/provinces/${provinceCode}/regencies`);
export const districtsQuery = (regencyCode: string) =>
  areaQuery(['areas', 'districts', regencyCode], `/api/areas/regencies/${regencyCode}/districts`);

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
