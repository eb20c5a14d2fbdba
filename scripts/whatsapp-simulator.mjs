// A local stand-in for Meta's WhatsApp Cloud API (decision 049), run by scripts/start.mjs so
// `npm start` and the journeys send order updates on WhatsApp with no account and no network:
// - POST /<version>/<PHONE_NUMBER_ID>/messages: a template message as the Cloud API takes it
//   (Bearer access token; messaging_product 'whatsapp', type 'template', the template's name,
//   language code and body parameters), checked against the shop's approved templates
//   (worker/src/whatsapp/templates.ts) and answered as Meta documents it:
//   { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…', message_status }] },
//   or a Graph API error { error: { message, type, code, error_data, fbtrace_id } };
// - GET /: the messages received, newest first, each as the customer would read it.
// Local only: nothing in the Worker imports it, so neither the production bundle nor the deploy
// dry run contains it (scripts/check-deploy-bundle.mjs).
//   node scripts/whatsapp-simulator.mjs --port 11787 --key <access token>   (--port 0: any free port, printed)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { escapeHtml } from '../packages/contracts/src/html.ts';
import {
  parameterCount,
  renderTemplate,
  templateNamed,
  WHATSAPP_LANGUAGE,
} from '../worker/src/whatsapp/templates.ts';
import { readBody, send, simulatorOptions } from './simulator-http.mjs';

const { port, key } = simulatorOptions('whatsapp-simulator', '11787');
/** Kept in memory, newest last; the page shows the latest. */
const received = [];
const PAGE_SIZE = 100;

/** A Graph API error, as Meta's error reference writes it. */
const graphError = (res, status, code, message, details, type = 'OAuthException') =>
  send(res, status, {
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });

/** The refusal of a body the Cloud API would refuse, or null when it is a template message it accepts. */
function refusal(body) {
  if (!body || typeof body !== 'object')
    return [400, 100, '(#100) Invalid parameter', 'Request body is not JSON'];
  if (body.messaging_product !== 'whatsapp') {
    return [400, 100, '(#100) Invalid parameter', 'messaging_product must be whatsapp'];
  }
  if (typeof body.to !== 'string' || !/^[1-9]\d{7,14}$/.test(body.to)) {
    return [400, 100, '(#100) Invalid parameter', 'to must be a phone number with its country code'];
  }
  if (body.type !== 'template' || !body.template || typeof body.template !== 'object') {
    return [400, 131008, '(#131008) Required parameter is missing', 'template is required'];
  }
  const { name, language, components } = body.template;
  const template = typeof name === 'string' ? templateNamed(name) : undefined;
  if (!template || language?.code !== WHATSAPP_LANGUAGE) {
    return [
      400,
      100,
      '(#100) Invalid parameter',
      `template name (${String(name)}) does not exist in ${String(language?.code)}`,
    ];
  }
  const parameters = Array.isArray(components)
    ? (components.find((component) => component?.type === 'body')?.parameters ?? [])
    : [];
  if (parameters.length !== parameterCount(template)) {
    return [
      400,
      100,
      '(#100) Invalid parameter',
      `body: number of parameters (${parameters.length}) does not match the expected number of params (${parameterCount(template)})`,
    ];
  }
  if (!parameters.every((p) => p?.type === 'text' && typeof p.text === 'string' && p.text.trim() !== '')) {
    return [400, 100, '(#100) Invalid parameter', 'body parameters must be non-empty text'];
  }
  return null;
}

const html = 'text/html; charset=utf-8';
const STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
.bubble{background:#dcf8c6;border-radius:8px;padding:.75rem 1rem;margin:.25rem 0 1.5rem;white-space:pre-wrap;overflow-wrap:anywhere}
small{color:#666}</style>`;

function listPage() {
  const newest = received.slice(-PAGE_SIZE).reverse();
  const items = newest
    .map(
      (
        message,
      ) => `<article data-to="${escapeHtml(message.to)}" data-template="${escapeHtml(message.template)}">
<small>${escapeHtml(message.at.slice(0, 19).replace('T', ' '))} UTC · ke +${escapeHtml(message.to)} · ${escapeHtml(message.template)} · ${escapeHtml(message.id)}</small>
<div class="bubble">${escapeHtml(message.text)}</div></article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>WhatsApp lokal</title>${STYLE}</head>
<body><h1>WhatsApp Cloud API (lokal)</h1>
<p>Halaman ini menggantikan WhatsApp Cloud API milik Meta di komputer Anda: tidak ada pesan yang benar-benar terkirim.
Setiap kabar pesanan yang dikirim toko lewat WhatsApp muncul di sini, sebagaimana pelanggan membacanya.</p>
${newest.length ? items : '<p>Belum ada pesan.</p>'}
</body></html>`;
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://lokal');
  if (req.method === 'GET' && url.pathname === '/') return send(res, 200, listPage(), html);
  if (req.method === 'POST' && /^\/v\d+\.\d+\/\d+\/messages$/.test(url.pathname)) {
    if (req.headers.authorization !== `Bearer ${key}`) {
      return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    let body = null;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      // Answered as any body that is not a template message.
    }
    const refused = refusal(body);
    if (refused) return graphError(res, ...refused);
    const { template } = body;
    const parameters = template.components.find((component) => component.type === 'body').parameters;
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    received.push({
      id,
      at: new Date().toISOString(),
      to: body.to,
      template: template.name,
      text: renderTemplate(
        templateNamed(template.name),
        parameters.map((p) => p.text),
      ),
    });
    return send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id, message_status: 'accepted' }],
    });
  }
  send(res, 404, 'Tidak ditemukan', 'text/plain; charset=utf-8');
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`WhatsApp lokal: http://127.0.0.1:${server.address().port}`);
});
