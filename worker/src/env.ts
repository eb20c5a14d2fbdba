import type { RemotesConfig, Role } from '@gi/contracts';
import type { AccessClaims } from './auth/tokens.ts';

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
  /** Cloudflare Email Service: the outbox's sender (lib/outbox.ts). */
  EMAIL: SendEmail;
  /** Sender of every email, e.g. `PT. Global Imperium <noreply@globalimperium.id>`. */
  EMAIL_FROM: string;
  /** This deployment's version: part of the edge cache's keys, so a deploy never serves an older build's answers. */
  CF_VERSION_METADATA: WorkerVersionMetadata;
  /** The shop's public origin (`https://…`, no path): links in emails start with it. */
  PUBLIC_ORIGIN: string;
  /**
   * Midtrans's server key: a secret (`wrangler secret put MIDTRANS_SERVER_KEY`), never in D1,
   * the browser, a log line or an error. Without it the gateway's methods are not offered.
   */
  MIDTRANS_SERVER_KEY?: string;
  /** 'sandbox' (default) or 'production': which Midtrans the key belongs to. */
  MIDTRANS_ENVIRONMENT?: string;
  /**
   * Biteship's API key: a secret (`wrangler secret put BITESHIP_API_KEY`), never in D1, the
   * browser, a log line or an error. Without it checkout prices by the admin's zones.
   */
  BITESHIP_API_KEY?: string;
  /**
   * Cloudflare Turnstile's site key (decision 036): public, written into the pages for the widget.
   * With TURNSTILE_SECRET_KEY it turns the security check on; without either it is off.
   */
  TURNSTILE_SITE_KEY?: string;
  /**
   * Turnstile's secret key: a secret (`wrangler secret put TURNSTILE_SECRET_KEY`), never in D1,
   * the browser, a log line or an error. The Worker sends it to siteverify only.
   */
  TURNSTILE_SECRET_KEY?: string;
  /**
   * WhatsApp Cloud API's access token (decision 049): a secret (`wrangler secret put
   * WHATSAPP_TOKEN`), never in D1, the browser, a log line or an error. With
   * WHATSAPP_PHONE_NUMBER_ID it turns order updates on WhatsApp on; without either they are off.
   */
  WHATSAPP_TOKEN?: string;
  /** The business phone number's id the messages are sent from (`wrangler secret put WHATSAPP_PHONE_NUMBER_ID`). */
  WHATSAPP_PHONE_NUMBER_ID?: string;
  /**
   * Tests only (vitest.config.ts): every declared endpoint's answer is checked against its
   * documentation, and one that differs becomes a 500 (api/endpoint.ts).
   */
  CHECK_ANSWERS?: string;
  /**
   * Seconds after a saved cart's last change before its reminder (decision 050); unset: 4 hours.
   * The journeys shorten it (scripts/start.mjs `--cart-reminder-delay`).
   */
  CART_REMINDER_DELAY_SECONDS?: string;
  /** Least seconds between two reminders of one customer's cart; unset: 7 days. */
  CART_REMINDER_PAUSE_SECONDS?: string;
  /**
   * 'true' (wrangler.toml's [env.production] vars): an owner or admin without two-factor may do
   * nothing but set it up (decision 053). Unset locally, so the seeded demo admin signs in with
   * its password alone.
   */
  TWO_FACTOR_REQUIRED?: string;
  /** Local only: the gateway simulator's origin (scripts/gateway-simulator.mjs), in place of Midtrans's. */
  MIDTRANS_API_URL?: string;
  /** Local only: the courier simulator's origin (scripts/courier-simulator.mjs), in place of Biteship's. */
  BITESHIP_API_URL?: string;
  /**
   * Local only: the Turnstile stand-in's origin (scripts/turnstile-simulator.mjs), in place of
   * challenges.cloudflare.com, for both siteverify and the widget's script.
   */
  TURNSTILE_API_URL?: string;
  /** Local only: the WhatsApp Cloud API stand-in's origin (scripts/), in place of graph.facebook.com. */
  WHATSAPP_API_URL?: string;
}

/** A signed-in user whose session is live (see `currentUser`). */
export interface AuthState {
  userId: string;
  /** The role in D1 when the request was checked, not a claim of the token. */
  role: Role;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** Verified claims of the access cookie; its session may have ended since. */
    claims: AccessClaims | null;
    /** Set by `currentUser` (requireUser, requirePermission) once the session is known live. */
    auth: AuthState | null;
    /** CSP source of the boot loader a server-rendered page carries (see pages/boot.ts). */
    inlineScripts: string[];
    /** CSP sources of the inline styles a page carries (see pages/styles.ts). */
    inlineStyles: string[];
    /** Set by `servePage` on a build's script, style or manifest: the document-only headers stay off. */
    buildFile: boolean;
  };
}
