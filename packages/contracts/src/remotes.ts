import { z } from 'zod';
import type { RemotesConfig } from './routes.ts';

const remotes: z.ZodType<RemotesConfig> = z.object({
  shop: z.string().min(1),
  cart: z.string().min(1),
  admin: z.string().min(1),
});

/**
 * The Worker's `REMOTES` variable, checked when it serves a page: a JSON object in
 * wrangler.toml, or its text where a variable can only be a string
 * (`wrangler dev --var REMOTES:…`, a dashboard text variable).
 */
export const remotesConfigSchema: z.ZodType<RemotesConfig, unknown> = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  remotes,
);
