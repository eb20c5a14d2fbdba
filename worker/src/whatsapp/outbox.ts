import { formatRupiah, phoneSchema } from '@gi/contracts';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type Db, getDb } from '../db/client.ts';
import { whatsappOutbox } from '../db/schema.ts';
import { orderRef, typed } from '../email/order-parts.ts';
import type { Env } from '../env.ts';
import {
  DRAIN_BATCH,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_ERROR_LENGTH,
  retryDelayMs,
  rootMessage,
  SWEEP_BATCHES,
} from '../lib/outbox-policy.ts';
import { type WhatsAppEnv, whatsappProvider } from './configured-provider.ts';
import { type WhatsAppProvider, WhatsAppSendError } from './provider.ts';
import { WHATSAPP_LANGUAGE, whatsappTemplates } from './templates.ts';

// Order updates on WhatsApp (decision 049), sent as the email outbox sends mail (decision 009):
// the change that makes the event writes the message's row in its own D1 batch, a drain after the
// request's answer and the Cron every minute send what is due, failures wait 1, 2, 4, 8, 16
// minutes. One row per order and event, so a twin notification or a retried step sends nothing
// twice; a failure never touches the order.

/** The order as the outbox needs it: an orders row fits, and checkout builds one. */
export interface WhatsAppOrder {
  id: string;
  customerName: string;
  customerPhone: string | null;
  /** Asked for at checkout while the channel was on (migration 0042). */
  whatsappOptIn: boolean;
}

/** What each event tells, beyond the name, the order and its page. */
export type OrderUpdate =
  | { event: 'order_placed'; total: number; howToPay: string }
  | { event: 'paid'; total: number }
  | { event: 'shipped'; courier: string; trackingNumber: string | null; trackingUrl: string | null }
  | { event: 'delivered' };

/** The Cloud API's `to`: E.164 digits without the plus, from the shop's Indonesian phone; null if it is none. */
export function whatsappNumber(phone: string | null): string | null {
  const parsed = phone === null ? null : phoneSchema.safeParse(phone);
  return parsed?.success ? parsed.data.slice(1) : null;
}

/** One line per parameter, never empty: a template's text parameter is a single line of text. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim() || '-';

function parametersOf(order: WhatsAppOrder, update: OrderUpdate, origin: string): string[] {
  // A typed name cannot become a live link in the message (decision 023's rule for the mails).
  const head = [typed(order.customerName), orderRef(order.id)];
  const page = new URL(`/orders/${order.id}`, origin).href;
  switch (update.event) {
    case 'order_placed':
      return [...head, formatRupiah(update.total), update.howToPay, page];
    case 'paid':
      return [...head, formatRupiah(update.total), page];
    case 'shipped':
      return [
        ...head,
        update.courier,
        update.trackingNumber ?? 'belum tersedia, kami kabari lewat email',
        update.trackingUrl ?? page,
      ];
    case 'delivered':
      return [...head, page];
  }
}

/**
 * The outbox row of one order update, to put into the batch of the change it tells: none unless
 * the customer opted in and the order's phone is one WhatsApp can reach. Queued twice (a twin
 * request, a retried step), the second insert is ignored.
 */
export function queueWhatsApp(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  order: WhatsAppOrder,
  update: OrderUpdate,
): BatchItem<'sqlite'>[] {
  const to = order.whatsappOptIn ? whatsappNumber(order.customerPhone) : null;
  if (!to) return [];
  return [
    db
      .insert(whatsappOutbox)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        event: update.event,
        toPhone: to,
        template: whatsappTemplates[update.event].name,
        parameters: parametersOf(order, update, env.PUBLIC_ORIGIN).map(oneLine),
      })
      .onConflictDoNothing(),
  ];
}

type OutboxRow = typeof whatsappOutbox.$inferSelect;

/** Counts an attempt on up to `limit` due rows and leases them, in one transaction (as lib/outbox.ts). */
async function claimDue(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const pending = eq(whatsappOutbox.status, 'pending');
  const due = lte(whatsappOutbox.nextAttemptAt, now.toISOString());
  const [, claimed] = await db.batch([
    // The drain of a last attempt died mid-send and its lease ran out: no attempt is left.
    db
      .update(whatsappOutbox)
      .set({ status: 'failed', lastError: 'Tidak ada jawaban dari pengirim WhatsApp' })
      .where(and(pending, due, gte(whatsappOutbox.attempts, MAX_ATTEMPTS))),
    db
      .update(whatsappOutbox)
      .set({
        attempts: sql`${whatsappOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(),
      })
      .where(
        inArray(
          whatsappOutbox.id,
          db
            .select({ id: whatsappOutbox.id })
            .from(whatsappOutbox)
            .where(and(pending, due, lt(whatsappOutbox.attempts, MAX_ATTEMPTS)))
            .orderBy(whatsappOutbox.nextAttemptAt, whatsappOutbox.createdAt)
            .limit(limit),
        ),
      )
      .returning(),
  ]);
  return claimed;
}

type Outcome = 'sent' | 'retrying' | 'failed';

async function deliver(db: Db, provider: WhatsAppProvider, row: OutboxRow, now: Date): Promise<Outcome> {
  // Only the drain holding this attempt's claim may record its outcome.
  const claim = and(eq(whatsappOutbox.id, row.id), eq(whatsappOutbox.attempts, row.attempts));
  let messageId: string;
  try {
    ({ messageId } = await provider.send({
      to: row.toPhone,
      template: row.template,
      language: WHATSAPP_LANGUAGE,
      parameters: row.parameters,
    }));
  } catch (error) {
    const lastError = rootMessage(error).slice(0, MAX_ERROR_LENGTH);
    // The id and the provider's words only: no phone, no token.
    console.error(
      JSON.stringify({
        event: 'whatsapp_send_failed',
        id: row.id,
        attempt: row.attempts,
        message: lastError,
      }),
    );
    const final = row.attempts >= MAX_ATTEMPTS || (error instanceof WhatsAppSendError && !error.retryable);
    await db
      .update(whatsappOutbox)
      .set(
        final
          ? { status: 'failed', lastError }
          : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() },
      )
      .where(claim);
    return final ? 'failed' : 'retrying';
  }
  await db
    .update(whatsappOutbox)
    .set({ status: 'sent', sentAt: new Date().toISOString(), messageId, lastError: null })
    .where(claim);
  return 'sent';
}

export interface WhatsAppDrainResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends one bounded batch of due rows, each once; failures wait for their retry. */
export async function drainWhatsApp(
  db: Db,
  provider: WhatsAppProvider,
  { now = new Date(), limit = DRAIN_BATCH }: { now?: Date; limit?: number } = {},
): Promise<WhatsAppDrainResult> {
  const rows = await claimDue(db, now, limit);
  const outcomes = await Promise.all(rows.map((row) => deliver(db, provider, row, now)));
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return { claimed: rows.length, sent: count('sent'), retrying: count('retrying'), failed: count('failed') };
}

/** After a request queued a message: it leaves once the answer is out. Nothing while the channel is off. */
export function drainWhatsAppSoon(
  env: WhatsAppEnv & Pick<Env, 'DB'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): void {
  const provider = whatsappProvider(env);
  if (!provider) return;
  ctx.waitUntil(
    drainWhatsApp(getDb(env.DB), provider).then(
      () => undefined,
      (error: unknown) =>
        console.error(JSON.stringify({ event: 'whatsapp_drain_failed', message: rootMessage(error) })),
    ),
  );
}

/** The Cron Trigger's sweep: due rows batch after batch, at most SWEEP_BATCHES; none while off. */
export async function sweepWhatsApp(env: WhatsAppEnv & Pick<Env, 'DB'>): Promise<void> {
  const provider = whatsappProvider(env);
  if (!provider) return;
  const db = getDb(env.DB);
  for (let i = 0; i < SWEEP_BATCHES; i += 1) {
    const { claimed } = await drainWhatsApp(db, provider);
    if (claimed < DRAIN_BATCH) return;
  }
}
