import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { type Db, getDb } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { renderEmail, type TemplateData, type TemplateName } from '../email/render.ts';
import type { Env } from '../env.ts';
import { drainWhatsAppSoon } from '../whatsapp/outbox.ts';
import {
  DRAIN_BATCH,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_ERROR_LENGTH,
  retryDelayMs,
  rootMessage,
  SWEEP_BATCHES,
} from './outbox-policy.ts';

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

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Counts an attempt on up to `limit` due rows and leases them, in one transaction. */
async function claimDue(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const pending = eq(emailOutbox.status, 'pending');
  const due = lte(emailOutbox.nextAttemptAt, at);
  const [, claimed] = await db.batch([
    // The drain of a last attempt died mid-send and its lease ran out: no attempt is left.
    db
      .update(emailOutbox)
      .set({ status: 'failed', lastError: 'Tidak ada jawaban dari pengirim email' })
      .where(and(pending, due, gte(emailOutbox.attempts, MAX_ATTEMPTS))),
    db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(),
      })
      .where(
        inArray(
          emailOutbox.id,
          db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(and(pending, due, lt(emailOutbox.attempts, MAX_ATTEMPTS)))
            .orderBy(emailOutbox.nextAttemptAt, emailOutbox.createdAt)
            .limit(limit),
        ),
      )
      .returning(),
  ]);
  return claimed;
}

type Outcome = 'sent' | 'retrying' | 'failed';

async function deliver(db: Db, send: SendFn, row: OutboxRow, now: Date): Promise<Outcome> {
  // Only the drain holding this attempt's claim may record its outcome.
  const claim = and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts));
  let messageId: string;
  const headers = unsubscribeHeaders(row.unsubscribeUrl);
  try {
    ({ messageId } = await send({
      to: row.toAddress,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
      ...(headers && { headers }),
    }));
  } catch (error) {
    const lastError = rootMessage(error).slice(0, MAX_ERROR_LENGTH);
    console.error(
      JSON.stringify({ event: 'email_send_failed', id: row.id, attempt: row.attempts, message: lastError }),
    );
    const final = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set(
        final
          ? { status: 'failed', lastError }
          : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() },
      )
      .where(claim);
    return final ? 'failed' : 'retrying';
  }
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date().toISOString(), messageId, lastError: null })
    .where(claim);
  return 'sent';
}

export interface DrainResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends one bounded batch of due rows, each once; failures wait for their retry. */
export async function drainOutbox(
  db: Db,
  send: SendFn,
  { now = new Date(), limit = DRAIN_BATCH }: { now?: Date; limit?: number } = {},
): Promise<DrainResult> {
  const rows = await claimDue(db, now, limit);
  const outcomes = await Promise.all(rows.map((row) => deliver(db, send, row, now)));
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return { claimed: rows.length, sent: count('sent'), retrying: count('retrying'), failed: count('failed') };
}

/**
 * After a request queued an email (and, with it, a WhatsApp message of the same event): they
 * leave once the answer is out, not at the next sweep.
 */
export function drainOutboxSoon(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): void {
  drainWhatsAppSoon(env, ctx);
  ctx.waitUntil(
    drainOutbox(getDb(env.DB), emailSender(env)).then(
      () => undefined,
      (error: unknown) =>
        console.error(JSON.stringify({ event: 'email_drain_failed', message: rootMessage(error) })),
    ),
  );
}

/** The Cron Trigger's sweep: drains due rows batch after batch, at most SWEEP_BATCHES. */
export async function sweepOutbox(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const send = emailSender(env);
  for (let i = 0; i < SWEEP_BATCHES; i += 1) {
    const { claimed } = await drainOutbox(db, send);
    if (claimed < DRAIN_BATCH) return;
  }
}
