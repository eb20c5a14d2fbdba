import { vi } from 'vitest';

// A fake Turnstile siteverify at the network boundary (decision 036), answering as Cloudflare's
// documented test secret keys do (Turnstile: "Test your Turnstile implementation"): the always-pass
// secret accepts only the dummy token, the always-fail one refuses, the third answers "token already
// spent"; the answers have the fields and error codes of "Validate the token".

export const SITE_KEY = '1x00000000000000000000AA';
export const PASS_SECRET = '1x0000000000000000000000000000000AA';
export const FAIL_SECRET = '2x0000000000000000000000000000000AA';
export const SPENT_SECRET = '3x0000000000000000000000000000000AA';
/** What the test site keys' widget gives the browser. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The bindings that turn the check on, with one of the test secrets. */
export const turnstileEnv = (secret = PASS_SECRET) => ({
  TURNSTILE_SITE_KEY: SITE_KEY,
  TURNSTILE_SECRET_KEY: secret,
});

type Body = Record<string, string | undefined>;

function answer({ secret, response }: Body): Record<string, unknown> {
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

/** Mocks fetch: siteverify answers as above; `requests` holds what the Worker sent; `down` makes it unreachable. */
export function fakeTurnstile() {
  const requests: Body[] = [];
  let down = false;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'POST' || request.url !== SITEVERIFY) {
      throw new Error(`unexpected fetch ${request.method} ${request.url}`);
    }
    if (down) throw new TypeError('fetch failed');
    const body = await request.json<Body>();
    requests.push(body);
    return Response.json(answer(body));
  });
  return {
    spy,
    requests,
    down: (value: boolean) => {
      down = value;
    },
  };
}
