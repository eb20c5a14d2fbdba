import { z } from 'zod';
import { remoteNames } from './remote-table.ts';
import type { RemotesConfig } from './routes.ts';

// Every remote of the table needs an entry: a page whose remote has none could not load.
const remotes = z.object(
  Object.fromEntries(remoteNames.map((name) => [name, z.string().min(1)])),
) as unknown as z.ZodType<RemotesConfig>;

/**
 * The Worker's `REMOTES` variable, checked when it serves a page: a JSON object in
 * wrangler.toml, or its text where a variable can only be a string
 * (`wrangler dev --var REMOTES:…`, a dashboard text variable).
 */
export const remotesConfigSchema: z.ZodType<RemotesConfig, unknown> = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  remotes,
);
