import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countRows, createUser } from '../../test/helpers.ts';
import worker from '../index.ts';
import {
  cleanupTables,
  EXPIRED_QUOTE_KEEP_MS,
  IDEMPOTENCY_KEY_KEEP_MS,
  POSTAL_AREA_KEEP_MS,
  REVOKED_SESSION_KEEP_MS,
  SENT_EMAIL_KEEP_MS,
} from './cleanup.ts';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const MINUTE = 60_000;

const ids = async (table: string, column: string) =>
  (await env.DB.prepare(`SELECT ${column} AS id FROM ${table} ORDER BY 1`).all<{ id: string }>()).results.map(
    (row) => row.id,
  );

async function insertSessions(userId: string) {
  const session = (id: string, expiresAt: string, revokedAt: string | null) =>
    env.DB.prepare(
      'INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).bind(id, userId, `f-${id}`, `hash-${id}`, expiresAt, revokedAt);
  await env.DB.batch([
    session('expired', at(-MINUTE), null),
    session('live', at(MINUTE), null),
    session('revoked-long-ago', at(MINUTE), at(-REVOKED_SESSION_KEEP_MS - MINUTE)),
    session('revoked-just-now', at(MINUTE), at(-MINUTE)),
  ]);
}

async function insertRest(userId: string) {
  const limit = (key: string, resetAt: string) =>
    env.DB.prepare('INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)').bind(key, resetAt);
  const idempotencyKey = (key: string, createdAt: string) =>
    env.DB.prepare(
      "INSERT INTO idempotency_keys (user_id, key, order_id, request_hash, created_at) VALUES (?, ?, 'o', 'h', ?)",
    ).bind(userId, key, createdAt);
  const email = (id: string, status: string, sentAt: string | null) =>
    env.DB.prepare(
      "INSERT INTO email_outbox (id, to_address, subject, body, status, sent_at) VALUES (?, 'a@contoh.id', 'S', 'B', ?, ?)",
    ).bind(id, status, sentAt);
  await env.DB.batch([
    limit('passed', at(-MINUTE)),
    limit('running', at(MINUTE)),
    idempotencyKey('key-old-0001', at(-IDEMPOTENCY_KEY_KEEP_MS - MINUTE)),
    idempotencyKey('key-new-0001', at(-MINUTE)),
    email('sent-old', 'sent', at(-SENT_EMAIL_KEEP_MS - MINUTE)),
    email('sent-new', 'sent', at(-MINUTE)),
    email('failed-old', 'failed', null),
    email('pending', 'pending', null),
  ]);
}

describe('Cron cleanup', () => {
  it('deletes expired and long-revoked sessions, passed throttle windows, old idempotency keys and old sent email', async () => {
    const user = await createUser();
    // Only the rows below: not the sign-in's own session and throttle counters.
    await env.DB.batch([env.DB.prepare('DELETE FROM sessions'), env.DB.prepare('DELETE FROM rate_limits')]);
    await insertSessions(user.id);
    await insertRest(user.id);

    await cleanupTables(env.DB, NOW);

    expect(await ids('sessions', 'id')).toEqual(['live', 'revoked-just-now']);
    expect(await ids('rate_limits', 'key')).toEqual(['running']);
    expect(await ids('idempotency_keys', 'key')).toEqual(['key-new-0001']);
    expect(await ids('email_outbox', 'id')).toEqual(['failed-old', 'pending', 'sent-new']);
  });

  it('deletes at most its limit per table and run; the next run goes on', async () => {
    const old = at(-SENT_EMAIL_KEEP_MS - MINUTE);
    await env.DB.batch(
      [1, 2, 3].map((n) =>
        env.DB.prepare(
          "INSERT INTO email_outbox (id, to_address, subject, body, status, sent_at) VALUES (?, 'a@contoh.id', 'S', 'B', 'sent', ?)",
        ).bind(`e${n}`, old),
      ),
    );
    await env.DB.batch(
      [1, 2, 3].map((n) =>
        env.DB.prepare('INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)').bind(
          `k${n}`,
          at(-1),
        ),
      ),
    );
    await cleanupTables(env.DB, NOW, 2);
    expect(await countRows('email_outbox')).toBe(1);
    expect(await countRows('rate_limits')).toBe(1);
    await cleanupTables(env.DB, NOW, 2);
    expect(await countRows('email_outbox')).toBe(0);
    expect(await countRows('rate_limits')).toBe(0);
  });

  it('deletes courier quotes a day past their expiry, a bounded number per run', async () => {
    const quote = (id: string, expiresAt: string) =>
      env.DB.prepare(
        "INSERT INTO shipping_quotes (id, cache_key, provider, weight_grams, destination_postal_code, options, expires_at) VALUES (?, 'biteship|12440|10110|450|jne', 'biteship', 450, '10110', '[]', ?)",
      ).bind(id, expiresAt);
    const old = at(-EXPIRED_QUOTE_KEEP_MS - MINUTE);
    await env.DB.batch([
      quote('old-1', old),
      quote('old-2', old),
      quote('old-3', old),
      // Expired, but an order naming it within the day is re-quoted rather than refused.
      quote('expired-recently', at(-MINUTE)),
      quote('valid', at(MINUTE)),
    ]);
    await cleanupTables(env.DB, NOW, 2);
    expect(await countRows('shipping_quotes')).toBe(3);
    await cleanupTables(env.DB, NOW, 2);
    expect(await ids('shipping_quotes', 'id')).toEqual(['expired-recently', 'valid']);
  });

  it("deletes the aggregator's postal code checks past their retention, a bounded number per run", async () => {
    const check = (districtCode: string, checkedAt: string) =>
      env.DB.prepare(
        "INSERT INTO postal_area_checks (district_code, postal_code, fits, checked_at) VALUES (?, '10110', 1, ?)",
      ).bind(districtCode, checkedAt);
    const old = at(-POSTAL_AREA_KEEP_MS - MINUTE);
    await env.DB.batch([
      check('31.71.01', old),
      check('31.71.02', old),
      check('31.71.03', old),
      check('31.71.04', at(-MINUTE)),
    ]);
    await cleanupTables(env.DB, NOW, 2);
    expect(await countRows('postal_area_checks')).toBe(2);
    await cleanupTables(env.DB, NOW, 2);
    expect(await ids('postal_area_checks', 'district_code')).toEqual(['31.71.04']);
  });

  it('runs from the Cron Trigger', async () => {
    const user = await createUser();
    await insertRest(user.id);
    await env.DB.prepare("UPDATE rate_limits SET reset_at = '2000-01-01T00:00:00.000Z'").run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await countRows('rate_limits')).toBe(0);
  });
});
