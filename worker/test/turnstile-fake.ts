import { vi } from 'vitest';
import { PASS_SECRET, SITE_KEY, testKeyVerdict } from '../../scripts/turnstile-test-keys.ts';

// A fake Turnstile siteverify at the network boundary (decision 036), answering as Cloudflare's
// documented test secret keys do (Turnstile: "Test your Turnstile implementation"): the always-pass
// secret accepts only the dummy token, the always-fail one refuses, the third answers "token already
// spent"; the answers have the fields and error codes of "Validate the token".

export {
  DUMMY_TOKEN,
  FAIL_SECRET,
  PASS_SECRET,
  SITE_KEY,
  SPENT_SECRET,
} from '../../scripts/turnstile-test-keys.ts';

type Body = Record<string, string | undefined>;

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The bindings that turn the check on, with one of the test secrets. */
export const turnstileEnv = (secret = PASS_SECRET) => ({
  TURNSTILE_SITE_KEY: SITE_KEY,
  TURNSTILE_SECRET_KEY: secret,
});

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
    return Response.json(testKeyVerdict(body));
  });
  return {
    spy,
    requests,
    down: (value: boolean) => {
      down = value;
    },
  };
}
