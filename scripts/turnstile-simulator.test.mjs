// The local Turnstile stand-in answers as Cloudflare's documented test keys do (decision 036).
//   node --test scripts/turnstile-simulator.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';

let simulator;
let base;

before(async () => {
  simulator = spawn(
    process.execPath,
    [new URL('./turnstile-simulator.mjs', import.meta.url).pathname, '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = await once(simulator.stdout, 'data');
  base = /http:\/\/127\.0\.0\.1:\d+/.exec(String(line))?.[0];
  assert.ok(base, `no address in ${line}`);
});
after(() => simulator?.kill());

const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';
function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
const verify = (fields, as = 'json') =>
  fetch(`${base}/turnstile/v0/siteverify`, {
    method: 'POST',
    ...(as === 'json'
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) }
      : as === 'form'
        ? { body: new URLSearchParams(fields) }
        : {
            body: multipart(fields),
          }),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

test('the always-pass secret passes the dummy token, in JSON, form-urlencoded and multipart alike', async () => {
  for (const as of ['json', 'form', 'multipart']) {
    const { status, body } = await verify(
      { secret: '1x0000000000000000000000000000000AA', response: DUMMY, remoteip: '203.0.113.7' },
      as,
    );
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.deepEqual(body['error-codes'], []);
    assert.ok(!Number.isNaN(Date.parse(body.challenge_ts)));
    assert.equal(body.hostname, 'localhost');
  }
});

test('test secrets accept only the dummy token; always-fail and already-spent secrets refuse it', async () => {
  const codes = async (secret, response) => (await verify({ secret, response })).body['error-codes'];
  assert.deepEqual(await codes('1x0000000000000000000000000000000AA', 'a.real.token'), [
    'invalid-input-response',
  ]);
  assert.deepEqual(await codes('2x0000000000000000000000000000000AA', DUMMY), ['invalid-input-response']);
  assert.deepEqual(await codes('3x0000000000000000000000000000000AA', DUMMY), ['timeout-or-duplicate']);
  assert.deepEqual(await codes('0x-not-a-test-secret', DUMMY), ['invalid-input-secret']);
  assert.deepEqual(await codes(undefined, DUMMY), ['missing-input-secret']);
  assert.deepEqual(await codes('1x0000000000000000000000000000000AA', undefined), ['missing-input-response']);
  assert.equal(
    (await verify({ secret: '2x0000000000000000000000000000000AA', response: DUMMY })).body.success,
    false,
  );
});

test("serves the widget's script where Turnstile's is, as JavaScript", async () => {
  const res = await fetch(`${base}/turnstile/v0/api.js?render=explicit`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/javascript/);
  const script = await res.text();
  assert.match(script, /window\.turnstile = \{/);
  assert.match(script, /Saya bukan robot/);
});
