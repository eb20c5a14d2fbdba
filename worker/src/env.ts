import type { RemotesConfig } from '@gi/contracts';

/** Bindings declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS: Fetcher;
  REMOTES: RemotesConfig;
}

export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string };
}
