import {
  canTransition,
  type Order,
  type OrderEventType,
  type OrderStatus,
  type OrderStatusUpdateInput,
  type orderCreateSchema,
  orderStatusLabels,
  type PaymentOptions,
  type PaymentSettings,
} from '@gi/contracts';
import { and, asc, eq, lte, not } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { sha256 } from '../auth/tokens.ts';
import { type Db, getDb } from '../db/client.ts';
import {
  accountEmail,
  findIdempotencyKey,
  getOrder,
  insertOrder,
  ORDER_RATE_CUSTOMER,
  restockOrder,
  STOCK_GUARD,
  takenUniqueCodes,
  UNPAID_LIMIT_CLIENT,
  UNPAID_LIMIT_CUSTOMER,
} from '../db/queries/orders.ts';
import { openPayment, receiptUnderReview } from '../db/queries/payments.ts';
import { orderEvents, orders, payments, users } from '../db/schema.ts';
import { howToPay, orderSummary } from '../email/order-parts.ts';
import type { TemplateName } from '../email/render.ts';
import type { CancelledMoney } from '../email/templates/order-cancelled.ts';
import type { Env } from '../env.ts';
import { NOT_SIGNED_IN } from '../middleware/session.ts';
import { paymentOptions } from '../payments/checkout.ts';
import { HELD_LIMIT } from '../services/stock.ts';
import { type ResolvedArea, resolveArea } from './areas.ts';
import { isConstraintError, loggableError } from './db-errors.ts';
import { AppError } from './errors.ts';
import { type EmailRequest, queueEmail } from './outbox.ts';
import { readPaymentSettings } from './payment-settings.ts';
import { heldLimitRefusal, outOfStock, overLimit, pricedCart } from './priced-cart.ts';
import { NO_ZONE_MESSAGE, optionsFor, servicesFor } from './shipping.ts';

// The order lifecycle (docs/decisions/015-payment-and-order-lifecycle.md). Every change is one
// D1 batch: the order and payment rows, exactly one timeline row and the emails of the event.
// The triggers of migration 0013 refuse a move the graph does not allow, so of two racing
// requests (two confirms, a cancel and a confirm) the second is rolled back whole.

/** Who made a change: a signed-in user, or the Cron. */
export type Actor = { actor: 'customer' | 'admin'; userId: string } | { actor: 'system' };

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export type Statement = BatchItem<'sqlite'>;

/**
 * An order as a change reads it: its row, its open payment attempt, if any, and where its
 * customer's mails go: the account's own (confirmed) address, never the contact email typed
 * at checkout, so checkout cannot mail strangers (decision 023); null if the account is gone.
 */
export interface OrderState {
  order: OrderRow;
  open: PaymentRow | undefined;
  recipient: string | null;
}

type MailEnv = Pick<Env, 'PUBLIC_ORIGIN'>;

const HOUR_MS = 60 * 60 * 1000;
/** Orders the Cron cancels per run at most: each is its own batch. */
export const EXPIRY_BATCH = 25;

const CHANGED_MEANWHILE = 'Pesanan baru saja diubah. Muat ulang halaman lalu coba lagi.';

export async function loadOrderState(db: Db, orderId: string): Promise<OrderState | null> {
  const [rows, open] = await Promise.all([
    db
      .select({ order: orders, recipient: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    openPayment(db, orderId),
  ]);
  const [row] = rows;
  return row ? { order: row.order, open, recipient: row.recipient } : null;
}

/** The customer's email of a change, when the account still has an address. */
function customerMail<N extends TemplateName>(
  db: Db,
  env: MailEnv,
  recipient: string | null,
  template: N,
  data: EmailRequest<N>['data'],
): Statement[] {
  return recipient ? [queueEmail(db, env, { to: recipient, template, data })] : [];
}

function refuse(from: OrderStatus, to: OrderStatus): AppError {
  return new AppError(
    409,
    'invalid_transition',
    `Status pesanan tidak dapat diubah dari "${orderStatusLabels[from]}" ke "${orderStatusLabels[to]}"`,
  );
}

function event(
  db: Db,
  order: OrderRow,
  type: OrderEventType,
  status: OrderStatus,
  who: Actor,
  at: string,
  note: string | null = null,
): Statement {
  return db.insert(orderEvents).values({
    id: crypto.randomUUID(),
    orderId: order.id,
    type,
    status,
    actor: who.actor,
    actorId: who.actor === 'system' ? null : who.userId,
    note,
    createdAt: at,
  });
}

/** The order's status change; the transition trigger checks it against the row as it is now. */
const setStatus = (db: Db, order: OrderRow, status: OrderStatus, at: string, extra: Partial<OrderRow> = {}) =>
  db
    .update(orders)
    .set({ ...extra, status, updatedAt: at })
    .where(eq(orders.id, order.id));

/** Runs one change's batch; a move refused by a trigger (another request came first) is a 409. */
async function commit(db: Db, statements: [Statement, ...Statement[]]): Promise<void> {
  try {
    await db.batch(statements);
  } catch (err) {
    if (
      isConstraintError(err, 'invalid_transition') ||
      isConstraintError(err, 'invalid_payment_transition')
    ) {
      throw new AppError(409, 'order_changed', CHANGED_MEANWHILE);
    }
    throw err;
  }
}

/** What the cancel mail tells of the money (issue 29): a processing order's paid attempt says how it came. */
async function moneyIn(db: Db, { order, open }: Pick<OrderState, 'order' | 'open'>): Promise<CancelledMoney> {
  if (order.status === 'pending') {
    if (open?.status === 'submitted') return { state: 'receipt', amount: open.amount };
    return {
      state: 'none',
      online: open && open.method !== 'bank_transfer' ? { channel: open.channel } : null,
    };
  }
  const settled = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
    .get();
  return settled && settled.method !== 'bank_transfer'
    ? { state: 'paid', amount: settled.amount, via: 'online', channel: settled.channel }
    : { state: 'paid', amount: settled?.amount ?? order.totalAmount, via: 'transfer', channel: null };
}

/**
 * Cancels an order: the customer's cancel, the admin's and the Cron's expiry all come here,
 * and its units go back into stock in the same batch (decision 016).
 */
export async function cancelOrder(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  {
    reason = null,
    expired = false,
    shopEmail = null,
  }: { reason?: string | null; expired?: boolean; shopEmail?: string | null } = {},
): Promise<void> {
  if (!canTransition(order.status, 'cancelled')) throw refuse(order.status, 'cancelled');
  const at = new Date().toISOString();
  const money = await moneyIn(db, { order, open });
  // Money has (probably) come in: a receipt waits for review, or the payment was confirmed.
  const paid = money.state !== 'none';
  await commit(db, [
    // Before the status update: it returns nothing once the order is cancelled.
    ...restockOrder(db, order.id, who),
    setStatus(db, order, 'cancelled', at, paid ? { refundStatus: 'needed' } : {}),
    ...(open
      ? [db.update(payments).set({ status: 'void', updatedAt: at }).where(eq(payments.id, open.id))]
      : []),
    event(db, order, expired ? 'expired' : 'cancelled', 'cancelled', who, at, reason),
    ...customerMail(db, env, recipient, 'order-cancelled', {
      orderId: order.id,
      customerName: order.customerName,
      expired,
      reason,
      money,
    }),
    // The shop hears of a paid order its customer cancelled: it owes a refund.
    ...(paid && shopEmail && who.actor === 'customer'
      ? [
          queueEmail(db, env, {
            to: shopEmail,
            template: 'shop-paid-order-cancelled',
            data: { orderId: order.id, customerName: order.customerName, total: order.totalAmount, reason },
          }),
        ]
      : []),
  ]);
}

/** The admin has paid back a cancelled order's money: it leaves the 'Perlu Refund' list. */
export async function markRefunded(db: Db, orderId: string): Promise<void> {
  const updated = await db
    .update(orders)
    .set({ refundStatus: 'refunded', updatedAt: new Date().toISOString() })
    .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'needed')))
    .returning({ id: orders.id });
  if (updated.length === 0) throw new AppError(409, 'no_refund_needed', 'Pesanan ini tidak menunggu refund');
}

/**
 * The admin confirms the transfer (with or without a receipt), or a gateway's payment arrives
 * (decision 026: `open` is the attempt paid, `also` its own rows, `total` what it charged):
 * the order moves to processing.
 */
export async function confirmPayment(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  {
    note = null,
    also = [],
    total = order.totalAmount,
  }: { note?: string | null; also?: Statement[]; total?: number } = {},
) {
  if (!canTransition(order.status, 'processing')) throw refuse(order.status, 'processing');
  const at = new Date().toISOString();
  const reviewer = who.actor === 'system' ? null : who.userId;
  await commit(db, [
    setStatus(db, order, 'processing', at),
    ...(open
      ? [
          db
            .update(payments)
            .set({ status: 'paid', reviewedBy: reviewer, reviewedAt: at, updatedAt: at })
            .where(eq(payments.id, open.id)),
        ]
      : []),
    ...also,
    event(db, order, 'payment_confirmed', 'processing', who, at, note),
    ...customerMail(db, env, recipient, 'payment-confirmed', {
      orderId: order.id,
      customerName: order.customerName,
      total,
    }),
  ]);
}

/**
 * The admin rejects an uploaded receipt. A new open attempt follows so the customer can upload
 * again, and the deadline moves to at least one payment window from now.
 */
export async function rejectPayment(
  db: Db,
  env: MailEnv,
  { order, open, recipient }: OrderState,
  who: Actor,
  reason: string,
  settings: PaymentSettings,
): Promise<void> {
  if (order.status !== 'pending' || open?.status !== 'submitted') {
    throw new AppError(409, 'no_receipt', 'Tidak ada bukti transfer yang menunggu verifikasi');
  }
  const now = new Date();
  const at = now.toISOString();
  const windowEnd = new Date(now.getTime() + settings.paymentWindowHours * HOUR_MS).toISOString();
  const dueAt = order.paymentDueAt && order.paymentDueAt > windowEnd ? order.paymentDueAt : windowEnd;
  const reviewer = who.actor === 'system' ? null : who.userId;
  await commit(db, [
    db
      .update(payments)
      .set({ status: 'rejected', reason, reviewedBy: reviewer, reviewedAt: at, updatedAt: at })
      .where(eq(payments.id, open.id)),
    db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      method: open.method,
      status: 'pending',
      amount: order.totalAmount,
      createdAt: at,
      updatedAt: at,
    }),
    db.update(orders).set({ paymentDueAt: dueAt, updatedAt: at }).where(eq(orders.id, order.id)),
    event(db, order, 'payment_rejected', 'pending', who, at, reason),
    ...customerMail(db, env, recipient, 'payment-rejected', {
      orderId: order.id,
      customerName: order.customerName,
      reason,
      total: order.totalAmount,
      dueAt,
    }),
  ]);
}

/** The customer's transfer receipt, already stored in R2 under `receiptKey`. */
export async function submitReceipt(
  db: Db,
  env: MailEnv,
  state: OrderState,
  who: Actor,
  receiptKey: string,
  settings: PaymentSettings,
): Promise<void> {
  const { order, open } = state;
  const refusal = receiptRefusal(state, new Date());
  if (refusal || !open) throw new AppError(409, 'receipt_not_accepted', refusal ?? '');
  const at = new Date().toISOString();
  await commit(db, [
    db
      .update(payments)
      .set({ status: 'submitted', receiptKey, submittedAt: at, updatedAt: at })
      .where(eq(payments.id, open.id)),
    db.update(orders).set({ updatedAt: at }).where(eq(orders.id, order.id)),
    event(db, order, 'receipt_uploaded', 'pending', who, at),
    ...customerMail(db, env, state.recipient, 'receipt-received', {
      orderId: order.id,
      customerName: order.customerName,
      amount: open.amount,
    }),
    queueEmail(db, env, {
      to: settings.notificationEmail,
      template: 'shop-receipt-uploaded',
      data: { orderId: order.id, customerName: order.customerName, total: order.totalAmount },
    }),
  ]);
}

/**
 * Why the customer cannot upload a receipt now, or null when they can: the order waits for
 * its transfer, no receipt is under review and the deadline has not passed.
 */
export function receiptRefusal({ order, open }: OrderState, now: Date): string | null {
  if (order.status !== 'pending' || !open) return 'Pesanan ini tidak sedang menunggu pembayaran';
  if (open.method !== 'bank_transfer')
    return 'Pilih Transfer Bank sebagai cara pembayaran untuk mengunggah bukti';
  if (open.status === 'submitted') return 'Bukti transfer sedang diperiksa admin';
  if (order.paymentDueAt && order.paymentDueAt <= now.toISOString()) {
    return 'Batas waktu pembayaran sudah lewat';
  }
  return null;
}

/** The admin's dropdown: each target status goes through its own step of the lifecycle. */
export async function changeStatus(
  db: Db,
  env: MailEnv,
  state: OrderState,
  who: Actor,
  input: OrderStatusUpdateInput,
): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, input.status)) throw refuse(order.status, input.status);
  const at = new Date().toISOString();
  switch (input.status) {
    case 'processing':
      return confirmPayment(db, env, state, who);
    case 'cancelled':
      return cancelOrder(db, env, state, who, { reason: input.reason ?? null });
    case 'shipped': {
      const { courier, trackingNumber } = input;
      return commit(db, [
        setStatus(db, order, 'shipped', at, {
          courier: courier.trim(),
          trackingNumber: trackingNumber.trim(),
        }),
        event(db, order, 'shipped', 'shipped', who, at, `${courier.trim()} · ${trackingNumber.trim()}`),
        ...customerMail(db, env, state.recipient, 'order-shipped', {
          orderId: order.id,
          customerName: order.customerName,
          courier: courier.trim(),
          trackingNumber: trackingNumber.trim(),
        }),
      ]);
    }
    case 'delivered':
      return confirmDelivery(db, env, state, who);
    default:
      throw refuse(order.status, input.status);
  }
}

/**
 * A shipped order arrived: the customer's 'Pesanan Diterima' or the admin's dropdown. The
 * transition trigger refuses it unless the order is still shipped, so of two presses the second
 * batch (its timeline row and mail) is rolled back whole.
 */
export async function confirmDelivery(db: Db, env: MailEnv, state: OrderState, who: Actor): Promise<void> {
  const { order } = state;
  if (!canTransition(order.status, 'delivered')) throw refuse(order.status, 'delivered');
  const at = new Date().toISOString();
  return commit(db, [
    setStatus(db, order, 'delivered', at),
    event(db, order, 'delivered', 'delivered', who, at),
    ...customerMail(db, env, state.recipient, 'order-delivered', {
      orderId: order.id,
      customerName: order.customerName,
    }),
  ]);
}

/**
 * The Cron's expiry: cancels up to `limit` unpaid orders past their deadline, oldest deadline
 * first, through the partial index on unpaid orders. An order whose receipt waits for the
 * admin is left alone: the customer paid in time. Answers how many it cancelled.
 */
export async function expireOverdueOrders(
  env: Pick<Env, 'DB' | 'PUBLIC_ORIGIN'>,
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
    if (!state) continue;
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

// Placing an order: the first change of its life.

const SERVICE_UNAVAILABLE = 'Layanan pengiriman tidak tersedia untuk alamat ini. Silakan pilih ulang.';
/** Tries at a free unique code when racing orders took the one read (the unique index refuses it). */
const UNIQUE_CODE_ATTEMPTS = 5;
const BUSY = 'Sedang banyak pesanan yang menunggu pembayaran. Silakan coba lagi sebentar lagi.';
const STOCK_GONE = 'Stok produk di keranjang tidak mencukupi. Periksa kembali keranjang Anda.';
const UNPAID_CUSTOMER = (limit: number) =>
  `Anda masih memiliki ${limit} pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.`;
const UNPAID_CLIENT =
  'Terlalu banyak pesanan belum dibayar dari jaringan Anda. Bayar atau batalkan pesanan yang masih terbuka di Pesanan Saya, atau coba lagi nanti.';
const ORDER_RATE = 'Terlalu banyak pesanan dari akun Anda dalam satu jam terakhir. Silakan coba lagi nanti.';

type OrderBody = z.output<typeof orderCreateSchema>;

/**
 * What a retry must repeat to count as the same order: the validated (trimmed) values,
 * with lines sorted so the same cart in another order is still the same request.
 */
function canonicalBody({ items, customer, shippingServiceId }: OrderBody): string {
  return JSON.stringify({
    items: items
      .map((item) => [item.variantId, item.productId, item.quantity] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    customer: [
      customer.customerName,
      customer.customerEmail,
      customer.customerPhone,
      customer.customerAddress,
      customer.provinceCode,
      customer.regencyCode,
      customer.districtCode,
      customer.postalCode,
    ],
    shippingServiceId,
  });
}

/** The address as a courier reads it: street, district, regency/city, province and postal code. */
function fullAddress(street: string, area: ResolvedArea, postalCode: string): string {
  return `${street}, Kec. ${area.district.name}, ${area.regency.name}, ${area.province.name} ${postalCode}`;
}

/** The order an earlier request with this key created, or null when the key is new. */
async function replay(db: Db, userId: string, key: string, requestHash: string): Promise<Order | null> {
  const previous = await findIdempotencyKey(db, userId, key);
  if (!previous) return null;
  if (previous.requestHash !== requestHash) {
    throw new AppError(409, 'idempotency_conflict', 'Idempotency-Key sudah dipakai untuk pesanan lain');
  }
  return getOrder(db, previous.orderId);
}

/** A random code of 1–999 no unpaid order holds, or null when all are taken. */
async function freeUniqueCode(db: Db): Promise<number | null> {
  const taken = await takenUniqueCodes(db);
  const free: number[] = [];
  for (let code = 1; code <= 999; code += 1) if (!taken.has(code)) free.push(code);
  return free.length > 0 ? (free[Math.floor(Math.random() * free.length)] as number) : null;
}

/**
 * The emails of a new order: to the customer at the account's own address (not the contact
 * email typed at checkout, decision 023) what was bought and how to pay it, and a notice to the shop.
 */
function placedEmails(
  db: Db,
  env: Env,
  order: Order,
  settings: PaymentSettings,
  options: PaymentOptions,
  accountEmail: string,
) {
  const summary = orderSummary(order);
  return [
    queueEmail(db, env, {
      to: accountEmail,
      template: 'order-placed',
      data: {
        orderId: order.id,
        customerName: order.customer_name,
        summary,
        // A new order's attempt is a transfer: the gateway replaces it once the shopper picks one.
        pay: howToPay(summary, settings.bankAccounts, options, undefined),
        dueAt: order.payment_due_at ?? '',
      },
    }),
    queueEmail(db, env, {
      to: settings.notificationEmail,
      template: 'shop-new-order',
      data: {
        orderId: order.id,
        customerName: order.customer_name,
        customerEmail: order.customer_email,
        total: order.total_amount,
        itemCount: order.order_items.reduce((sum, item) => sum + item.quantity, 0),
      },
    }),
  ];
}

/** What a customer's checkout sends, validated; the request's Idempotency-Key; where from. */
export interface PlaceOrderInput {
  userId: string;
  key: string;
  body: OrderBody;
  clientIp: string;
}

/**
 * Places an order priced from D1, shipping fee included: the body names products, quantities,
 * the address and a shipping service only. A repeated Idempotency-Key answers with the order it
 * already created (`replayed`). The order, its stock, its payment attempt, its timeline row and
 * its emails are one batch, whose guards refuse what racing requests would break.
 */
export async function placeOrder(
  db: Db,
  env: Env,
  { userId, key, body, clientIp }: PlaceOrderInput,
): Promise<{ order: Order; replayed: boolean }> {
  const requestHash = await sha256(canonicalBody(body));

  const previous = await replay(db, userId, key, requestHash);
  if (previous) return { order: previous, replayed: true };

  const { customer } = body;
  const area = resolveArea(customer.provinceCode, customer.regencyCode, customer.districtCode);
  if (!area) {
    throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
      'customer.districtCode': 'Kecamatan tidak ditemukan',
    });
  }
  const cart = await pricedCart(db, body.items);
  const short = outOfStock(cart) ?? (await overLimit(db, userId, cart));
  if (short) throw short;
  // The fee comes from D1 for this address and cart; the browser only names a service.
  const zone = await servicesFor(db, area.regency.code);
  if (!zone) throw new AppError(422, 'no_shipping_zone', NO_ZONE_MESSAGE);
  const option = optionsFor(zone, cart).find((o) => o.id === body.shippingServiceId);
  if (!option) {
    throw new AppError(422, 'shipping_service_unavailable', SERVICE_UNAVAILABLE, {
      shippingServiceId: SERVICE_UNAVAILABLE,
    });
  }

  const [settings, options, email] = await Promise.all([
    readPaymentSettings(db),
    paymentOptions(db, env),
    accountEmail(db, userId),
  ]);
  if (!email) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
  for (let attempt = 1; ; attempt += 1) {
    const uniqueCode = await freeUniqueCode(db);
    if (uniqueCode === null) throw new AppError(503, 'no_unique_code', BUSY);
    let order: Order;
    try {
      order = await insertOrder(
        db,
        {
          userId,
          idempotencyKey: key,
          requestHash,
          customerName: customer.customerName,
          customerEmail: customer.customerEmail,
          customerPhone: customer.customerPhone,
          customerAddress: fullAddress(customer.customerAddress, area, customer.postalCode),
          area,
          postalCode: customer.postalCode,
          shipping: {
            zone: zone.zone,
            service: option.name,
            fee: option.fee,
            etaMinDays: option.etaMinDays,
            etaMaxDays: option.etaMaxDays,
          },
          lines: cart.lines,
          uniqueCode,
          paymentDueAt: new Date(Date.now() + settings.paymentWindowHours * HOUR_MS).toISOString(),
          clientIp,
          limits: {
            perCustomer: settings.unpaidOrdersPerCustomer,
            perClient: settings.unpaidOrdersPerClient,
          },
        },
        (created) => placedEmails(db, env, created, settings, options, email),
      );
    } catch (err) {
      // A twin request with the same key won the race: its batch holds the key and
      // ours was rolled back whole, so answer with the winner's order.
      const winner = await replay(db, userId, key, requestHash);
      if (winner) return { order: winner, replayed: true };
      if (isConstraintError(err, UNPAID_LIMIT_CUSTOMER)) {
        throw new AppError(409, 'unpaid_limit', UNPAID_CUSTOMER(settings.unpaidOrdersPerCustomer));
      }
      if (isConstraintError(err, UNPAID_LIMIT_CLIENT)) {
        throw new AppError(429, 'unpaid_limit', UNPAID_CLIENT);
      }
      if (isConstraintError(err, ORDER_RATE_CUSTOMER)) {
        throw new AppError(429, 'too_many_orders', ORDER_RATE);
      }
      // Another order took the code between our read and our write: read again.
      if (isConstraintError(err, 'orders.unique_code') && attempt < UNIQUE_CODE_ATTEMPTS) continue;
      // Another order of this customer took the size's units up to its maximum meanwhile.
      if (isConstraintError(err, HELD_LIMIT)) {
        throw (await overLimit(db, userId, await pricedCart(db, body.items))) ?? heldLimitRefusal();
      }
      // Another order took the last units between our check and our batch.
      if (isConstraintError(err, STOCK_GUARD)) {
        throw outOfStock(await pricedCart(db, body.items)) ?? new AppError(409, 'out_of_stock', STOCK_GONE);
      }
      console.error(JSON.stringify({ event: 'order_insert_failed', ...loggableError(err) }));
      throw new AppError(500, 'order_failed', 'Gagal membuat pesanan. Silakan coba lagi.');
    }
    return { order, replayed: false };
  }
}
