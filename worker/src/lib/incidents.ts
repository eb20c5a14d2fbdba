import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { incidents } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { loggableError } from './db-errors.ts';
import { queueEmail } from './outbox.ts';
import { MAX_ERROR_LENGTH, rootMessage } from './outbox-queue.ts';
import { staffRecipients } from './staff-recipients.ts';

// Nothing fails without someone knowing (issue 42, decision 058): each failure of the mail, a
// Cron job, the gateway or the courier counts towards an incident of its kind; at
// INCIDENT_THRESHOLD failures in a row the incident opens and the owner gets ONE email; the next
// success resolves it. A later failure starts a new incident. The dashboard lists open ones.

/** Failures in a row, with no success between, before the owner is told. */
export const INCIDENT_THRESHOLD = 3;
/** The dashboard's list: more open at once than this is one screen of trouble anyway. */
export const OPEN_INCIDENTS_LIMIT = 20;
/** Staff told of one incident at most. */
const RECIPIENTS_LIMIT = 10;

/** The Cron's jobs (index.ts), each watched under its own kind `cron:<job>`. */
export const cronJobs = {
  'gateway-poll': 'Pemeriksaan pembayaran di gateway',
  'shipment-poll': 'Pemeriksaan status pengiriman kurir',
  expiry: 'Pembatalan pesanan lewat batas bayar',
  'payment-reminder': 'Pengingat pembayaran',
  'auto-deliver': 'Penutupan pesanan yang sudah lama dikirim',
  'bpom-reminder': 'Pengingat notifikasi BPOM',
  'back-in-stock': "Email 'Kabari Saya'",
  'review-requests': 'Permintaan ulasan',
  'saved-carts': 'Pengingat keranjang',
  'shipment-bookings': 'Pemesanan kurir otomatis',
  'email-outbox': 'Pengiriman email',
  'whatsapp-outbox': 'Pengiriman WhatsApp',
  cleanup: 'Pembersihan data lama',
  'sale-boundaries': 'Awal dan akhir promo',
  'stock-summary': 'Ringkasan stok menipis harian',
  'analytics-snapshots': 'Ringkasan analitik penjualan harian',
} as const;
export type CronJob = keyof typeof cronJobs;

export type IncidentKind = 'email' | 'gateway' | 'courier' | `cron:${CronJob}`;

const titles: Record<'email' | 'gateway' | 'courier', string> = {
  email: 'Pengiriman email',
  gateway: 'Gateway pembayaran',
  courier: 'Layanan kurir',
};

/** What keeps failing, in the owner's words. */
export function incidentTitle(kind: string): string {
  if (kind.startsWith('cron:')) {
    const job = kind.slice('cron:'.length) as CronJob;
    return `Tugas terjadwal: ${cronJobs[job] ?? job}`;
  }
  return titles[kind as keyof typeof titles] ?? kind;
}

/**
 * Counts one failure of `kind`. The failure that reaches the threshold opens the incident (a
 * conditional update: of racing failures exactly one opens it) and queues its one email per
 * recipient, keyed by the incident so nothing sends it twice. Never throws: watching must not
 * break what it watches.
 */
export async function recordFailure(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  kind: IncidentKind,
  error: unknown,
  now = new Date(),
): Promise<void> {
  try {
    const at = now.toISOString();
    const lastError = (typeof error === 'string' ? error : rootMessage(error)).slice(0, MAX_ERROR_LENGTH);
    const [, opened] = await db.batch([
      db
        .insert(incidents)
        .values({ id: crypto.randomUUID(), kind, startedAt: at, lastFailedAt: at, lastError })
        .onConflictDoUpdate({
          target: incidents.kind,
          targetWhere: sql`status <> 'resolved'`,
          set: { failures: sql`${incidents.failures} + 1`, lastFailedAt: at, lastError },
        }),
      db
        .update(incidents)
        .set({ status: 'open', openedAt: at })
        .where(
          and(
            eq(incidents.kind, kind),
            eq(incidents.status, 'watching'),
            gte(incidents.failures, INCIDENT_THRESHOLD),
          ),
        )
        .returning(),
    ]);
    const incident = opened[0];
    if (!incident) return;
    const mails = (await staffRecipients(db, 'incident').limit(RECIPIENTS_LIMIT)).map(({ email: to }) =>
      queueEmail(db, env, {
        to,
        template: 'owner-incident',
        data: {
          title: incidentTitle(kind),
          failures: incident.failures,
          startedAt: incident.startedAt,
          lastError: incident.lastError,
        },
        once: `incident:${incident.id}:${to}`,
      }),
    );
    const [first, ...rest] = mails;
    if (first) await db.batch([first, ...rest]);
  } catch (err) {
    console.error(JSON.stringify({ event: 'incident_record_failed', kind, ...loggableError(err) }));
  }
}

/** It works again: an open incident is resolved, a count below the threshold forgotten. */
export async function recordSuccess(db: Db, kind: IncidentKind, now = new Date()): Promise<void> {
  try {
    await db.batch([
      db.delete(incidents).where(and(eq(incidents.kind, kind), eq(incidents.status, 'watching'))),
      db
        .update(incidents)
        .set({ status: 'resolved', resolvedAt: now.toISOString() })
        .where(and(eq(incidents.kind, kind), eq(incidents.status, 'open'))),
    ]);
  } catch (err) {
    console.error(JSON.stringify({ event: 'incident_record_failed', kind, ...loggableError(err) }));
  }
}

/** Records how `work` went under `kind` and hands its outcome on unchanged. */
export async function watched<T>(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  kind: IncidentKind,
  work: Promise<T>,
): Promise<T> {
  try {
    const value = await work;
    await recordSuccess(db, kind);
    return value;
  } catch (err) {
    await recordFailure(db, env, kind, err);
    throw err;
  }
}

/** The dashboard's open incidents, newest first (index incidents_open). */
export async function openIncidents(db: Db) {
  const rows = await db
    .select()
    .from(incidents)
    .where(eq(incidents.status, 'open'))
    .orderBy(desc(incidents.openedAt))
    .limit(OPEN_INCIDENTS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: incidentTitle(row.kind),
    failures: row.failures,
    last_error: row.lastError,
    started_at: row.startedAt,
    opened_at: row.openedAt ?? row.startedAt,
    last_failed_at: row.lastFailedAt,
  }));
}

/** A sweep of the email outbox: every attempt failing, none sent, is the mail failing. */
export async function watchMail(
  db: Db,
  env: Pick<Env, 'PUBLIC_ORIGIN'>,
  sweep: { sent: number; retrying: number; failed: number },
): Promise<void> {
  const failing = sweep.retrying + sweep.failed;
  if (sweep.sent > 0) await recordSuccess(db, 'email');
  else if (failing > 0) await recordFailure(db, env, 'email', `${failing} email gagal dikirim`);
}
