import {
  type CheckoutPaymentOptions,
  type GatewayChannel,
  type Order,
  type PaymentChannel,
  type PaymentOptions,
  shortOrderId,
} from '@gi/contracts';
import { and, between, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { policies, take } from '../lib/throttle.ts';
import { switchedDeadline } from '../orders/deadlines.ts';
import { getOrder } from '../orders/reads.ts';
import { rowAmountBeforeCode } from '../orders/record.ts';
import type { OrderState, Statement } from '../orders/transition.ts';
import { readGatewaySettings, readPaymentSettings } from '../settings/rows.ts';
import { type WhatsAppEnv, whatsappOn } from '../whatsapp/configured-provider.ts';
import { CHECK_AFTER_MS, hasPayDetails } from './apply.ts';
import { paymentGateway } from './configured-gateway.ts';
import {
  closeAtGateway,
  type GatewayCharge,
  type GatewayEnv,
  type GatewayPayment,
  type PaymentGateway,
} from './gateway.ts';

// How an order is paid (decisions 026 and 033): the channel chosen in checkout opens the order's
// first attempt, and the order page can switch it until paid. A gateway channel is charged
// directly (a retry is a new gateway transaction) and its total carries no code; 'bank_transfer'
// is decision 015's transfer with a receipt, the only one with a unique code.

/** Less than this before the deadline, a new gateway transaction is not worth opening. */
const MIN_GATEWAY_MINUTES = 5;
/** Tries at a free code when racing orders took the total read (the 0030 trigger refuses it). */
export const TRANSFER_CODE_ATTEMPTS = 5;
/** The 0030 triggers' refusal: another open transfer order has this total. */
export const TRANSFER_TOTAL_TAKEN = 'transfer_total_taken';
const CODE_MAX = 999;
export const TRANSFER_BUSY =
  'Sedang banyak pesanan transfer dengan jumlah yang sama menunggu pembayaran. Pilih cara pembayaran lain (QRIS, virtual account, atau e-wallet), atau coba lagi sebentar lagi.';

/** What the order page offers while the order waits for payment. */
export async function paymentOptions(db: Db, env: Pick<Env, 'MIDTRANS_SERVER_KEY'>): Promise<PaymentOptions> {
  const settings = await readGatewaySettings(db);
  const { cod } = settings;
  return {
    channels: env.MIDTRANS_SERVER_KEY ? settings.channels : [],
    manual_transfer: settings.manualTransfer,
    cod: cod.enabled ? { fee: cod.fee, max_order_value: cod.maxOrderValue } : null,
  };
}

/**
 * What checkout offers, and the channel of this customer's latest order's latest attempt
 * ('bank_transfer' for a transfer), read through the orders' (user_id, created_at) index; and
 * whether order updates on WhatsApp can be asked for (decision 049).
 */
export async function checkoutOptions(
  db: Db,
  env: Pick<Env, 'MIDTRANS_SERVER_KEY'> & WhatsAppEnv,
  userId: string,
): Promise<CheckoutPaymentOptions> {
  const latestOrder = db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), orders.id)
    .limit(1);
  const [options, last] = await Promise.all([
    paymentOptions(db, env),
    db
      .select({ method: payments.method, channel: payments.channel })
      .from(payments)
      .where(eq(payments.orderId, sql`(${latestOrder})`))
      .orderBy(desc(payments.createdAt), desc(sql`rowid`))
      .limit(1)
      .get(),
  ]);
  const lastChannel =
    last?.method === 'bank_transfer' || last?.method === 'cod' ? last.method : (last?.channel ?? null);
  return { ...options, last_channel: lastChannel, whatsapp: whatsappOn(env) };
}

function refuse(message: string): AppError {
  return new AppError(409, 'payment_not_available', message);
}

/** Refuses (409, nothing written) the manual transfer when the admin has turned it off. */
export function transferOffered(options: PaymentOptions): void {
  if (!options.manual_transfer) {
    throw refuse('Transfer bank manual sedang tidak tersedia. Pilih cara pembayaran lain.');
  }
}

/**
 * Cash on delivery for an order of `total` (its fee included) shipped by `shipping` (decision
 * 034): refused (409, nothing written) when the admin has it off, the order is priced by the
 * zones or by a courier service the aggregator does not mark for COD, or the total is above the
 * admin's limit. Answers the fee.
 */
export function codFeeFor(
  options: PaymentOptions,
  shipping: { courier?: { cod: boolean } },
  subtotalAndShipping: number,
): number {
  const { cod } = options;
  if (!cod) throw refuse('Bayar di tempat (COD) sedang tidak tersedia. Pilih cara pembayaran lain.');
  if (!shipping.courier?.cod) {
    throw refuse(
      'Kurir yang dipilih tidak melayani bayar di tempat (COD). Pilih kurir lain atau cara pembayaran lain.',
    );
  }
  if (cod.max_order_value > 0 && subtotalAndShipping + cod.fee > cod.max_order_value) {
    throw refuse('Nilai pesanan melebihi batas bayar di tempat (COD). Pilih cara pembayaran lain.');
  }
  return cod.fee;
}

/** The gateway that takes `channel`; refuses (409, nothing written) a channel the shop does not offer now. */
export function offeredGateway(
  env: GatewayEnv,
  options: PaymentOptions,
  channel: GatewayChannel,
): PaymentGateway {
  const gateway = paymentGateway(env);
  if (!gateway || !options.channels.includes(channel)) {
    throw refuse('Cara pembayaran ini sedang tidak tersedia. Pilih cara pembayaran lain.');
  }
  return gateway;
}

/**
 * A random code of 1–999 whose total (`base` + code) no open transfer order has, or a 503 when
 * all 999 are taken. Codes are unique per amount (migration 0030): the read takes the totals in
 * [base + 1, base + 999] through the partial index `orders_open_transfer_total`, at most 999 rows.
 */
export async function freeTransferCode(db: Db, base: number): Promise<number> {
  const rows = await db
    .select({ total: orders.totalAmount })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        gt(orders.uniqueCode, 0),
        between(orders.totalAmount, base + 1, base + CODE_MAX),
      ),
    );
  const taken = new Set(rows.map((row) => row.total - base));
  const free: number[] = [];
  for (let code = 1; code <= CODE_MAX; code += 1) if (!taken.has(code)) free.push(code);
  const code = free[Math.floor(Math.random() * free.length)];
  if (code === undefined) throw new AppError(503, 'no_unique_code', TRANSFER_BUSY);
  return code;
}

/**
 * What an order costs before a transfer's unique code or a COD fee: items − discount − Kredit
 * Sampel + shipping + the gift wrap's fee (decisions 045, 061 part B).
 */
export const amountBeforeCode = (
  order: Pick<
    Order,
    'subtotal_amount' | 'discount_amount' | 'credit_amount' | 'shipping_fee' | 'gift_wrap_fee'
  >,
) =>
  order.subtotal_amount -
  order.discount_amount -
  order.credit_amount +
  order.shipping_fee +
  order.gift_wrap_fee;

/**
 * What the gateway is asked to charge for one attempt of `order`: its lines, shipping, the gift
 * wrap's fee, and a voucher's discount and the Kredit Sampel as negative lines (Midtrans documents a
 * discount so),
 * which sum to amountBeforeCode (a gateway's total never carries a unique code). `email` is the
 * account's own address: the gateway mails its receipts there (decision 023).
 */
export function chargeOf(
  order: Order,
  email: string | null,
  attemptId: string,
  channel: GatewayChannel,
  origin: string,
): GatewayCharge {
  const lines = order.order_items.map((item) => ({
    id: item.variant_id ?? item.product_id ?? item.id,
    name: item.size_ml ? `${item.product_name} ${item.size_ml} ml` : item.product_name,
    price: item.product_price,
    quantity: item.quantity,
  }));
  const items = [
    ...lines,
    ...(order.shipping_fee > 0
      ? [
          {
            id: 'ongkir',
            name: `Ongkos Kirim ${order.shipping_service ?? ''}`.trim(),
            price: order.shipping_fee,
            quantity: 1,
          },
        ]
      : []),
    ...(order.gift_wrap_fee > 0
      ? [{ id: 'bungkus-kado', name: 'Bungkus Kado', price: order.gift_wrap_fee, quantity: 1 }]
      : []),
    ...(order.discount_amount > 0
      ? [
          {
            id: 'diskon',
            name: `Diskon (${order.voucher_code ?? 'voucher'})`,
            price: -order.discount_amount,
            quantity: 1,
          },
        ]
      : []),
    ...(order.credit_amount > 0
      ? [{ id: 'kredit-sampel', name: 'Kredit Sampel', price: -order.credit_amount, quantity: 1 }]
      : []),
  ];
  const amount = amountBeforeCode(order);
  const summed = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return {
    attemptId,
    amount,
    channel,
    // Lines priced before sizes existed may not add up: one line for the order then.
    items:
      summed === amount
        ? items
        : [
            {
              id: order.id.slice(0, 50),
              name: `Pesanan ${shortOrderId(order.id)}`,
              price: amount,
              quantity: 1,
            },
          ],
    customer: { name: order.customer_name, email, phone: order.customer_phone },
    expiresAt: new Date(order.payment_due_at ?? Date.now()),
    finishUrl: `${origin}/orders/${order.id}`,
  };
}

/** A gateway attempt's first row: pending, asked about by the Cron if no notification comes. */
export function gatewayAttempt(
  gateway: PaymentGateway,
  charge: GatewayCharge,
  orderId: string,
  at: string,
): typeof payments.$inferInsert {
  return {
    id: charge.attemptId,
    orderId,
    method: gateway.method,
    channel: charge.channel,
    status: 'pending',
    amount: charge.amount,
    checkAfter: new Date(Date.parse(at) + CHECK_AFTER_MS).toISOString(),
    createdAt: at,
    updatedAt: at,
  };
}

/** What the order page shows to pay the attempt, as its columns store it. */
export function payDetails(payment: GatewayPayment) {
  return {
    redirectUrl: payment.redirectUrl,
    payCode: payment.payCode,
    billerCode: payment.billerCode,
    qrString: payment.qrString,
    deeplinkUrl: payment.deeplinkUrl,
    payExpiresAt: payment.expiresAt,
    providerReference: payment.transactionId,
  };
}

/**
 * Charges an attempt already written and stores how to pay it, with `also` (the new order's
 * email that tells it) in one batch. The charge is outside the attempt's batch: a gateway that
 * cannot be reached leaves the attempt without pay details (GatewayUnavailable is thrown after
 * `also` is written), and the next choice opens a new attempt (the gateway may have recorded this one).
 * The details are stored only while the attempt still waits: one voided meanwhile (a racing
 * switch, a cancel, the expiry) had its gateway cancel sent before this charge existed, so the
 * fresh transaction is closed here and never left payable (decision 035).
 */
export async function chargeAttempt(
  db: Db,
  gateway: PaymentGateway,
  charge: GatewayCharge,
  also: (payment: GatewayPayment | null) => Statement[] = () => [],
): Promise<GatewayPayment> {
  let payment: GatewayPayment;
  try {
    payment = await gateway.charge(charge);
  } catch (err) {
    const [first, ...rest] = also(null);
    if (first) await db.batch([first, ...rest]);
    throw err;
  }
  const [stored] = await db.batch([
    db
      .update(payments)
      .set({ ...payDetails(payment), updatedAt: new Date().toISOString() })
      .where(and(eq(payments.id, charge.attemptId), eq(payments.status, 'pending')))
      .returning({ id: payments.id }),
    ...also(payment),
  ]);
  if (stored.length === 0) await closeAtGateway(gateway, charge.attemptId);
  return payment;
}

/**
 * Voids the open attempt (if any) and opens `next` with the order's new code, total and deadline
 * (decision 037: the new method's hold) in one batch; the unique open index guards racing
 * switches, the 0030 trigger racing totals.
 */
async function replaceOpen(
  db: Db,
  { order, open }: OrderState,
  next: typeof payments.$inferInsert,
  uniqueCode: number,
  paymentDueAt: string,
): Promise<void> {
  const at = next.createdAt ?? new Date().toISOString();
  const base = rowAmountBeforeCode(order);
  const statements: [Statement, ...Statement[]] = [
    db
      .update(orders)
      .set({ uniqueCode, totalAmount: base + uniqueCode, paymentDueAt, updatedAt: at })
      .where(eq(orders.id, order.id)),
    db.insert(payments).values(next),
  ];
  // Only a waiting attempt is replaced: a receipt uploaded meanwhile keeps it open, and the
  // insert then fails on the one-open-attempt index.
  if (open) {
    statements.splice(
      1,
      0,
      db
        .update(payments)
        .set({ status: 'void', updatedAt: at })
        .where(and(eq(payments.id, open.id), eq(payments.status, 'pending'))),
    );
  }
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
 * The order page's choice of how to pay an unpaid order. `origin` is the shop's origin as the
 * shopper's browser reached it: a card's hosted page brings that browser back to where its
 * session cookie lives.
 */
export async function choosePayment(
  db: Db,
  env: GatewayEnv & Pick<Env, 'DB'>,
  state: OrderState,
  channel: PaymentChannel,
  origin: string,
): Promise<void> {
  const { order, open } = state;
  const now = new Date();
  if (order.status !== 'pending') throw refuse('Pesanan ini tidak sedang menunggu pembayaran');
  if (order.paymentDueAt && Date.parse(order.paymentDueAt) <= now.getTime()) {
    throw refuse('Batas waktu pembayaran sudah lewat');
  }
  if (open?.status === 'submitted') throw refuse('Bukti transfer sedang diperiksa admin');
  // COD ships the order unpaid at once: it is placed so in checkout, never switched to.
  if (channel === 'cod') throw refuse('Bayar di tempat (COD) hanya dapat dipilih saat checkout.');
  const options = await paymentOptions(db, env);
  const at = now.toISOString();
  // Each switch counts against the order's limit before anything is written (429 past it).
  const countSwitch = () => take(env.DB, [{ policy: policies.paymentSwitchOrder, subject: order.id }]);
  const dueAt = await switchedDeadline(db, order, channel, await readPaymentSettings(db), now);
  // The attempt switched away from, payable at the gateway until it is cancelled there.
  const closePrevious = async () => {
    const gateway = paymentGateway(env);
    if (open && gateway && open.method === gateway.method) await closeAtGateway(gateway, open.id);
  };

  if (channel === 'bank_transfer') {
    transferOffered(options);
    if (open?.method === 'bank_transfer') return;
    await countSwitch();
    const base = rowAmountBeforeCode(order);
    for (let attempt = 1; ; attempt += 1) {
      const code = await freeTransferCode(db, base);
      const next = {
        id: crypto.randomUUID(),
        orderId: order.id,
        method: 'bank_transfer',
        status: 'pending',
        amount: base + code,
        createdAt: at,
        updatedAt: at,
      } as const;
      try {
        await replaceOpen(db, state, next, code, dueAt);
        break;
      } catch (err) {
        if (!isConstraintError(err, TRANSFER_TOTAL_TAKEN)) throw err;
        if (attempt >= TRANSFER_CODE_ATTEMPTS) throw new AppError(503, 'no_unique_code', TRANSFER_BUSY);
      }
    }
    await closePrevious();
    return;
  }

  const gateway = offeredGateway(env, options, channel);
  // The same choice again while it can be paid: the same attempt, never a second charge.
  if (open?.method === gateway.method && open.channel === channel && hasPayDetails(open)) return;
  if (Date.parse(dueAt) - now.getTime() < MIN_GATEWAY_MINUTES * 60_000) {
    throw refuse('Waktu pembayaran hampir habis; pilih cara pembayaran lain');
  }
  await countSwitch();
  const current = await getOrder(db, order.id);
  if (!current) throw new AppError(404, 'not_found', 'Pesanan tidak ditemukan');
  // The gateway's transaction lapses with the order's new deadline.
  const charge = chargeOf(
    { ...current, payment_due_at: dueAt },
    state.recipient,
    crypto.randomUUID(),
    channel,
    origin,
  );
  await replaceOpen(db, state, gatewayAttempt(gateway, charge, order.id, at), 0, dueAt);
  await closePrevious();
  await chargeAttempt(db, gateway, charge);
}
