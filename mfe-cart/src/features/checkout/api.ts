import type { Area, SavedAddress, ShippingQuote } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import type { CartLine } from '@gi/contracts/web';
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

/** A cart's lines as the API's order and quote take them. */
export const orderItems = (lines: CartLine[]) =>
  lines.map(({ id, variantId, quantity }) => ({ productId: id, variantId, quantity }));

/** The services for an address and cart, priced by the server. */
export const quoteQuery = (districtCode: string, lines: CartLine[]) =>
  queryOptions({
    queryKey: ['shipping-quote', districtCode, lines.map((l) => `${l.variantId}:${l.quantity}`).join()],
    queryFn: () =>
      apiRequest<ShippingQuote>('/api/shipping/quote', {
        method: 'POST',
        body: JSON.stringify({
          districtCode,
          items: orderItems(lines),
        }),
      }),
    retry: false,
  });
