import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { insertProducts, queuedEmails } from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import { remindExpiringNotifications } from './trust-marks.ts';

// The Cron's reminder before a BPOM notification ends (issue 41, decision 043).

const TEMPLATE = 'shop-bpom-expiring';
const DAY = 24 * 3600_000;
// 2027-03-01 10:00 WIB.
const NOW = new Date('2027-03-01T03:00:00.000Z');
const dayFrom = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString().slice(0, 10);

/** A product whose notification ends `days` after NOW's day (WIB). */
async function endingIn(days: number, name = 'Melati Senja'): Promise<string> {
  const [product] = await insertProducts([350_000]);
  const id = product?.id as string;
  await env.DB.batch([
    env.DB.prepare('UPDATE products SET name = ? WHERE id = ?').bind(name, id),
    env.DB.prepare(
      'INSERT INTO product_trust_marks (product_id, bpom_number, bpom_valid_until) VALUES (?, ?, ?)',
    ).bind(id, 'NA18201200456', dayFrom(days)),
  ]);
  return id;
}

const remind = (now = NOW, limit?: number) => remindExpiringNotifications(env, now, limit);

const mailsAbout = async (name: string) =>
  (await queuedEmails(TEMPLATE)).filter((mail) => mail.subject.includes(name));

describe('the BPOM notification reminder', () => {
  it('mails the shop’s notification address 60 days before, then 14, each once even when the Cron runs twice', async () => {
    const id = await endingIn(60, 'Kenanga Pagi');
    const { notificationEmail } = await readPaymentSettings(getDb(env.DB));

    await remind();
    await remind();
    const first = await mailsAbout('Kenanga Pagi');
    expect(first).toHaveLength(1);
    expect(first[0]?.to_address).toBe(notificationEmail);
    expect(first[0]?.subject).toBe('Notifikasi BPOM Kenanga Pagi berakhir dalam 60 hari');
    expect(first[0]?.body).toContain('NA18201200456');
    expect(first[0]?.body).toContain('30 April 2027');

    // Days later, still more than 14 days left: nothing new.
    await remind(new Date(NOW.getTime() + 30 * DAY));
    expect(await mailsAbout('Kenanga Pagi')).toHaveLength(1);

    const later = new Date(NOW.getTime() + 46 * DAY);
    await remind(later);
    await remind(later);
    const both = await mailsAbout('Kenanga Pagi');
    expect(both.map((mail) => mail.subject)).toEqual([
      'Notifikasi BPOM Kenanga Pagi berakhir dalam 60 hari',
      'Notifikasi BPOM Kenanga Pagi berakhir dalam 14 hari',
    ]);
    const rows = await env.DB.prepare(
      'SELECT days_before FROM bpom_reminders WHERE product_id = ? ORDER BY days_before DESC',
    )
      .bind(id)
      .all<{ days_before: number }>();
    expect(rows.results.map((row) => row.days_before)).toEqual([60, 14]);
  });

  it('two runs at once still mail once', async () => {
    await endingIn(20, 'Gaharu Malam');
    const counts = await Promise.all([remind(), remind()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailsAbout('Gaharu Malam')).toHaveLength(1);
  });

  it('a notification first seen within 14 days, or already ended, gets the nearer reminder only', async () => {
    await endingIn(10, 'Nilam Hutan');
    await endingIn(-3, 'Cendana Tua');
    await remind();
    expect((await mailsAbout('Nilam Hutan')).map((mail) => mail.subject)).toEqual([
      'Notifikasi BPOM Nilam Hutan berakhir dalam 10 hari',
    ]);
    expect((await mailsAbout('Cendana Tua')).map((mail) => mail.subject)).toEqual([
      'Notifikasi BPOM Cendana Tua sudah berakhir',
    ]);
  });

  it('a notification further than 60 days away, or a product without one, is not reminded', async () => {
    await endingIn(61, 'Melati Jauh');
    const [bare] = await insertProducts([100_000]);
    await env.DB.prepare("INSERT INTO product_trust_marks (product_id, halal_number) VALUES (?, 'ID0041')")
      .bind(bare?.id as string)
      .run();
    await remind();
    expect(await mailsAbout('Melati Jauh')).toHaveLength(0);
  });

  it('a renewed notification (a new end date) is reminded again', async () => {
    const id = await endingIn(14, 'Kenanga Baru');
    await remind();
    await env.DB.prepare('UPDATE product_trust_marks SET bpom_valid_until = ? WHERE product_id = ?')
      .bind(dayFrom(3 * 365), id)
      .run();
    const renewedSoon = new Date(NOW.getTime() + (3 * 365 - 60) * DAY);
    await remind(renewedSoon);
    expect((await mailsAbout('Kenanga Baru')).map((mail) => mail.subject)).toEqual([
      'Notifikasi BPOM Kenanga Baru berakhir dalam 14 hari',
      'Notifikasi BPOM Kenanga Baru berakhir dalam 60 hari',
    ]);
  });

  it('sends at most `limit` a run, the soonest first; the next run sends the rest', async () => {
    await endingIn(30, 'Batch Satu');
    await endingIn(5, 'Batch Dua');
    await endingIn(50, 'Batch Tiga');
    expect(await remind(NOW, 2)).toBe(2);
    expect(await mailsAbout('Batch Tiga')).toHaveLength(0);
    expect(await mailsAbout('Batch Dua')).toHaveLength(1);
    expect(await remind(NOW, 2)).toBe(1);
    expect(await mailsAbout('Batch Tiga')).toHaveLength(1);
  });

  it('runs with the Worker’s Cron, whose sweep sends the mail', async () => {
    // Today's date, as the Cron runs now.
    const [product] = await insertProducts([100_000]);
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET name = 'Cron Melati' WHERE id = ?").bind(product?.id as string),
      env.DB.prepare(
        "INSERT INTO product_trust_marks (product_id, bpom_number, bpom_valid_until) VALUES (?, 'NA18201200456', ?)",
      ).bind(
        product?.id as string,
        new Date(Date.now() + 7 * 3600_000 + 13 * DAY).toISOString().slice(0, 10),
      ),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const sent = await env.DB.prepare(
      "SELECT status, subject FROM email_outbox WHERE template = 'shop-bpom-expiring' AND subject LIKE '%Cron Melati%'",
    ).all();
    expect(sent.results).toEqual([
      { status: 'sent', subject: 'Notifikasi BPOM Cron Melati berakhir dalam 13 hari' },
    ]);
  });
});
