import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import {
  allowManyUnpaid,
  cart,
  insertProducts,
  placeOrder,
  queuedEmails,
} from '../../test/order-fixtures.ts';
import worker from '../index.ts';
import { AUTO_DELIVER_DAYS, closeShippedOrders } from './auto-deliver.ts';

const NOW = new Date('2026-03-20T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

/** An order the admin shipped, its shipping `days` before NOW. */
async function shippedOrder(days: number): Promise<string> {
  const admin = await createUser('admin');
  const customer = await createUser('customer');
  const order = await placeOrder(customer.cookie, cart(await insertProducts([100_000])));
  const patch = (json: unknown) =>
    call(`/api/admin/orders/${order.id}/status`, { method: 'PATCH', cookie: admin.cookie, json });
  await patch({ status: 'processing' });
  await patch({ status: 'shipped', courier: 'JNE', trackingNumber: `JNE-${days}` });
  await env.DB.prepare('UPDATE orders SET updated_at = ? WHERE id = ?')
    .bind(daysBefore(days), order.id)
    .run();
  return order.id;
}

const statusOf = (id: string) =>
  env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');

it(`closes shipped orders nobody confirmed ${AUTO_DELIVER_DAYS} days after shipping, as the system, once`, async () => {
  await allowManyUnpaid();
  const forgotten = await shippedOrder(AUTO_DELIVER_DAYS + 1);
  const onItsWay = await shippedOrder(AUTO_DELIVER_DAYS - 1);
  expect(await closeShippedOrders(env, NOW)).toBe(1);
  expect(await statusOf(forgotten)).toBe('delivered');
  expect(await statusOf(onItsWay)).toBe('shipped');
  const events = await env.DB.prepare(
    "SELECT order_id, actor, actor_id FROM order_events WHERE type = 'delivered'",
  ).all();
  expect(events.results).toEqual([{ order_id: forgotten, actor: 'system', actor_id: null }]);
  expect(await queuedEmails('order-delivered')).toHaveLength(1);
  // A second run finds nothing more.
  expect(await closeShippedOrders(env, NOW)).toBe(0);
  expect(await queuedEmails('order-delivered')).toHaveLength(1);
});

it('closes a bounded number per run, longest shipped first, and runs from the Cron Trigger', async () => {
  await allowManyUnpaid();
  const ids = [await shippedOrder(20), await shippedOrder(40), await shippedOrder(30)];
  expect(await closeShippedOrders(env, NOW, 2)).toBe(2);
  expect(await Promise.all(ids.map(statusOf))).toEqual(['shipped', 'delivered', 'delivered']);

  // The real Cron's clock is today: the order shipped in March 2026 is long due.
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
  expect(await statusOf(ids[0] as string)).toBe('delivered');
});
