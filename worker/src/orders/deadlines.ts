import type { PaymentChannel, PaymentSettings } from '@gi/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import type { OrderRow } from './answers.ts';

// How long an unpaid order holds its stock (its payment deadline), at placing and after a switch of method.

export const HOUR_MS = 60 * 60 * 1000;

/**
 * How long an unpaid order holds its stock, by how it is paid (decision 037): QRIS, e-wallets and
 * cards are paid on the spot (Midtrans lets their QR, deeplink or 3-D Secure lapse within minutes),
 * so an hour; a VA or the manual transfer is paid at an ATM or a bank app later: the admin's window.
 */
const QUICK_HOLD_MS = HOUR_MS;
const quickChannels: ReadonlySet<PaymentChannel> = new Set([
  'other_qris',
  'gopay',
  'shopeepay',
  'credit_card',
]);
export const holdMs = (settings: Pick<PaymentSettings, 'paymentWindowHours'>, channel: PaymentChannel) =>
  Math.min(
    quickChannels.has(channel) ? QUICK_HOLD_MS : Number.POSITIVE_INFINITY,
    settings.paymentWindowHours * HOUR_MS,
  );

/**
 * The deadline after switching an unpaid order to `channel` at `now`: the new method's hold, but
 * never past what the order's first method allowed from its placing, so switching back and forth
 * cannot keep its stock longer. The first attempt is read through payments_order.
 */
export async function switchedDeadline(
  db: Db,
  order: Pick<OrderRow, 'id' | 'createdAt'>,
  channel: PaymentChannel,
  settings: Pick<PaymentSettings, 'paymentWindowHours'>,
  now: Date,
): Promise<string> {
  const first = await db
    .select({ method: payments.method, channel: payments.channel })
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.createdAt), sql`rowid`)
    .limit(1)
    .get();
  const firstChannel: PaymentChannel =
    first?.method === 'midtrans' && first.channel ? first.channel : 'bank_transfer';
  const bound = Date.parse(order.createdAt) + holdMs(settings, firstChannel);
  return new Date(Math.min(now.getTime() + holdMs(settings, channel), bound)).toISOString();
}
