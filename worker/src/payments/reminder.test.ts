import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import {
  allowManyUnpaid,
  cart,
  insertProducts,
  placeOrder,
  queuedEmails,
  uploadReceipt,
} from '../../test/order-fixtures.ts';
import worker from '../index.ts';
import { remindUnpaidOrders } from './reminder.ts';

const HOUR = 3600_000;

/** An unpaid order placed `placedHoursAgo` ago whose deadline is `dueInHours` from now. */
async function orderTimed(customer: TestUser, placedHoursAgo: number, dueInHours: number): Promise<string> {
  const order = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
  const now = Date.now();
  await env.DB.prepare('UPDATE orders SET created_at = ?, payment_due_at = ? WHERE id = ?')
    .bind(
      new Date(now - placedHoursAgo * HOUR).toISOString(),
      new Date(now + dueInHours * HOUR).toISOString(),
      order.id,
    )
    .run();
  return order.id;
}

const remindedAt = (id: string) =>
  env.DB.prepare('SELECT payment_reminded_at FROM orders WHERE id = ?')
    .bind(id)
    .first<string | null>('payment_reminded_at');

describe('the reminder before the payment deadline', () => {
  it('goes once to an unpaid order less than 6 hours from its deadline with half its window gone, and never to the others', async () => {
    const customer = await createUser('customer');
    await allowManyUnpaid();
    const due = await orderTimed(customer, 20, 4);
    // Too early: 10 hours left.
    const early = await orderTimed(customer, 14, 10);
    // A short window: 2 of its 3 hours are left, so the order mail was just sent.
    const young = await orderTimed(customer, 1, 2);
    // Already past its deadline: the expiry's, not the reminder's.
    const late = await orderTimed(customer, 25, -1);
    // Paid, cancelled, and one whose receipt waits for the admin.
    const paid = await orderTimed(customer, 20, 4);
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(paid).run();
    const cancelled = await orderTimed(customer, 20, 4);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(cancelled).run();
    const underReview = await orderTimed(customer, 20, 4);
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, underReview, png.bytes, png.type)).status).toBe(201);

    expect(await remindUnpaidOrders(env, new Date())).toBe(1);
    const mails = await queuedEmails('payment-reminder');
    expect(mails.map((m) => m.to_address)).toEqual([customer.email]);
    expect(mails[0]?.body).toContain(`#${due.slice(0, 8)}`);
    expect(mails[0]?.body).toContain('sekitar 4 jam lagi');
    expect(mails[0]?.body).toContain('- Parfum Uji 1 (50 ml): 1 x Rp 100.000 = Rp 100.000');
    expect(mails[0]?.body).toContain('BCA: 5425017788 a.n. PT Global Imperium');
    expect(await remindedAt(due)).not.toBeNull();
    for (const id of [early, young, late, paid, cancelled, underReview])
      expect(await remindedAt(id)).toBeNull();

    // The next run finds nothing more: at most one reminder per order.
    expect(await remindUnpaidOrders(env, new Date())).toBe(0);
    // An hour on, half of the short window is gone: its turn, and still none for the first.
    expect(await remindUnpaidOrders(env, new Date(Date.now() + HOUR))).toBe(1);
    expect(await remindedAt(young)).not.toBeNull();
    expect(await queuedEmails('payment-reminder')).toHaveLength(2);
  });

  it('reminds a bounded number per run, soonest deadline first', async () => {
    const customer = await createUser('customer');
    await allowManyUnpaid();
    const ids = [
      await orderTimed(customer, 20, 5),
      await orderTimed(customer, 20, 1),
      await orderTimed(customer, 20, 3),
    ];
    expect(await remindUnpaidOrders(env, new Date(), 2)).toBe(2);
    expect(
      [
        await remindedAt(ids[0] as string),
        await remindedAt(ids[1] as string),
        await remindedAt(ids[2] as string),
      ].map((at) => at !== null),
    ).toEqual([false, true, true]);
  });

  it('refuses a second mark, or a mark for an order paid or with a receipt since it was read, and the email with it', async () => {
    const customer = await createUser('customer');
    await allowManyUnpaid();
    const id = await orderTimed(customer, 20, 4);
    const mark = (at: string) =>
      env.DB.batch([
        env.DB.prepare('UPDATE orders SET payment_reminded_at = ? WHERE id = ?').bind(at, id),
        env.DB.prepare(
          "INSERT INTO email_outbox (id, to_address, subject, body) VALUES (?, 'a@contoh.id', 'S', 'B')",
        ).bind(crypto.randomUUID()),
      ]);
    const now = new Date().toISOString();
    await mark(now);
    await expect(mark(now)).rejects.toThrow(/payment_reminder_refused/);

    const paid = await orderTimed(customer, 20, 4);
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(paid).run();
    await expect(
      env.DB.prepare('UPDATE orders SET payment_reminded_at = ? WHERE id = ?').bind(now, paid).run(),
    ).rejects.toThrow(/payment_reminder_refused/);
    const receipt = await orderTimed(customer, 20, 4);
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, receipt, png.bytes, png.type)).status).toBe(201);
    await expect(
      env.DB.prepare('UPDATE orders SET payment_reminded_at = ? WHERE id = ?').bind(now, receipt).run(),
    ).rejects.toThrow(/payment_reminder_refused/);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE to_address = ?')
      .bind('a@contoh.id')
      .first<number>('n');
    expect(count).toBe(1);
  });

  it('for an order being paid online, links to pay again on the order page with the amount the gateway charges', async () => {
    const customer = await createUser('customer');
    const id = await orderTimed(customer, 20, 4);
    await env.DB.prepare(
      "UPDATE payments SET method = 'midtrans', channel = 'bca_va', amount = 115000, pay_code = '812785002530231' WHERE order_id = ?",
    )
      .bind(id)
      .run();
    expect(await remindUnpaidOrders(env, new Date())).toBe(1);
    const body = (await queuedEmails('payment-reminder'))[0]?.body ?? '';
    expect(body).toContain('Bayar Rp 115.000 ke nomor Virtual Account BCA 812785002530231 sebelum');
    expect(body).toContain(`\nhttps://shop.test/orders/${id}\n`);
    expect(body).toContain('Total pembayaran: Rp 115.000');
    expect(body).not.toContain('Kode unik');
    expect(body).not.toContain('5425017788');
  });

  it("goes to the account's address as it is now, after an email change", async () => {
    const customer = await createUser('customer');
    const id = await orderTimed(customer, 20, 4);
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET email = 'baru@contoh.id' WHERE id = ?").bind(customer.id),
      env.DB.prepare("UPDATE profiles SET email = 'baru@contoh.id' WHERE id = ?").bind(customer.id),
    ]);
    expect(await remindUnpaidOrders(env, new Date())).toBe(1);
    expect((await queuedEmails('payment-reminder')).map((m) => m.to_address)).toEqual(['baru@contoh.id']);
    expect(await remindedAt(id)).not.toBeNull();
  });

  it('runs from the Cron Trigger, and the email leaves in the same run', async () => {
    const customer = await createUser('customer');
    await orderTimed(customer, 20, 4);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const sent = await env.DB.prepare(
      "SELECT status FROM email_outbox WHERE template = 'payment-reminder'",
    ).all();
    expect(sent.results).toEqual([{ status: 'sent' }]);
  });
});
