import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { drainOutbox, type OutgoingEmail, queueEmail, type SendFn } from './outbox.ts';
import { DRAIN_BATCH, LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from './outbox-queue.ts';

const db = () => getDb(env.DB);
const tokenFor = (address: string) => `token-${address.split('@')[0]}`;
const T0 = new Date('2026-11-23T03:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

async function queue(count: number): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `penerima${i + 1}@contoh.id`);
  for (const to of addresses) {
    await queueEmail(db(), env, { to, template: 'password-reset', data: { token: tokenFor(to) } });
  }
  return addresses;
}

interface Row {
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  message_id: string | null;
  sent_at: string | null;
}

async function rows(): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    'SELECT to_address, status, attempts, next_attempt_at, last_error, message_id, sent_at FROM email_outbox ORDER BY to_address',
  ).all<Row>();
  return results;
}

/** A sender that accepts everything and remembers what it was given. */
function recordingSender() {
  const sent: OutgoingEmail[] = [];
  const send: SendFn = async (email) => {
    // Yield to the other drain between claim and record, as a real network call does.
    await scheduler.wait(1);
    sent.push(email);
    return { messageId: `<id-${sent.length}@globalimperium.id>` };
  };
  return { sent, send };
}

const failingSender: SendFn = async () => {
  throw new Error('Layanan email tidak tersedia');
};

describe('drainOutbox', () => {
  it('sends each due row once, with both parts, and marks it sent with the message id', async () => {
    const addresses = await queue(3);
    const { sent, send } = recordingSender();

    expect(await drainOutbox(db(), send, { now: T0 })).toEqual({
      claimed: 3,
      sent: 3,
      retrying: 0,
      failed: 0,
    });
    expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
    for (const message of sent) {
      expect(message.subject).toBe('Atur ulang password Anda');
      expect(message.text).toContain(`${env.PUBLIC_ORIGIN}/reset-password?token=${tokenFor(message.to)}`);
      expect(message.html).toContain(
        `href="${env.PUBLIC_ORIGIN}/reset-password?token=${tokenFor(message.to)}"`,
      );
    }
    const stored = await rows();
    expect(stored.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(new Set(stored.map((r) => r.message_id)).size).toBe(3);
    expect(stored.every((r) => r.message_id?.startsWith('<id-') && r.sent_at && r.attempts === 1)).toBe(true);

    // Nothing is sent twice.
    expect((await drainOutbox(db(), send, { now: later(60 * 60_000) })).claimed).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('leaves a row alone until it is due', async () => {
    await queue(1);
    await env.DB.prepare('UPDATE email_outbox SET next_attempt_at = ?')
      .bind(later(60_000).toISOString())
      .run();
    const { sent, send } = recordingSender();

    expect((await drainOutbox(db(), send, { now: T0 })).claimed).toBe(0);
    expect(sent).toEqual([]);
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0 }]);

    expect((await drainOutbox(db(), send, { now: later(60_000) })).sent).toBe(1);
  });

  it('sends at most one batch per drain', async () => {
    await queue(DRAIN_BATCH + 2);
    const { sent, send } = recordingSender();
    expect((await drainOutbox(db(), send, { now: T0 })).claimed).toBe(DRAIN_BATCH);
    expect(sent).toHaveLength(DRAIN_BATCH);
    expect((await drainOutbox(db(), send, { now: T0 })).claimed).toBe(2);
  });

  it('retries a failing send with growing waits, then gives up as failed', async () => {
    await queue(1);
    let now = T0;
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await drainOutbox(db(), failingSender, { now })).toMatchObject({ claimed: 1, retrying: 1 });
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        last_error: 'Layanan email tidak tersedia',
      });
      const next = new Date(row?.next_attempt_at ?? '');
      waits.push(next.getTime() - now.getTime());
      // Not before its time.
      expect((await drainOutbox(db(), failingSender, { now: new Date(next.getTime() - 1) })).claimed).toBe(0);
      now = next;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16].map((minutes) => minutes * 60_000));

    expect(await drainOutbox(db(), failingSender, { now })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    const { sent, send } = recordingSender();
    expect((await drainOutbox(db(), send, { now: later(24 * 60 * 60_000) })).claimed).toBe(0);
    expect(sent).toEqual([]);
  });

  it('sends a row that failed once when its retry is due', async () => {
    await queue(1);
    await drainOutbox(db(), failingSender, { now: T0 });
    const { sent, send } = recordingSender();
    expect((await drainOutbox(db(), send, { now: later(retryDelayMs(1)) })).sent).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('never lets two concurrent drains send one row', async () => {
    const addresses = await queue(DRAIN_BATCH + 5);
    const { sent, send } = recordingSender();

    const results = await Promise.all([
      drainOutbox(db(), send, { now: T0 }),
      drainOutbox(db(), send, { now: T0 }),
      drainOutbox(db(), send, { now: T0 }),
    ]);

    expect(results.reduce((sum, r) => sum + r.claimed, 0)).toBe(addresses.length);
    expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a row whose drain died mid-send once its lease is over, and the late drain records nothing', async () => {
    await queue(1);
    let finishStuckSend: (value: { messageId: string }) => void = () => {};
    let sendStarted: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    const stuck = drainOutbox(
      db(),
      () => {
        sendStarted();
        return new Promise((resolve) => {
          finishStuckSend = resolve;
        });
      },
      { now: T0 },
    );
    await sending;
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 1 }]);

    const { sent, send } = recordingSender();
    expect((await drainOutbox(db(), send, { now: later(LEASE_MS - 1) })).claimed).toBe(0);
    expect((await drainOutbox(db(), send, { now: later(LEASE_MS) })).sent).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await rows()).toMatchObject([
      { status: 'sent', attempts: 2, message_id: '<id-1@globalimperium.id>' },
    ]);

    // The first drain comes back: its claim is stale, so it changes nothing.
    finishStuckSend({ messageId: '<terlambat@globalimperium.id>' });
    await stuck;
    expect(await rows()).toMatchObject([
      { status: 'sent', attempts: 2, message_id: '<id-1@globalimperium.id>' },
    ]);
  });

  it('gives up on a last attempt whose drain died, without sending again', async () => {
    await queue(1);
    await env.DB.prepare('UPDATE email_outbox SET attempts = ?, next_attempt_at = ?')
      .bind(MAX_ATTEMPTS, T0.toISOString())
      .run();
    const { sent, send } = recordingSender();
    expect((await drainOutbox(db(), send, { now: T0 })).claimed).toBe(0);
    expect(sent).toEqual([]);
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
  });
});

describe('queueEmail', () => {
  const backInStock = {
    to: 'ani@contoh.id',
    template: 'back-in-stock',
    data: { productId: 'p1', productName: 'Melati', size: '50 ml', price: 1000, unsubscribeToken: 'tok' },
  } as const;

  it('queues an email with a once key a single time, however often it is asked', async () => {
    await queueEmail(db(), env, { ...backInStock, once: 'back-in-stock:a' });
    await queueEmail(db(), env, { ...backInStock, once: 'back-in-stock:a' });
    await queueEmail(db(), env, { ...backInStock, once: 'back-in-stock:b' });
    await queueEmail(db(), env, backInStock);
    await queueEmail(db(), env, backInStock);
    expect(await rows()).toHaveLength(4);
  });

  it('sends the List-Unsubscribe headers only for an https link, which Email Service requires', async () => {
    await queueEmail(db(), { PUBLIC_ORIGIN: 'http://localhost:8787' }, backInStock);
    await queueEmail(db(), env, { to: 'budi@contoh.id', template: 'password-reset', data: { token: 't' } });
    const { sent, send } = recordingSender();
    await drainOutbox(db(), send);
    expect(sent.map((email) => [email.to, email.headers])).toEqual(
      expect.arrayContaining([
        ['ani@contoh.id', undefined],
        ['budi@contoh.id', undefined],
      ]),
    );
    const ani = sent.find((email) => email.to === 'ani@contoh.id');
    expect(ani?.text).toContain('http://localhost:8787/api/marketing/unsubscribe?token=tok');
  });
});

describe('the Cron Trigger', () => {
  it('sends the due rows through the EMAIL binding', async () => {
    await queue(DRAIN_BATCH + 1);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    const stored = await rows();
    expect(stored).toHaveLength(DRAIN_BATCH + 1);
    for (const row of stored) {
      expect(row.status).toBe('sent');
      // Email Service's message id, e.g. <…@globalimperium.id>: the domain of EMAIL_FROM.
      expect(row.message_id).toMatch(/^<.+@globalimperium\.id>$/);
    }
  });
});
