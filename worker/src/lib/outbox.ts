import { type Db, getDb } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { renderEmail, type TemplateData, type TemplateName } from '../email/render.ts';
import type { Env } from '../env.ts';
import { drainWhatsAppSoon } from '../whatsapp/outbox.ts';
import { type DrainResult, drainQueue, drainSoon, type OutboxChannel, sweepQueue } from './outbox-queue.ts';

// The one way the shop sends email (docs/decisions/009-email-sender.md): a request writes
// the rendered message into `email_outbox` and kicks a drain after its answer; a Cron
// Trigger sweeps what is due (retries, anything a kicked drain missed). A drain claims rows
// atomically, so no row is sent by two drains.

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Email Service accepts an allowlist of headers, the List-Unsubscribe pair among them. */
  headers?: Record<string, string>;
}

/** Hands one message to the mail service: its message id, or a throw. */
export type SendFn = (email: OutgoingEmail) => Promise<{ messageId: string }>;

/** Cloudflare Email Service through the `EMAIL` binding, from `EMAIL_FROM`. */
export function emailSender(env: Pick<Env, 'EMAIL' | 'EMAIL_FROM'>): SendFn {
  return (email) => env.EMAIL.send({ from: env.EMAIL_FROM, ...email });
}

export interface EmailRequest<N extends TemplateName> {
  to: string;
  template: N;
  data: TemplateData<N>;
  /**
   * The email goes out once for this key, whatever runs race to queue it (two overlapping Cron
   * runs): the second insert is ignored.
   */
  once?: string;
}

/**
 * The outbox row of one email, rendered now with links on `PUBLIC_ORIGIN`. Put the returned
 * insert into the `db.batch` of the change the email belongs to (or await it alone), then
 * call `drainOutboxSoon`.
 */
export function queueEmail<N extends TemplateName>(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  email: EmailRequest<N>,
) {
  const message = renderEmail(email.template, email.data, env.PUBLIC_ORIGIN);
  return (
    db
      .insert(emailOutbox)
      .values({
        id: crypto.randomUUID(),
        toAddress: email.to,
        template: email.template,
        subject: message.subject,
        body: message.text,
        html: message.html,
        onceKey: email.once ?? null,
        unsubscribeUrl: message.unsubscribeUrl ?? null,
      })
      // The id is new: only a once_key taken already can conflict.
      .onConflictDoNothing()
  );
}

/**
 * RFC 8058's one-click unsubscribe: the mail program POSTs to the link. Email Service refuses a
 * List-Unsubscribe without an https link, so a local http origin sends the link in the body only.
 */
function unsubscribeHeaders(url: string | null): Record<string, string> | undefined {
  if (!url?.startsWith('https://')) return undefined;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The email outbox on the one queue: Email Service sends a row's rendered message. */
function emailChannel(send: SendFn): OutboxChannel<typeof emailOutbox> {
  return {
    table: emailOutbox,
    name: 'email',
    noAnswer: 'Tidak ada jawaban dari pengirim email',
    send: async (row) => {
      const headers = unsubscribeHeaders(row.unsubscribeUrl);
      const { messageId } = await send({
        to: row.toAddress,
        subject: row.subject,
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        ...(headers && { headers }),
      });
      return messageId;
    },
  };
}

/** Sends one bounded batch of due emails, each once; failures wait for their retry. */
export function drainOutbox(
  db: Db,
  send: SendFn,
  options?: { now?: Date; limit?: number },
): Promise<DrainResult> {
  return drainQueue(db, emailChannel(send), options);
}

/**
 * After a request queued an email (and, with it, a WhatsApp message of the same event): they
 * leave once the answer is out, not at the next sweep.
 */
export function drainOutboxSoon(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): void {
  drainWhatsAppSoon(env, ctx);
  drainSoon(getDb(env.DB), emailChannel(emailSender(env)), ctx);
}

/** The Cron Trigger's sweep of the email outbox: what it came to (lib/incidents.ts watches it). */
export function sweepOutbox(env: Env): Promise<DrainResult> {
  return sweepQueue(getDb(env.DB), emailChannel(emailSender(env)));
}
