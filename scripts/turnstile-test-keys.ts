// Cloudflare Turnstile's documented test keys and what siteverify answers for them (Turnstile:
// "Test your Turnstile implementation", "Validate the token"): one home for the local stand-in
// (scripts/turnstile-simulator.mjs) and the worker tests' fake (worker/test/turnstile-fake.ts).

export const SITE_KEY = '1x00000000000000000000AA';
export const PASS_SECRET = '1x0000000000000000000000000000000AA';
export const FAIL_SECRET = '2x0000000000000000000000000000000AA';
export const SPENT_SECRET = '3x0000000000000000000000000000000AA';
/** What the test site keys' widget gives the browser. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * siteverify's answer for one request's fields, as the test secrets answer: the always-pass secret
 * accepts only the dummy token, the always-fail one refuses, the third says the token was spent.
 */
export function testKeyVerdict({
  secret,
  response,
}: {
  secret?: string | undefined;
  response?: string | undefined;
}): Record<string, unknown> {
  if (!secret) return { success: false, 'error-codes': ['missing-input-secret'] };
  if (!response) return { success: false, 'error-codes': ['missing-input-response'] };
  if (secret === PASS_SECRET && response === DUMMY_TOKEN) {
    return {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: 'localhost',
      'error-codes': [],
      action: 'test',
      cdata: 'test-data',
    };
  }
  if (secret === SPENT_SECRET) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
  if (secret === PASS_SECRET || secret === FAIL_SECRET) {
    return { success: false, 'error-codes': ['invalid-input-response'] };
  }
  return { success: false, 'error-codes': ['invalid-input-secret'] };
}
