import type { Env } from '../env.ts';
import { type TemplateMessage, type WhatsAppProvider, WhatsAppSendError } from './provider.ts';

// Meta's WhatsApp Cloud API (decision 049 cites the pages): POST
// https://graph.facebook.com/<version>/<PHONE_NUMBER_ID>/messages with the access token as a
// Bearer token and a template message; it answers `messages[0].id` (a 'wamid.…'), or a Graph API
// error `{ error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }`.

const GRAPH_ORIGIN = 'https://graph.facebook.com';
/** The Graph API version the requests name (Meta's current examples use v23.0). */
const GRAPH_VERSION = 'v23.0';
/** A send that takes longer is abandoned and retried by the outbox. */
const TIMEOUT_MS = 10_000;
const MAX_DETAIL = 300;
/** Meta's throttling codes (throughput, pair rate): worth waiting for, whatever the HTTP status. */
const THROTTLED = new Set([130429, 131056]);

export type CloudApiEnv = Pick<Env, 'WHATSAPP_API_URL'>;

/** The request body of one template message, as the Cloud API documents it. */
function templateRequest(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

const graphCode = (body: unknown) => Number((body as GraphError | null)?.error?.code);

/** The Graph API error's code and text, for `last_error` (never the token: Meta does not echo it). */
function describeError(status: number, body: unknown): string {
  const error = (body as GraphError | null)?.error;
  const code = typeof error?.code === 'number' || typeof error?.code === 'string' ? ` #${error.code}` : '';
  const details = error?.error_data?.details ?? error?.message;
  const text = typeof details === 'string' ? `: ${details.slice(0, MAX_DETAIL)}` : '';
  return `WhatsApp Cloud API HTTP ${status}${code}${text}`;
}

/**
 * The Cloud API adapter for one business phone number. Throttling (429, or Meta's rate-limit
 * codes) and Meta's own failures (5xx) are retried; any other refusal (a bad number, a template
 * not approved, an expired token) would fail again the same way, so it is given up.
 */
export function cloudApi(env: CloudApiEnv, token: string, phoneNumberId: string): WhatsAppProvider {
  const url = `${env.WHATSAPP_API_URL ?? GRAPH_ORIGIN}/${GRAPH_VERSION}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(templateRequest(message)),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'Error';
        throw new WhatsAppSendError(`WhatsApp Cloud API tidak dapat dihubungi (${reason})`, true);
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const retryable = res.status === 429 || res.status >= 500 || THROTTLED.has(graphCode(body));
        throw new WhatsAppSendError(describeError(res.status, body), retryable);
      }
      const id = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof id !== 'string' || id === '') {
        throw new WhatsAppSendError('WhatsApp Cloud API menjawab tanpa messages[0].id', true);
      }
      return { messageId: id };
    },
  };
}
