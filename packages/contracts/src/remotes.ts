import { z } from 'zod';
import type { RemoteName } from './routes.ts';

/** Federation container name of each remote; must equal `name` in its vite config. */
export const remoteContainers: Record<RemoteName, string> = {
  shop: 'mfe_shop',
  cart: 'mfe_cart',
  admin: 'mfe_admin',
};

/**
 * Where each remote's `mf-manifest.json` lives. The Worker writes this into the
 * page at request time, so a team can move its remote without rebuilding the shell.
 */
export const remotesConfigSchema = z.object({
  shop: z.string().min(1),
  cart: z.string().min(1),
  admin: z.string().min(1),
});
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;

/** Id of the JSON data block in the page that carries the remotes configuration. */
export const REMOTES_CONFIG_ELEMENT_ID = 'gi-remotes';
