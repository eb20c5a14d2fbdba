import { CHALLENGE_FAILED, CHALLENGE_REQUIRED, type ChallengeConfig } from '@gi/contracts';
import type { Env } from '../env.ts';
import { AppError } from './errors.ts';

// The security check a bot cannot pass cheaply: Cloudflare Turnstile (decision 036). The browser's
// widget yields a token; the Worker asks Turnstile's siteverify whether it holds, with the secret
// key. Both keys set: on; either missing: off, and nothing asks for a token.

/** Turnstile's own origin; TURNSTILE_API_URL replaces it locally (the stand-in of decision 036). */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export type TurnstileEnv = Pick<Env, 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY' | 'TURNSTILE_API_URL'>;

const DEFAULT_REQUIRED = 'Selesaikan verifikasi keamanan terlebih dahulu.';
const FAILED = 'Verifikasi keamanan gagal atau sudah kedaluwarsa. Ulangi verifikasinya, lalu kirim lagi.';
const UNAVAILABLE = 'Verifikasi keamanan sedang tidak dapat diperiksa. Silakan coba lagi sebentar lagi.';

/** Whether the check is on: both keys are set. */
export function challengeOn(env: TurnstileEnv): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

const apiOrigin = (env: TurnstileEnv) => new URL(env.TURNSTILE_API_URL ?? TURNSTILE_ORIGIN).origin;

/**
 * What every page receives to show the widget (pages/serve.ts), or null when the check is off.
 * Turnstile's script is loaded from its exact URL, never proxied (Turnstile: "Embed the widget");
 * explicit rendering, as a single-page app needs.
 */
export function challengeConfig(env: TurnstileEnv): ChallengeConfig | null {
  if (!challengeOn(env) || !env.TURNSTILE_SITE_KEY) return null;
  return {
    siteKey: env.TURNSTILE_SITE_KEY,
    scriptUrl: `${apiOrigin(env)}/turnstile/v0/api.js?render=explicit`,
  };
}

/** The origin the pages' CSP admits for the widget's script and frame, or null when the check is off. */
export function challengeOrigin(env: TurnstileEnv): string | null {
  return challengeOn(env) ? apiOrigin(env) : null;
}

/** 403 `challenge_required`: the request needs a token and came without one. */
export function challengeRequired(message = DEFAULT_REQUIRED): AppError {
  return new AppError(403, CHALLENGE_REQUIRED, message);
}

/** siteverify's answer (Turnstile: "Validate the token"). */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/** What siteverify is asked about one token. */
export interface ChallengeAnswer {
  token: string | undefined;
  /** The visitor's address as Cloudflare reports it (cf-connecting-ip), when there is one. */
  remoteIp: string | null;
  /** The same UUID for a retry of the same request: siteverify then answers as it did (a token is single-use). */
  idempotencyKey?: string;
}

/**
 * Passes a token siteverify accepts. Throws 403 `challenge_required` without a token, 403
 * `challenge_failed` for one it refuses (forged, expired, already used) and 503 when siteverify
 * cannot answer: the check fails closed, it never lets a request through unchecked.
 */
export async function requireChallenge(
  env: TurnstileEnv,
  { token, remoteIp, idempotencyKey }: ChallengeAnswer,
  requiredMessage?: string,
): Promise<void> {
  if (!token) throw challengeRequired(requiredMessage);
  const secret = env.TURNSTILE_SECRET_KEY;
  if (!secret) throw new Error('requireChallenge: the check is off (no TURNSTILE_SECRET_KEY)');
  const request: Record<string, string> = { secret, response: token };
  if (remoteIp) request.remoteip = remoteIp;
  if (idempotencyKey) request.idempotency_key = idempotencyKey;
  let answer: SiteverifyAnswer;
  try {
    const res = await fetch(`${apiOrigin(env)}/turnstile/v0/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    answer = await res.json<SiteverifyAnswer>();
  } catch (err) {
    console.error(
      JSON.stringify({
        event: 'turnstile_unavailable',
        message: err instanceof Error ? err.message : 'unknown',
      }),
    );
    throw new AppError(503, 'challenge_unavailable', UNAVAILABLE);
  }
  if (answer.success === true) return;
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
  // Turnstile's own trouble, or ours (a wrong secret): not the visitor's fault, and worth a log line.
  if (
    codes.some(
      (code) =>
        code === 'internal-error' || code === 'missing-input-secret' || code === 'invalid-input-secret',
    )
  ) {
    console.error(JSON.stringify({ event: 'turnstile_refused_secret', codes }));
    throw new AppError(503, 'challenge_unavailable', UNAVAILABLE);
  }
  throw new AppError(403, CHALLENGE_FAILED, FAILED);
}

/** The visitor's own address for siteverify's `remoteip` (not the /64 the limits count). */
export function remoteIpOf(req: Request): string | null {
  return req.headers.get('cf-connecting-ip');
}

/**
 * A UUID made from `text` (SHA-256, shaped as version 4): siteverify's idempotency key for a request
 * that may be retried under its own key (a checkout's Idempotency-Key).
 */
export async function uuidFrom(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).slice(
    0,
    16,
  );
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
