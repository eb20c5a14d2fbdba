import { postalCodeFitsProvince } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import type { CartLine } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

/** A cart's lines as the API's order and quote take them. */
export const orderItems = (lines: CartLine[]) =>
  lines.map(({ id, variantId, quantity }) => ({ productId: id, variantId, quantity }));

/** Every quote the checkout holds: a 409 shipping_quote_changed asks them all again. */
export const quoteKey = ['shipping-quote'] as const;

/** Whether the postal code is whole and of the district's province: couriers price by it. */
export const postalReady = (districtCode: string, postalCode: string) =>
  districtCode !== '' &&
  /^[1-9]\d{4}$/.test(postalCode) &&
  postalCodeFitsProvince(postalCode, districtCode.slice(0, 2));

/**
 * The services for an address and cart, priced by the server. Asked only once the postal code
 * is there (postalReady): a list priced by the zones first and by the couriers a moment later
 * would change under the shopper's finger (issue 37).
 */
export const quoteQuery = (districtCode: string, postalCode: string, lines: CartLine[]) =>
  queryOptions({
    queryKey: [
      ...quoteKey,
      districtCode,
      postalCode,
      lines.map((l) => `${l.variantId}:${l.quantity}`).join(),
    ],
    queryFn: () =>
      api('POST /shipping/quote', { body: { districtCode, postalCode, items: orderItems(lines) } }),
    retry: false,
  });

/**
 * The quote's refusal of the postal code itself (the courier aggregator's area search says it is
 * another district's): said under the postal code field, not among the shipping options.
 */
export const postalCodeRefusal = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.fields.postalCode : undefined;

/** GET /api/payment-options: the ways to pay checkout offers, and this customer's last choice. */
export const paymentOptionsQuery = queryOptions({
  queryKey: ['payment-options'] as const,
  queryFn: () => api('GET /payment-options'),
});
