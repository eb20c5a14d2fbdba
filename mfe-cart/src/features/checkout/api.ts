import { postalCodeFitsProvince } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import type { CartLine } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/** A cart's lines as the API's order and quote take them. */
export const orderItems = (lines: CartLine[]) =>
  lines.map(({ id, variantId, quantity }) => ({ productId: id, variantId, quantity }));

/** Every quote the checkout holds: a 409 shipping_quote_changed asks them all again. */
export const quoteKey = ['shipping-quote'] as const;

/**
 * The services for an address and cart, priced by the server. A postal code is sent once it is
 * one of the district's province (couriers price by it); until then the zones answer.
 */
export const quoteQuery = (districtCode: string, postalCode: string, lines: CartLine[]) => {
  const postal =
    /^[1-9]\d{4}$/.test(postalCode) && postalCodeFitsProvince(postalCode, districtCode.slice(0, 2));
  return queryOptions({
    queryKey: [
      ...quoteKey,
      districtCode,
      postal ? postalCode : '',
      lines.map((l) => `${l.variantId}:${l.quantity}`).join(),
    ],
    queryFn: () =>
      api('POST /shipping/quote', {
        body: { districtCode, ...(postal ? { postalCode } : {}), items: orderItems(lines) },
      }),
    retry: false,
  });
};
