import { api } from '@gi/contracts/api';
import type { CartLine } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/** A cart's lines as the API's order and quote take them. */
export const orderItems = (lines: CartLine[]) =>
  lines.map(({ id, variantId, quantity }) => ({ productId: id, variantId, quantity }));

/** The services for an address and cart, priced by the server. */
export const quoteQuery = (districtCode: string, lines: CartLine[]) =>
  queryOptions({
    queryKey: ['shipping-quote', districtCode, lines.map((l) => `${l.variantId}:${l.quantity}`).join()],
    queryFn: () => api('POST /shipping/quote', { body: { districtCode, items: orderItems(lines) } }),
    retry: false,
  });
