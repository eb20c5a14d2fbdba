import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { emailOutbox, shipmentBookings, whatsappOutbox } from '../db/schema.ts';

// The queue both outboxes run on (lib/outbox.ts for email, whatsapp/outbox.ts for WhatsApp;
// decisions 009 and 049; shipping/auto-booking.ts books couriers on it too, decision 058): one claim, one retry policy, one drain and one sweep, so a message on
// either channel is tried as often and as patiently. A channel brings its table and its sender.

/** Attempts before a row is given up as 'failed'. */
export const MAX_ATTEMPTS = 6;
/** Rows one drain claims: bounded so a drain fits in the time a request's waitUntil has. */
export const DRAIN_BATCH = 10;
/** Drains one Cron sweep runs at most. */
export const SWEEP_BATCHES = 5;
/** A claimed row is left alone this long: a drain that died mid-send is retried after it. */
export const LEASE_MS = 5 * 60_000;
export const MAX_ERROR_LENGTH = 500;

/** Wait after the n-th failed attempt: 1, 2, 4, 8, 16 minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** (attempts - 1);
}

/** The innermost cause's message: Drizzle's own wraps it with the query's parameters (addresses). */
export function rootMessage(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}

/** An outbox table: its queue columns (status, attempts, next_attempt_at, …) are the same in each. */
type OutboxTable = typeof emailOutbox | typeof whatsappOutbox | typeof shipmentBookings;

/** One channel's outbox: its table and how it hands a row to its service. */
export interface OutboxChannel<T extends OutboxTable> {
  table: T;
  /** The logs' event prefix: `<name>_send_failed`. */
  name: string;
  /** Recorded on a row whose last attempt's drain died mid-send. */
  noAnswer: string;
  /** Sends the row: the service's message id, or a throw. */
  send(row: T['$inferSelect']): Promise<string>;
  /** A refusal no retry can mend: the row fails at once. */
  permanent?(error: unknown): boolean;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

type Outcome = 'sent' | 'retrying' | 'failed';

/** Counts an attempt on up to `limit` due rows and leases them, in one transaction. */
async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  noAnswer: string,
  now: Date,
  limit: number,
): Promise<T['$inferSelect'][]> {
  // One table's columns serve for either: the queue's columns have the same names and types.
  const t = table as typeof emailOutbox;
  const pending = eq(t.status, 'pending');
  const due = lte(t.nextAttemptAt, now.toISOString());
  const [, claimed] = await db.batch([
    // The drain of a last attempt died mid-send and its lease ran out: no attempt is left.
    db
      .update(t)
      .set({ status: 'failed', lastError: noAnswer })
      .where(and(pending, due, gte(t.attempts, MAX_ATTEMPTS))),
    db
      .update(t)
      .set({
        attempts: sql`${t.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(),
      })
      .where(
        inArray(
          t.id,
          db
            .select({ id: t.id })
            .from(t)
            .where(and(pending, due, lt(t.attempts, MAX_ATTEMPTS)))
            .orderBy(t.nextAttemptAt, t.createdAt)
            .limit(limit),
        ),
      )
      .returning(),
  ]);
  return claimed as T['$inferSelect'][];
}

async function deliver<T extends OutboxTable>(
  db: Db,
  channel: OutboxChannel<T>,
  row: T['$inferSelect'],
  now: Date,
): Promise<Outcome> {
  const t = channel.table as typeof emailOutbox;
  // Only the drain holding this attempt's claim may record its outcome.
  const claim = and(eq(t.id, row.id), eq(t.attempts, row.attempts));
  let messageId: string;
  try {
    messageId = await channel.send(row);
  } catch (error) {
    const lastError = rootMessage(error).slice(0, MAX_ERROR_LENGTH);
    // The id and the service's words only: no address, no phone, no token.
    console.error(
      JSON.stringify({
        event: `${channel.name}_send_failed`,
        id: row.id,
        attempt: row.attempts,
        message: lastError,
      }),
    );
    const final = row.attempts >= MAX_ATTEMPTS || (channel.permanent?.(error) ?? false);
    await db
      .update(t)
      .set(
        final
          ? { status: 'failed', lastError }
          : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() },
      )
      .where(claim);
    return final ? 'failed' : 'retrying';
  }
  await db
    .update(t)
    .set({ status: 'sent', sentAt: new Date().toISOString(), messageId, lastError: null })
    .where(claim);
  return 'sent';
}

/** Sends one bounded batch of due rows, each once; failures wait for their retry. */
export async function drainQueue<T extends OutboxTable>(
  db: Db,
  channel: OutboxChannel<T>,
  { now = new Date(), limit = DRAIN_BATCH }: { now?: Date; limit?: number } = {},
): Promise<DrainResult> {
  const rows = await claimDue(db, channel.table, channel.noAnswer, now, limit);
  const outcomes = await Promise.all(rows.map((row) => deliver(db, channel, row, now)));
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return { claimed: rows.length, sent: count('sent'), retrying: count('retrying'), failed: count('failed') };
}

/** The Cron Trigger's sweep: due rows batch after batch, at most SWEEP_BATCHES; what they came to. */
export async function sweepQueue<T extends OutboxTable>(
  db: Db,
  channel: OutboxChannel<T>,
): Promise<DrainResult> {
  const total: DrainResult = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < SWEEP_BATCHES; i += 1) {
    const result = await drainQueue(db, channel);
    total.claimed += result.claimed;
    total.sent += result.sent;
    total.retrying += result.retrying;
    total.failed += result.failed;
    if (result.claimed < DRAIN_BATCH) break;
  }
  return total;
}

/** After a request queued a message: it leaves once the answer is out, not at the next sweep. */
export function drainSoon<T extends OutboxTable>(
  db: Db,
  channel: OutboxChannel<T>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): void {
  ctx.waitUntil(
    drainQueue(db, channel).then(
      () => undefined,
      (error: unknown) =>
        console.error(JSON.stringify({ event: `${channel.name}_drain_failed`, message: rootMessage(error) })),
    ),
  );
}
