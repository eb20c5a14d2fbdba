// The zod-free part of the contracts, for code on a shopper's first page view:
// formatting, the route table and labels. Schemas stay in the package root.
export * from './api-paths.ts';
export * from './cart-cookie.ts';
export { ADD_TO_CART_MODULE, type AddToCart, type CartProduct } from './cart-product.ts';
export { CHALLENGE_FAILED, CHALLENGE_REQUIRED, NOT_SIGNED_IN } from './errors.ts';
export { fieldErrors } from './field-errors.ts';
export {
  formatDate,
  formatDateTime,
  formatEta,
  formatRating,
  formatRupiah,
  formatTotal,
  shortOrderId,
  wibDay,
  wibTimestamp,
  wibYear,
} from './format.ts';
export * from './labels.ts';
export * from './media.ts';
export * from './page-delivery.ts';
export * from './product-page.ts';
export * from './query-keys.ts';
export * from './remote-table.ts';
export { matchPageRoute, type PageRoute, pageRoutes, type RemotesConfig, type RouteMatch } from './routes.ts';
export * from './scent.ts';
export * from './scent-finder.ts';
export * from './status-machines.ts';
export { BPOM_CHECK_URL } from './trust-marks-link.ts';
export { type UnsubscribeOutcome, unsubscribeOutcomes } from './unsubscribe-outcomes.ts';
export {
  defaultVariant,
  formatPriceRange,
  formatSize,
  inStock,
  maxPerOrderMessage,
  priceNow,
  SOLD_OUT,
} from './variants.ts';
