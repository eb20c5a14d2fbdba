/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * 401 code of a call whose access token is gone while a refresh cookie came along:
 * the browser renews the session (POST /api/auth/refresh) and retries once.
 */
export const TOKEN_EXPIRED = 'token_expired';

/** The 401 of a call or an action that needs a signed-in user, on the API and in the browser alike. */
export const NOT_SIGNED_IN = 'Anda harus login terlebih dahulu';

/**
 * The 403 codes of a request that needs a security check (Cloudflare Turnstile, decision 036):
 * none came along (`turnstileToken` in the JSON body), or Turnstile refused the one that did.
 */
export const CHALLENGE_REQUIRED = 'challenge_required';
export const CHALLENGE_FAILED = 'challenge_failed';
