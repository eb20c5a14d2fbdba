import { and, asc, eq, gt, isNull, lte, not, sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { howToPay, orderSummary } from '../email/order-parts.ts';
import type { Env } from '../env.ts';
import { isConstraintError, loggableError } from '../lib/db-errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { getOrder } from '../orders/reads.ts';
import { loadOrderState } from '../orders/transition.ts';
import { receiptUnderReview } from '../services/payments.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import { paymentOptions } from './checkout.ts';
import type { GatewayEnv } from './gateway.ts';

// The one reminder before an unpaid order's payment deadline (issue 29, decision 029).

const HOUR_MS = 60 * 60 * 1000;
/** A reminder goes out once less than this is left before the deadline... */
const REMINDER_LEAD_MS = 6 * HOUR_MS;
/** Orders the Cron reminds per run at most: each is its own batch. */
const REMINDER_BATCH = 25;

/**
 * The Cron's reminders: up to `limit` unpaid orders whose deadline is less than 6 hours away
 * and whose window is at least half gone (so a short window's reminder does not follow the
 * order mail at once), soonest deadline first, through the partial index of orders not yet
 * reminded. Never for an order whose receipt waits for review. Each order's mark and email
 * share a batch the migration 0027 trigger refuses for a second reminder or an order changed
 * meanwhile, so an order gets at most one. Answers how many were queued.
 */
export async function remindUnpaidOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'> & GatewayEnv,
  now: Date,
  limit = REMINDER_BATCH,
): Promise<number> {
  const db = getDb(env.DB);
  const at = now.toISOString();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.paymentRemindedAt),
        gt(orders.paymentDueAt, at),
        lte(orders.paymentDueAt, new Date(now.getTime() + REMINDER_LEAD_MS).toISOString()),
        // Time left is at most time gone since the order was placed.
        sql`julianday(${orders.paymentDueAt}) - julianday(${at}) <= julianday(${at}) - julianday(${orders.createdAt})`,
        not(receiptUnderReview(db)),
      ),
    )
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  if (due.length === 0) return 0;
  const [settings, options] = await Promise.all([readPaymentSettings(db), paymentOptions(db, env)]);
  let reminded = 0;
  for (const { id } of due) {
    const [state, order] = await Promise.all([loadOrderState(db, id), getOrder(db, id)]);
    if (!state || !order?.payment_due_at) continue;
    const mark = db.update(orders).set({ paymentRemindedAt: at }).where(eq(orders.id, id));
    const summary = orderSummary(order);
    try {
      // An account that is gone has no address: the order is marked so it is not read again.
      await db.batch([
        mark,
        ...(state.recipient
          ? [
              queueEmail(db, env, {
                to: state.recipient,
                template: 'payment-reminder',
                data: {
                  orderId: id,
                  customerName: order.customer_name,
                  summary,
                  pay: howToPay(summary, settings.bankAccounts, options, state.open),
                  dueAt: order.payment_due_at,
                  hoursLeft: Math.max(
                    1,
                    Math.round((Date.parse(order.payment_due_at) - now.getTime()) / HOUR_MS),
                  ),
                },
              }),
            ]
          : []),
      ]);
      if (state.recipient) reminded += 1;
    } catch (err) {
      // Paid, cancelled, a receipt uploaded or reminded a moment ago: nothing to remind. Anything else is logged; the next run retries.
      if (!isConstraintError(err, 'payment_reminder_refused')) {
        console.error(
          JSON.stringify({ event: 'payment_reminder_failed', orderId: id, ...loggableError(err) }),
        );
      }
    }
  }
  return reminded;
}
