import type { RemotesConfig, Role } from '@gi/contracts';

/** Bindings declared in wrangler.toml, plus secrets (.dev.vars locally). */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS: Fetcher;
  /** Runs remotes' server renderers in sandboxed isolates; optional, pages work without it. */
  LOADER?: WorkerLoader;
  /** Parsed with `remotesConfigSchema`: text (JSON) when set by `--var` or in the dashboard. */
  REMOTES: RemotesConfig | string;
  /** HMAC key of access tokens, at least 32 characters. */
  JWT_SECRET: string;
}

export interface AuthState {
  userId: string;
  /** Role claimed by the token; admin routes re-read the role from D1. */
  role: Role;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    auth: AuthState | null;
    /** Why `auth` is null when a token was sent but did not verify. */
    authProblem: 'expired' | 'invalid' | null;
    /** CSP sources of the inline styles a page carries (see pages/styles.ts). */
    inlineStyles: string[];
  };
}
