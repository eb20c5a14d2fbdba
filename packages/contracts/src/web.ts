// The zod-free part of the contracts, for code on a shopper's first page view:
// formatting, the route table and labels. Schemas stay in the package root.
export * from './api-paths.ts';
export * from './cart-cookie.ts';
export { fieldErrors } from './field-errors.ts';
export { formatDate, formatDateTime, formatEta, formatRupiah, shortOrderId } from './format.ts';
export * from './labels.ts';
export * from './media.ts';
export * from './product-page.ts';
export {
  FIRST_SCREEN_ELEMENT_ID,
  INITIAL_DATA_ELEMENT_ID,
  matchPageRoute,
  type PageRoute,
  pageRoutes,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemoteName,
  type RemotesConfig,
  type RenderRequest,
  type RouteMatch,
  remoteContainers,
  SSR_MODULE,
  URL_STATE_ATTRIBUTE,
} from './routes.ts';
export * from './scent.ts';
export { defaultVariant, formatPriceRange, formatSize, inStock, SOLD_OUT } from './variants.ts';
