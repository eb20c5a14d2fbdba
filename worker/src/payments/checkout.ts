import { type GatewayChannel, type PaymentOptions, shortOrderId } from '@gi/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { getOrderDetail, type OrderState, type Statement } from '../services/orders.ts';
import { CHECK_AFTER_MS } from './apply.ts';
import { type GatewayCharge, type PaymentGateway, paymentGateway } from './gateway.ts';
import { readGatewaySettings } from './settings.ts';

// The shopper's choice of how to pay an unpaid order (decision 026): a gateway channel opens a
// new attempt (a retry is a new gateway transaction) and its hosted page; 'bank_transfer' goes
// back to decision 015's transfer with a receipt.

/** Less than this before the deadline, a new gateway transaction is not worth opening. */
const MIN_GATEWAY_MINUTES = 5;

/** What the order page offers while the order waits for payment. */
export async function paymentOptions(db: Db, env: Pick<Env, 'MIDTRANS_SERVER_KEY'>): Promise<PaymentOptions> {
  const settings = await readGatewaySettings(db);
  return {
    channels: env.MIDTRANS_SERVER_KEY ? settings.channels : [],
    manual_transfer: settings.manualTransfer,
  };
}

function refuse(message: string): AppError {
  return new AppError(409, 'payment_not_available', message);
}

/** Lines, shipping (and the unique code is not charged): prices that sum to the attempt's amount. */
async function chargeOf(
  db: Db,
  state: OrderState,
  attemptId: string,
  channel: GatewayChannel,
  origin: string,
) {
  const detail = await getOrderDetail(db, state.order.id);
  if (!detail) throw new AppError(404, 'not_found', 'Pesanan tidak ditemukan');
  const lines = detail.order_items.map((item) => ({
    id: item.variant_id ?? item.product_id ?? item.id,
    name: item.size_ml ? `${item.product_name} ${item.size_ml} ml` : item.product_name,
    price: item.product_price,
    quantity: item.quantity,
  }));
  const items = [
    ...lines,
    ...(detail.shipping_fee > 0
      ? [
          {
            id: 'ongkir',
            name: `Ongkos Kirim ${detail.shipping_service ?? ''}`.trim(),
            price: detail.shipping_fee,
            quantity: 1,
          },
        ]
      : []),
  ];
  const amount = detail.subtotal_amount + detail.shipping_fee;
  const summed = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const charge: GatewayCharge = {
    attemptId,
    amount,
    channel,
    // Lines priced before sizes existed may not add up: one line for the order then.
    items:
      summed === amount
        ? items
        : [
            {
              id: detail.id.slice(0, 50),
              name: `Pesanan ${shortOrderId(detail.id)}`,
              price: amount,
              quantity: 1,
            },
          ],
    customer: { name: detail.customer_name, email: state.recipient, phone: detail.customer_phone },
    expiresAt: new Date(detail.payment_due_at ?? Date.now()),
    finishUrl: `${origin}/orders/${detail.id}`,
  };
  return charge;
}

/** Voids the open attempt (if any) and opens `next` in one batch; the unique open index guards races. */
async function replaceOpen(db: Db, { open }: OrderState, next: typeof payments.$inferInsert): Promise<void> {
  const at = next.createdAt ?? new Date().toISOString();
  // Only a waiting attempt is replaced: a receipt uploaded meanwhile keeps it open, and the
  // insert then fails on the one-open-attempt index.
  const insert = db.insert(payments).values(next);
  const statements: [Statement, ...Statement[]] = open
    ? [
        db
          .update(payments)
          .set({ status: 'void', updatedAt: at })
          .where(and(eq(payments.id, open.id), eq(payments.status, 'pending'))),
        insert,
      ]
    : [insert];
  try {
    await db.batch(statements);
  } catch (err) {
    if (isConstraintError(err, 'UNIQUE constraint failed: payments.order_id')) {
      throw new AppError(
        409,
        'order_changed',
        'Pesanan baru saja diubah. Muat ulang halaman lalu coba lagi.',
      );
    }
    throw err;
  }
}

/**
 * `origin` is the shop's origin as the shopper's browser reached it: the gateway's finish
 * redirect brings that browser back to where its session cookie lives.
 */
export async function choosePayment(
  db: Db,
  env: Pick<Env, 'MIDTRANS_SERVER_KEY' | 'MIDTRANS_ENVIRONMENT' | 'MIDTRANS_API_URL'>,
  state: OrderState,
  channel: GatewayChannel | 'bank_transfer',
  origin: string,
): Promise<void> {
  const { order, open } = state;
  const now = new Date();
  if (order.status !== 'pending') throw refuse('Pesanan ini tidak sedang menunggu pembayaran');
  if (order.paymentDueAt && Date.parse(order.paymentDueAt) <= now.getTime()) {
    throw refuse('Batas waktu pembayaran sudah lewat');
  }
  if (open?.status === 'submitted') throw refuse('Bukti transfer sedang diperiksa admin');
  const options = await paymentOptions(db, env);
  const at = now.toISOString();

  if (channel === 'bank_transfer') {
    if (!options.manual_transfer) throw refuse('Transfer manual tidak tersedia');
    if (open?.method === 'bank_transfer') return;
    await replaceOpen(db, state, {
      id: crypto.randomUUID(),
      orderId: order.id,
      method: 'bank_transfer',
      status: 'pending',
      amount: order.totalAmount,
      createdAt: at,
      updatedAt: at,
    });
    return;
  }

  const gateway: PaymentGateway | null = paymentGateway(env);
  if (!gateway || !options.channels.includes(channel)) throw refuse('Cara pembayaran ini tidak tersedia');
  // The same choice again while its page is open: the same attempt, never a second gateway call.
  if (open?.method === gateway.method && open.channel === channel && open.redirectUrl) return;
  if (order.paymentDueAt && Date.parse(order.paymentDueAt) - now.getTime() < MIN_GATEWAY_MINUTES * 60_000) {
    throw refuse('Waktu pembayaran hampir habis; pilih cara pembayaran lain');
  }
  const attemptId = crypto.randomUUID();
  const charge = await chargeOf(db, state, attemptId, channel, origin);
  await replaceOpen(db, state, {
    id: attemptId,
    orderId: order.id,
    method: gateway.method,
    channel,
    status: 'pending',
    amount: charge.amount,
    checkAfter: new Date(now.getTime() + CHECK_AFTER_MS).toISOString(),
    createdAt: at,
    updatedAt: at,
  });
  // Outside the batch: an attempt whose page could not be opened stays without one, and the
  // next choice opens a new attempt (the gateway may have recorded this one's order id).
  const { redirectUrl } = await gateway.createCheckout(charge);
  await db
    .update(payments)
    .set({ redirectUrl, updatedAt: new Date().toISOString() })
    .where(eq(payments.id, attemptId));
}
