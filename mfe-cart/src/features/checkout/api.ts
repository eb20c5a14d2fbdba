import type { Area, SavedAddress, ShippingQuote } from '@gi/contracts';
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

export interface QuoteLine {
  id: string;
  quantity: number;
}

/** The services for an address and cart, priced by the server. */
export const quoteQuery = (districtCode: string, lines: QuoteLine[]) =>
  queryOptions({
    queryKey: ['shipping-quote', districtCode, lines.map((l) => `${l.id}:${l.quantity}`).join()],
    queryFn: () =>
      apiRequest<ShippingQuote>('/api/shipping/quote', {
        method: 'POST',
        body: JSON.stringify({
          districtCode,
          items: lines.map(({ id, quantity }) => ({ productId: id, quantity })),
        }),
      }),
    retry: false,
  });
