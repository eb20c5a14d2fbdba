import { and, asc, eq, lte, not } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { loadOrderState } from '../orders/transition.ts';
import { receiptUnderReview } from '../services/payments.ts';
import { mayExpire } from './apply.ts';
import type { GatewayEnv } from './gateway.ts';

// The Cron's expiry: an unpaid order past its deadline is cancelled, after its gateway was asked.

/** Orders the Cron cancels per run at most: each is its own batch. */
export const EXPIRY_BATCH = 25;

/**
 * The Cron's expiry: cancels up to `limit` unpaid orders past their deadline, oldest deadline
 * first, through the partial index on unpaid orders. An order whose receipt waits for the
 * admin is left alone: the customer paid in time. Answers how many it cancelled.
 */
export async function expireOverdueOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'> & GatewayEnv,
  now: Date,
  limit = EXPIRY_BATCH,
): Promise<number> {
  const db = getDb(env.DB);
  const overdue = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.paymentDueAt, now.toISOString()),
        not(receiptUnderReview(db)),
      ),
    )
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  let cancelled = 0;
  for (const { id } of overdue) {
    const state = await loadOrderState(db, id);
    // An open gateway attempt is asked about first: a late payment pays it (decision 035).
    if (!state || !(await mayExpire(db, env, state))) continue;
    try {
      await cancelOrder(db, env, state, { actor: 'system' }, { expired: true });
      cancelled += 1;
    } catch (err) {
      // Paid or cancelled a moment ago: nothing to expire. Anything else is logged; the next run retries.
      if (!(err instanceof AppError)) {
        console.error(JSON.stringify({ event: 'order_expiry_failed', orderId: id, ...loggableError(err) }));
      }
    }
  }
  return cancelled;
}
