import type { Order, PaymentChannel, PaymentOptions } from '@gi/contracts';
import { eq } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { orderEvents, orders } from '../db/schema.ts';
import type { PayingAttempt } from '../email/order-parts.ts';
import type { Statement } from '../orders/transition.ts';

// An order with nothing to pay (decision 062): a voucher or a sample's credit covers its items and
// its shipping is free. The server decides it, whatever method the body names: there is no amount a
// gateway could charge (Midtrans refuses a gross_amount of 0) and a transfer would be the unique code
// alone. It is placed paid: its one attempt of method 'free' for Rp 0, paid as insertOrder writes it
// (orders/record.ts), and the order moves on to 'processing' in the same batch, as a confirmed
// payment moves it.

const NO_PAYMENT = 'Tidak perlu pembayaran: total pesanan Rp 0';

/**
 * Whether the order needs no payment: nothing left to pay before a transfer's code (`base`). Cash
 * on delivery with the admin's fee is still money the courier collects: such an order stays COD.
 */
export function needsNoPayment(options: PaymentOptions, channel: PaymentChannel, base: number): boolean {
  if (base > 0) return false;
  return channel !== 'cod' || !options.cod || options.cod.fee === 0;
}

/** The free attempt as the order's mails read it: they tell that nothing is to be paid. */
export const freePaying: PayingAttempt = {
  method: 'free',
  channel: null,
  amount: 0,
  payCode: null,
  billerCode: null,
};

/**
 * For the batch that places a free order, after its attempt: the move to 'processing' (the
 * triggers count it a sale then, its channel the attempt's 'free') and its line on the timeline.
 */
export function paidAsPlaced(db: Db, order: Order): Statement[] {
  const at = nowIso();
  return [
    db.update(orders).set({ status: 'processing', updatedAt: at }).where(eq(orders.id, order.id)),
    db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      type: 'payment_confirmed',
      status: 'processing',
      actor: 'system',
      actorId: null,
      note: NO_PAYMENT,
      createdAt: at,
    }),
  ];
}
