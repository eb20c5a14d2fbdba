import { and, asc, eq, lte, notExists } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { confirmDelivery } from './delivery.ts';
import { loadOrderState } from './transition.ts';

/**
 * Days after shipping when the Cron takes a shipped order as delivered: twice the longest
 * delivery estimate (7 days beyond Java), so a parcel still on its way is not closed.
 */
export const AUTO_DELIVER_DAYS = 14;
/** Orders the Cron closes per run at most: each is its own batch. */
export const AUTO_DELIVER_BATCH = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Cron's close of shipped orders the customer never confirmed ('Pesanan Diterima'):
 * at most `limit`, longest shipped first, through the partial index of migration 0028, each
 * as the system through the same step as the customer's press. Answers how many it closed.
 * A COD order waiting for its cash is left to the courier's word (decision 034): closing it would
 * mark money paid that nobody reported collected.
 */
export async function closeShippedOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'>,
  now: Date,
  limit = AUTO_DELIVER_BATCH,
): Promise<number> {
  const db = getDb(env.DB);
  const shippedBefore = new Date(now.getTime() - AUTO_DELIVER_DAYS * DAY_MS).toISOString();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'shipped'),
        lte(orders.updatedAt, shippedBefore),
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                eq(payments.orderId, orders.id),
                eq(payments.method, 'cod'),
                eq(payments.status, 'pending'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
  let closed = 0;
  for (const { id } of due) {
    const state = await loadOrderState(db, id);
    if (!state) continue;
    try {
      await confirmDelivery(db, env, state, { actor: 'system' });
      closed += 1;
    } catch (err) {
      // The customer pressed a moment ago: nothing to close. Anything else is logged; the next run retries.
      if (!(err instanceof AppError)) {
        console.error(JSON.stringify({ event: 'order_close_failed', orderId: id, ...loggableError(err) }));
      }
    }
  }
  return closed;
}
