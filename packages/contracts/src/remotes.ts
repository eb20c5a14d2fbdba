import { z } from 'zod';
import type { RemotesConfig } from './routes.ts';

/** The Worker's `REMOTES` variable, checked when it serves a page. */
export const remotesConfigSchema: z.ZodType<RemotesConfig> = z.object({
  shop: z.string().min(1),
  cart: z.string().min(1),
  admin: z.string().min(1),
});
