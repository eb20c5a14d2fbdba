export { type AdminLoginInput, adminLoginSchema } from './auth.ts';
export { type ApiErrorBody, apiErrorSchema } from './errors.ts';
export { formatRupiah } from './format.ts';
export {
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
  remoteContainers,
  remotesConfigSchema,
} from './remotes.ts';
export { matchPageRoute, type PageRoute, pageRoutes, type RemoteName, type RouteMatch } from './routes.ts';
