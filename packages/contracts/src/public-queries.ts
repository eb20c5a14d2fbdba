// The public reads more than one remote makes (issue 30): each under one key with one fetch, so
// the one QueryClient the remotes share never holds one answer twice nor two shapes under a key.
// Plain query options (what TanStack's `queryOptions` types): contracts does not depend on it.
import { apiPaths } from './api-paths.ts';
import { apiRequest, initialAnswer } from './client.ts';
import { PUBLIC_QUERIES, publicShippingKey } from './query-keys.ts';
import type { Area, ShippingConfig } from './schemas/shipping.ts';

// Areas come one level at a time and change only with a deploy: kept for the visit.
const areaQuery = <K extends readonly string[]>(key: K, path: string) => ({
  queryKey: [PUBLIC_QUERIES, 'areas', ...key] as const,
  queryFn: async () => (await apiRequest<{ items: Area[] }>(path)).items,
  staleTime: Number.POSITIVE_INFINITY,
});

export const provincesQuery = () => areaQuery(['provinces'], '/api/areas/provinces');
export const regenciesQuery = (provinceCode: string) =>
  areaQuery(['regencies', provinceCode], `/api/areas/provinces/${provinceCode}/regencies`);
export const districtsQuery = (regencyCode: string) =>
  areaQuery(['districts', regencyCode], `/api/areas/regencies/${regencyCode}/districts`);

/** The shipping zones, services and estimates the admin set ('Edit Pengiriman'). */
export const shippingConfigQuery = {
  queryKey: publicShippingKey,
  queryFn: () => apiRequest<ShippingConfig>(apiPaths.shipping),
  initialData: () => initialAnswer<ShippingConfig>(apiPaths.shipping),
};
