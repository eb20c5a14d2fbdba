// The Cron Trigger's cleanup (docs/decisions/014-bounded-lists-and-indexes.md): rows past
// their useful life go, a bounded number per table and run, each through an index, so one
// run never holds the database long however much has piled up; the next run goes on.

/** Rows one run deletes from each table at most. */
export const CLEANUP_LIMIT = 500;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A revoked session is kept a day: long enough for any refresh racing its logout to see it. */
export const REVOKED_SESSION_KEEP_MS = DAY;
/** An Idempotency-Key guards the retries of one checkout, which come within minutes. */
export const IDEMPOTENCY_KEY_KEEP_MS = DAY;
/** A sent email stays for support questions ("did the reset mail go out?") this long. */
export const SENT_EMAIL_KEEP_MS = 30 * DAY;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** Expired refresh tokens (rotated or not) and sign-ins revoked over a day ago. */
export function sessionsCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE expires_at <= ?1 LIMIT ?2)',
      )
      .bind(now.toISOString(), limit),
    db
      .prepare(
        'DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE revoked_at <= ?1 LIMIT ?2)',
      )
      .bind(ago(now, REVOKED_SESSION_KEEP_MS), limit),
  ];
}

/** Throttle windows that have passed (worker/src/lib/throttle.ts). */
export function rateLimitsCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at <= ?1 LIMIT ?2)',
      )
      .bind(now.toISOString(), limit),
  ];
}

export function idempotencyKeysCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at <= ?1 LIMIT ?2)',
      )
      .bind(ago(now, IDEMPOTENCY_KEY_KEEP_MS), limit),
  ];
}

/** Sent messages only: pending and failed rows stay for the sender and for the admin to see. */
export function emailOutboxCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        "DELETE FROM email_outbox WHERE rowid IN (SELECT rowid FROM email_outbox WHERE status = 'sent' AND sent_at <= ?1 LIMIT ?2)",
      )
      .bind(ago(now, SENT_EMAIL_KEEP_MS), limit),
  ];
}

/**
 * A courier quote is kept a day past its expiry: an order naming it within that day is re-quoted
 * (same price: it goes through) instead of refused (shipping/rates.ts).
 */
export const EXPIRED_QUOTE_KEEP_MS = DAY;

/** Courier quotes expired over a day ago, through shipping_quotes_expiry. */
export function shippingQuotesCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM shipping_quotes WHERE rowid IN (SELECT rowid FROM shipping_quotes WHERE expires_at <= ?1 LIMIT ?2)',
      )
      .bind(ago(now, EXPIRED_QUOTE_KEEP_MS), limit),
  ];
}

/**
 * The aggregator's word on a postal code and a district is kept 30 days: postal codes seldom
 * move, and the shop asks again after that (shipping/postal-area.ts reads no older row).
 */
export const POSTAL_AREA_KEEP_MS = 30 * DAY;

/** Area checks older than POSTAL_AREA_KEEP_MS, through postal_area_checks_age. */
export function postalAreaChecksCleanup(db: D1Database, now: Date, limit: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'DELETE FROM postal_area_checks WHERE (district_code, postal_code) IN (SELECT district_code, postal_code FROM postal_area_checks WHERE checked_at <= ?1 LIMIT ?2)',
      )
      .bind(ago(now, POSTAL_AREA_KEEP_MS), limit),
  ];
}

/** One run over every table, in one batch; answers how many rows each statement deleted. */
export async function cleanupTables(db: D1Database, now: Date, limit = CLEANUP_LIMIT): Promise<number[]> {
  const results = await db.batch([
    ...sessionsCleanup(db, now, limit),
    ...rateLimitsCleanup(db, now, limit),
    ...idempotencyKeysCleanup(db, now, limit),
    ...emailOutboxCleanup(db, now, limit),
    ...shippingQuotesCleanup(db, now, limit),
    ...postalAreaChecksCleanup(db, now, limit),
  ]);
  return results.map((result) => result.meta.changes);
}
