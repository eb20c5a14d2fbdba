// The public reads more than one remote makes (issue 30): each under one key with one fetch, so
// the one QueryClient the remotes share never holds one answer twice nor two shapes under a key.
// Plain query options (what TanStack's `queryOptions` types): contracts does not depend on it.
import { api, initialApiAnswer } from './api.ts';
import { PUBLIC_QUERIES, publicSettingsKey, publicShippingKey } from './query-keys.ts';
import type { Area } from './schemas/shipping.ts';

// Areas come one level at a time and change only with a deploy: kept for the visit.
const areaQuery = <K extends readonly string[]>(key: K, list: () => Promise<{ items: Area[] }>) => ({
  queryKey: [PUBLIC_QUERIES, 'areas', ...key] as const,
  queryFn: async () => (await list()).items,
  staleTime: Number.POSITIVE_INFINITY,
});

export const provincesQuery = () => areaQuery(['provinces'], () => api('GET /areas/provinces'));
export const regenciesQuery = (code: string) =>
  areaQuery(['regencies', code], () => api('GET /areas/provinces/{code}/regencies', { params: { code } }));
export const districtsQuery = (code: string) =>
  areaQuery(['districts', code], () => api('GET /areas/regencies/{code}/districts', { params: { code } }));

/** The shipping zones, services and estimates the admin set ('Edit Pengiriman'). */
export const shippingConfigQuery = {
  queryKey: publicShippingKey,
  queryFn: () => api('GET /shipping'),
  initialData: () => initialApiAnswer('GET /shipping'),
};

/** Hero, about and contact content the admin edits: the storefront's sections, the order page's WhatsApp. */
export const siteSettingsQuery = {
  queryKey: publicSettingsKey,
  queryFn: () => api('GET /settings'),
  initialData: () => initialApiAnswer('GET /settings'),
};
