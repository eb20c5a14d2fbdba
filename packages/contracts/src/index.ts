import './zod-locale.ts';

export { type ApiErrorBody, apiErrorSchema, fieldErrors } from './errors.ts';
export { formatDate, formatDateTime, formatRupiah, shortOrderId } from './format.ts';
export {
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  remoteContainers,
  remotesConfigSchema,
} from './remotes.ts';
export { matchPageRoute, type PageRoute, pageRoutes, type RemoteName, type RouteMatch } from './routes.ts';
export * from './schemas/auth.ts';
export * from './schemas/catalog.ts';
export * from './schemas/content.ts';
export * from './schemas/orders.ts';
