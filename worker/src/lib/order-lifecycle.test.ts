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
  savePaymentSettings,
  uploadReceipt,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { AppError } from './errors.ts';
import { cancelOrder, confirmPayment, expireOverdueOrders, loadOrderState } from './order-lifecycle.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const PAST = '2026-03-02T11:59:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';

async function orderDueAt(customer: TestUser, dueAt: string): Promise<string> {
  const order = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
  await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?').bind(dueAt, order.id).run();
  return order.id;
}

const statusOf = (id: string) =>
  env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');

describe('expiry of unpaid orders', () => {
  it('cancels only unpaid orders past their deadline, each with one timeline row and one email', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    await savePaymentSettings(admin.cookie);
    await allowManyUnpaid();
    const overdue = await orderDueAt(customer, PAST);
    const inTime = await orderDueAt(customer, FUTURE);
    // Paid in time: its receipt waits for the admin.
    const underReview = await orderDueAt(customer, FUTURE);
    const png = imageFixtures.png;
    expect((await uploadReceipt(customer.cookie, underReview, png.bytes, png.type)).status).toBe(201);
    await env.DB.prepare('UPDATE orders SET payment_due_at = ? WHERE id = ?').bind(PAST, underReview).run();
    // Already paid (processing) and already cancelled, both past the deadline.
    const paid = await orderDueAt(customer, PAST);
    await env.DB.prepare("UPDATE orders SET status = 'processing' WHERE id = ?").bind(paid).run();
    const cancelled = await orderDueAt(customer, PAST);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(cancelled).run();

    expect(await expireOverdueOrders(env, NOW)).toBe(1);
    expect(await statusOf(overdue)).toBe('cancelled');
    expect(await statusOf(inTime)).toBe('pending');
    expect(await statusOf(underReview)).toBe('pending');
    expect(await statusOf(paid)).toBe('processing');

    const events = await env.DB.prepare(
      "SELECT order_id, type, actor, actor_id FROM order_events WHERE type <> 'placed' AND type <> 'receipt_uploaded'",
    ).all();
    expect(events.results).toEqual([{ order_id: overdue, type: 'expired', actor: 'system', actor_id: null }]);
    const payment = await env.DB.prepare('SELECT status FROM payments WHERE order_id = ?')
      .bind(overdue)
      .first();
    expect(payment).toEqual({ status: 'void' });
    const mails = await queuedEmails('order-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('batas waktu pembayaran habis');

    // A second run finds nothing more: no second row, no second email.
    expect(await expireOverdueOrders(env, NOW)).toBe(0);
    expect(await queuedEmails('order-cancelled')).toHaveLength(1);
  });

  it('cancels a bounded number per run, oldest deadline first', async () => {
    const customer = await createUser('customer');
    const ids = [];
    for (const minute of [50, 10, 30])
      ids.push(await orderDueAt(customer, `2026-03-02T11:${minute}:00.000Z`));
    expect(await expireOverdueOrders(env, NOW, 2)).toBe(2);
    expect([
      await statusOf(ids[0] as string),
      await statusOf(ids[1] as string),
      await statusOf(ids[2] as string),
    ]).toEqual(['pending', 'cancelled', 'cancelled']);
  });

  it('runs from the Cron Trigger, and the email leaves in the same run', async () => {
    const customer = await createUser('customer');
    const overdue = await orderDueAt(customer, '2000-01-01T00:00:00.000Z');
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await statusOf(overdue)).toBe('cancelled');
    const sent = await env.DB.prepare(
      "SELECT status FROM email_outbox WHERE template = 'order-cancelled'",
    ).all();
    expect(sent.results).toEqual([{ status: 'sent' }]);
  });
});

describe('racing changes', () => {
  it('a change made from a state read before another change is refused whole: no second row, no second email', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    const id = await orderDueAt(customer, FUTURE);
    const db = getDb(env.DB);
    // Both requests read the order while it still waited for payment.
    const [first, second] = [await loadOrderState(db, id), await loadOrderState(db, id)];
    const who = { actor: 'admin', userId: admin.id } as const;
    await confirmPayment(db, env, first as NonNullable<typeof first>, who);
    for (const late of [
      () => confirmPayment(db, env, second as NonNullable<typeof second>, who),
      () => cancelOrder(db, env, second as NonNullable<typeof second>, who),
    ]) {
      const error = await late().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 409, code: 'order_changed' });
    }
    expect(await statusOf(id)).toBe('processing');
    const events = await env.DB.prepare('SELECT type FROM order_events WHERE order_id = ? ORDER BY rowid')
      .bind(id)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(['placed', 'payment_confirmed']);
    expect(await queuedEmails('payment-confirmed')).toHaveLength(1);
    expect(await queuedEmails('order-cancelled')).toHaveLength(0);
  });
});
