import { canTransition, customerOrderMoves, formatRupiah, ORDER_NOT_FOUND } from '@gi/contracts';
import { and, eq, min, sum } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments, sampleCredits } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { queueWhatsApp } from '../whatsapp/outbox.ts';
import type { OrderRow, PaymentRow } from './answers.ts';
import {
  type Actor,
  auditStep,
  commit,
  customerMail,
  event,
  loadOrderState,
  type MailEnv,
  type OrderState,
  refuse,
  type Statement,
  setStatus,
} from './transition.ts';

// The order leaves the shop and arrives: shipped (typed or booked with a courier), then delivered.

/**
 * The order leaves the shop: the admin's 'Dikirim' with a typed resi, or a shipment booked
 * through the courier aggregator (shipping/shipments.ts: `tracking` is its tracking page, null
 * when it gave none, and `also` its own rows; the resi may come later). One timeline row, one email.
 */
export async function shipOrder(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  {
    courier,
    trackingNumber,
    tracking,
    also = [],
    action = 'status',
  }: {
    courier: string;
    trackingNumber: string | null;
    tracking?: { url: string | null };
    also?: Statement[];
    /** What the audit trail calls a staff member's step: the dropdown's 'status', or a booking's 'shipment'. */
    action?: string;
  },
): Promise<void> {
  if (!canTransition(order.status, 'shipped')) throw refuse(order.status, 'shipped');
  const at = new Date().toISOString();
  return commit(db, [
    setStatus(db, order, 'shipped', at, { courier, trackingNumber }),
    ...also,
    ...auditStep(db, { order, open }, who, action, { status: 'shipped', courier, trackingNumber }),
    event(
      db,
      order,
      'shipped',
      'shipped',
      who,
      at,
      trackingNumber ? `${courier} · ${trackingNumber}` : courier,
    ),
    ...customerMail(db, env, recipient, 'order-shipped', {
      orderId: order.id,
      customerName: order.customerName,
      courier,
      trackingNumber,
      ...(tracking ? { tracking } : {}),
    }),
    ...queueWhatsApp(db, env, order, {
      event: 'shipped',
      courier,
      trackingNumber,
      trackingUrl: tracking?.url ?? null,
    }),
  ]);
}

/**
 * A shipped order arrived: the customer's 'Pesanan Diterima' or the admin's dropdown. The
 * transition trigger refuses it unless the order is still shipped, so of two presses the second
 * batch (its timeline row and mail) is rolled back whole.
 */
export async function confirmDelivery(db: Db, env: MailEnv, state: OrderState, who: Actor): Promise<void> {
  const { order, open } = state;
  if (!canTransition(order.status, 'delivered')) throw refuse(order.status, 'delivered');
  const at = new Date().toISOString();
  const credit = await creditMadeUsable(db, order.id, at);
  return commit(db, [
    setStatus(db, order, 'delivered', at),
    event(db, order, 'delivered', 'delivered', who, at),
    ...auditStep(db, { order, open }, who, 'status', { status: 'delivered' }),
    // Delivered is the cash handed to the courier (decision 034): the COD attempt is paid in the
    // same batch, so revenue counts it from now (migration 0031).
    ...(open?.method === 'cod' ? codCollected(db, order, open, at) : []),
    ...customerMail(db, env, state.recipient, 'order-delivered', {
      orderId: order.id,
      customerName: order.customerName,
      ...(credit && { credit }),
    }),
    ...queueWhatsApp(db, env, order, { event: 'delivered' }),
  ]);
}

/**
 * The 'Kredit Sampel' the order's delivery at `at` makes usable (decision 061 part B): its pending
 * credits, read before the status change, whose trigger sample_credits_activate makes them available
 * until `at` + their valid_days (fixed at purchase: the same for all of one order's). Undefined when
 * it earned none. Through the credits' unique (source_order_id, source_variant_id) index.
 */
async function creditMadeUsable(db: Db, orderId: string, at: string) {
  const [row] = await db
    .select({ amount: sum(sampleCredits.amount).mapWith(Number), days: min(sampleCredits.validDays) })
    .from(sampleCredits)
    .where(and(eq(sampleCredits.sourceOrderId, orderId), eq(sampleCredits.status, 'pending')));
  if (!row?.amount || row.days === null) return undefined;
  return { amount: row.amount, expiresAt: new Date(Date.parse(at) + row.days * 86_400_000).toISOString() };
}

const ONLY_SHIPPED = 'Hanya pesanan yang sedang dikirim yang dapat dikonfirmasi diterima';

/**
 * 'Pesanan Diterima': the buyer confirms a shipped order arrived (issue 29); only the buyer knows
 * the parcel arrived (an admin uses the dropdown), anyone else is told no such order. Pressing
 * again after it is delivered changes nothing. Answers whether this press delivered it.
 */
export async function confirmReceived(db: Db, env: MailEnv, state: OrderState, who: Actor): Promise<boolean> {
  const { order } = state;
  if (who.actor === 'system' || order.userId !== who.userId) {
    throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  }
  if (order.status === customerOrderMoves.received.to) return false;
  if (order.status !== customerOrderMoves.received.from) {
    throw new AppError(409, 'invalid_transition', ONLY_SHIPPED);
  }
  try {
    await confirmDelivery(db, env, state, who);
  } catch (err) {
    // A twin press (another tab) came first: the order is delivered all the same.
    const now = await loadOrderState(db, order.id);
    if (now?.order.status !== 'delivered') throw err;
  }
  return true;
}

/** A COD order's attempt paid: the cash the courier collected, on the timeline by the system. */
function codCollected(db: Db, order: OrderRow, open: PaymentRow, at: string): Statement[] {
  return [
    db
      .update(payments)
      .set({ status: 'paid', reviewedAt: at, updatedAt: at })
      .where(and(eq(payments.id, open.id), eq(payments.status, 'pending'))),
    event(
      db,
      order,
      'payment_confirmed',
      'delivered',
      { actor: 'system' },
      at,
      `Pembayaran diterima: ${formatRupiah(open.amount)} tunai dibayar ke kurir (COD)`,
    ),
  ];
}
