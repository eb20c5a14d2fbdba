// A local stand-in for Cloudflare Turnstile (decision 036), run by scripts/start.mjs so `npm start`
// and the journeys register, ask for reset links and check out past a network's limit with no
// network. It serves what the shop takes from challenges.cloudflare.com, at the same paths:
// - GET /turnstile/v0/api.js: the widget (scripts/turnstile-widget.js), a 'Saya bukan robot' box
//   that behaves as Turnstile's test site keys do;
// - POST /turnstile/v0/siteverify (JSON, form-urlencoded or multipart; Turnstile: "Validate the
//   token"): answers as the documented test secret keys do (Turnstile: "Test your Turnstile
//   implementation"): 1x0000000000000000000000000000000AA passes the dummy token
//   XXXX.DUMMY.TOKEN.XXXX and refuses any other (invalid-input-response);
//   2x0000000000000000000000000000000AA always fails (invalid-input-response);
//   3x0000000000000000000000000000000AA answers timeout-or-duplicate, the token already spent;
//   any other secret invalid-input-secret.
// Local only: nothing in the Worker imports it, so neither the production bundle nor the deploy
// dry run contains it (scripts/check-deploy-bundle.mjs).
//   node scripts/turnstile-simulator.mjs --port 11787   (--port 0: any free port, printed)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { readBody, send } from './simulator-http.mjs';
import { testKeyVerdict } from './turnstile-test-keys.ts';

const widget = readFileSync(new URL('./turnstile-widget.js', import.meta.url), 'utf8');

/** The request's fields, whichever of the three bodies siteverify accepts; null when unreadable. */
async function fieldsOf(req) {
  const type = req.headers['content-type'] ?? '';
  const text = await readBody(req);
  try {
    if (type.startsWith('application/json')) return JSON.parse(text);
    const form = await new Request('http://lokal/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: text,
    }).formData();
    return Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  } catch {
    return null;
  }
}

const { values } = parseArgs({ options: { port: { type: 'string', default: '11787' } } });
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://lokal');
  if (req.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
    return send(res, 200, widget, 'text/javascript; charset=utf-8');
  }
  if (req.method === 'POST' && url.pathname === '/turnstile/v0/siteverify') {
    const fields = await fieldsOf(req);
    if (!fields || typeof fields !== 'object')
      return send(res, 400, { success: false, 'error-codes': ['bad-request'] });
    return send(res, 200, testKeyVerdict(fields));
  }
  send(res, 404, 'Tidak ditemukan', 'text/plain; charset=utf-8');
});
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Turnstile lokal: http://127.0.0.1:${server.address().port}`);
});
