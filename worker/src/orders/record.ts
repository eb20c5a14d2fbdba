import {
  type Area,
  type GatewayChannel,
  ORDER_NOT_FOUND,
  type Order,
  type PaymentMethod,
  paidOrderStatuses,
} from '@gi/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { asAnswer } from '../db/answer-columns.ts';
import { type Db, nowIso } from '../db/client.ts';
import {
  idempotencyKeys,
  orderEvents,
  orderItems,
  orderLimitChecks,
  orders,
  payments,
  products,
  productVariants,
  sampleCredits,
  sampleCreditUses,
  voucherUses,
} from '../db/schema.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { takeSetUnits } from '../services/discovery-sets.ts';
import { receiptKeysOf } from '../services/payments.ts';
import { traceOrderLine } from '../services/stock.ts';
import { itemColumns, type OrderRow, orderColumns } from './answers.ts';
import { HOUR_MS } from './deadlines.ts';

// An order's record: written whole when placed (insertOrder), deleted only while it held no money.

export function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .select({ orderId: idempotencyKeys.orderId, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .get();
}

export interface NewOrderLine {
  productId: string;
  variantId: string;
  sizeMl: number | null;
  productName: string;
  productPrice: number;
  quantity: number;
}

/** A credit taken by an order: all of it is used, `amount` is what it took off (sekali pakai). */
export interface CreditUse {
  creditId: string;
  amount: number;
}

/** A credit a sample or set line earns (checkout/sample-credit-rule.ts). */
export interface EarnedCredit {
  variantId: string;
  /** The line as the order reads it ('Set Discovery Pria 10 ml'). */
  sourceName: string;
  productIds: string[];
  amount: number;
  validDays: number;
}

export interface NewOrder {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The composed full address text. */
  customerAddress: string;
  area: { province: Area; regency: Area; district: Area };
  postalCode: string;
  shipping: {
    zone: string;
    service: string;
    fee: number;
    etaMinDays: number;
    etaMaxDays: number;
    /** Set when a courier's live rate priced the order (decision 032); absent for a zone's service. */
    courier?: {
      courierCode: string;
      serviceCode: string;
      weightGrams: number;
      quoteId: string;
      cod: boolean;
    };
  };
  lines: NewOrderLine[];
  /**
   * 1–999 for the manual transfer, its total free among open transfer orders when read (the
   * 0030 trigger refuses it if no longer); 0 for a gateway.
   */
  uniqueCode: number;
  /** The first attempt when a gateway takes the payment (its charge follows the batch); absent: the manual transfer. */
  gateway?: { attemptId: string; method: PaymentMethod; channel: GatewayChannel; checkAfter: string };
  /**
   * Cash on delivery (decision 034): the admin's fee, its own line. The order needs no
   * prepayment, so it is placed 'processing' (to ship), its 'cod' attempt pending until delivered.
   */
  cod?: { fee: number };
  /**
   * The voucher priced on this cart (decision 041): its discount comes off the total, and its use
   * is counted in the batch (migration 0037's triggers refuse a use past its limits).
   */
  voucher?: { id: string; code: string; discount: number };
  /**
   * 'Kredit Sampel' applied (decision 061 part B): its total comes off the items, each use is a row
   * whose trigger (sample_credit_uses_guard) refuses a credit no longer the customer's to use.
   */
  credits?: { uses: CreditUse[]; total: number };
  /** The credits this order's sample and set lines give, written 'pending' until it is delivered. */
  earned?: EarnedCredit[];
  /** The customer asked for order updates on WhatsApp while the channel was on (decision 049). */
  whatsappOptIn?: boolean;
  /** Sent as a gift (decision 045): the slip's message, and wrapping with the fee priced by checkout. */
  gift?: { message: string | null; wrap: boolean; wrapFee: number };
  /** Null for COD: nothing to pay before shipping, so the expiry Cron never reads it. */
  paymentDueAt: string | null;
  clientIp: string;
  /** The admin's limits on unpaid orders; the batch fails with UNPAID_LIMIT_* past them. */
  limits: { perCustomer: number; perClient: number };
}

/** payments/checkout.ts' amountBeforeCode from the order's row: what a gateway charges. */
export const rowAmountBeforeCode = (
  order: Pick<
    typeof orders.$inferSelect,
    'subtotalAmount' | 'discountAmount' | 'creditAmount' | 'shippingFee' | 'giftWrapFee'
  >,
) => order.subtotalAmount - order.discountAmount - order.creditAmount + order.shippingFee + order.giftWrapFee;

/** The D1 messages of an order batch refused by the limits of migration 0022. */
export const UNPAID_LIMIT_CUSTOMER = 'unpaid_limit_customer';
export const UNPAID_LIMIT_CLIENT = 'unpaid_limit_client';
export const ORDER_RATE_CUSTOMER = 'order_rate_customer';
/**
 * Orders one account may place per hour, cancelled ones included: with the unpaid limit it
 * bounds the shop's new-order notices and the account's own order mails (decision 023).
 */
export const ORDERS_PER_HOUR = 10;

/**
 * Writes the idempotency key, the order and its items, takes their stock, and writes its
 * first payment attempt, the timeline's first row and `extra` (the emails of the new order)
 * in one batch, which D1 runs as one transaction: a violated constraint anywhere (a key
 * already taken by a twin request, a transfer total taken meanwhile, a quantity out of range,
 * stock below zero: STOCK_GUARD) leaves none of them behind.
 */
export async function insertOrder(
  db: Db,
  input: NewOrder,
  extra: (order: Order) => BatchItem<'sqlite'>[],
): Promise<Order> {
  const now = nowIso();
  const orderId = crypto.randomUUID();
  const items: (typeof orderItems.$inferSelect)[] = input.lines.map((line) => ({
    id: crypto.randomUUID(),
    orderId,
    productId: line.productId,
    variantId: line.variantId,
    sizeMl: line.sizeMl,
    productName: line.productName,
    productPrice: line.productPrice,
    quantity: line.quantity,
    subtotal: line.productPrice * line.quantity,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const order: OrderRow = {
    id: orderId,
    userId: input.userId,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    customerAddress: input.customerAddress,
    provinceCode: input.area.province.code,
    provinceName: input.area.province.name,
    regencyCode: input.area.regency.code,
    regencyName: input.area.regency.name,
    districtCode: input.area.district.code,
    districtName: input.area.district.name,
    postalCode: input.postalCode,
    shippingZone: input.shipping.zone,
    shippingService: input.shipping.service,
    shippingEtaMinDays: input.shipping.etaMinDays,
    shippingEtaMaxDays: input.shipping.etaMaxDays,
    subtotalAmount: subtotal,
    shippingFee: input.shipping.fee,
    // What the shopper pays: a transfer's unique code lets the admin match it to this order.
    totalAmount:
      subtotal -
      (input.voucher?.discount ?? 0) -
      (input.credits?.total ?? 0) +
      input.shipping.fee +
      (input.gift?.wrapFee ?? 0) +
      input.uniqueCode +
      (input.cod?.fee ?? 0),
    status: input.cod ? 'processing' : 'pending',
    uniqueCode: input.uniqueCode,
    codFee: input.cod?.fee ?? 0,
    paymentDueAt: input.paymentDueAt,
    courier: null,
    trackingNumber: null,
    paymentFlag: null,
    createdAt: now,
    updatedAt: now,
    clientIp: input.clientIp,
    refundStatus: null,
    paymentRemindedAt: null,
    shippingCourierCode: input.shipping.courier?.courierCode ?? null,
    shippingServiceCode: input.shipping.courier?.serviceCode ?? null,
    shippingWeightGrams: input.shipping.courier?.weightGrams ?? null,
    shippingQuoteId: input.shipping.courier?.quoteId ?? null,
    voucherCode: input.voucher?.code ?? null,
    discountAmount: input.voucher?.discount ?? 0,
    whatsappOptIn: input.whatsappOptIn ?? false,
    giftMessage: input.gift?.message ?? null,
    giftWrap: input.gift?.wrap ?? false,
    giftWrapFee: input.gift?.wrapFee ?? 0,
    creditAmount: input.credits?.total ?? 0,
  };
  const earned = input.earned ?? [];
  const created: Order = {
    ...asAnswer(orders, orderColumns, order, {
      payment_status: 'pending',
      credit_earned: earned.reduce((sum, credit) => sum + credit.amount, 0),
    }),
    order_items: items.map((item) => asAnswer(orderItems, itemColumns, item, {})),
  };
  // One statement per item keeps every statement far below D1's 100 bound parameters.
  await db.batch([
    // First: its trigger counts the unpaid orders inside this transaction (decision 023).
    db.insert(orderLimitChecks).values({
      userId: input.userId,
      clientIp: input.clientIp,
      perCustomer: input.limits.perCustomer,
      perClient: input.limits.perClient,
      hourAgo: new Date(Date.parse(now) - HOUR_MS).toISOString(),
      perHour: ORDERS_PER_HOUR,
    }),
    db.insert(idempotencyKeys).values({
      userId: input.userId,
      key: input.idempotencyKey,
      orderId,
      requestHash: input.requestHash,
      createdAt: now,
    }),
    db.insert(orders).values(order),
    ...(input.voucher
      ? [
          db.insert(voucherUses).values({
            orderId,
            voucherId: input.voucher.id,
            userId: input.userId,
            discount: input.voucher.discount,
            orderTotal: order.totalAmount,
            createdAt: now,
          }),
        ]
      : []),
    // After the order (their key), one statement per use: the guard refuses a credit a racing
    // order took, and the whole batch with it.
    ...(input.credits?.uses ?? []).map((use) =>
      db.insert(sampleCreditUses).values({
        creditId: use.creditId,
        orderId,
        userId: input.userId,
        amount: use.amount,
        createdAt: now,
      }),
    ),
    ...items.map((item) => db.insert(orderItems).values(item)),
    // Best-selling counts units ordered; kept here so the sort never sums order_items.
    ...input.lines.map((line) =>
      db
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${line.quantity}` })
        .where(eq(products.id, line.productId)),
    ),
    // Counted stock (not null) goes down; the CHECK fails the batch rather than go below zero.
    // Each change leaves its trace (decision 025).
    ...input.lines.flatMap((line) => [
      db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId)),
      traceOrderLine(db, line, orderId, input.userId),
    ]),
    // A discovery set's units come from its samples' stock, guarded by the same CHECK (decision 061).
    ...takeSetUnits(db, orderId, input.userId),
    // Pending until delivered (migration 0066's sample_credits_activate); one per earning line.
    ...earned.map((credit) =>
      db.insert(sampleCredits).values({
        id: crypto.randomUUID(),
        userId: input.userId,
        sourceOrderId: orderId,
        sourceVariantId: credit.variantId,
        sourceName: credit.sourceName,
        productIds: credit.productIds,
        amount: credit.amount,
        validDays: credit.validDays,
        status: 'pending',
        createdAt: now,
      }),
    ),
    db.insert(payments).values({
      id: input.gateway?.attemptId ?? crypto.randomUUID(),
      orderId,
      method: input.cod ? 'cod' : (input.gateway?.method ?? 'bank_transfer'),
      channel: input.gateway?.channel ?? null,
      status: 'pending',
      amount: order.totalAmount,
      checkAfter: input.gateway?.checkAfter ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId,
      type: 'placed',
      status: order.status,
      actor: 'customer',
      actorId: input.userId,
      createdAt: now,
    }),
    ...extra(created),
  ]);
  return created;
}

const ORDER_HAS_PAYMENT = 'Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus';

/**
 * The order holds money the shop received (issue 37): an attempt paid, a paid status, or a
 * refund owed or made. Such an order is a financial record and is never deleted.
 */
const orderHadMoney = (id: string) => sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${id} AND (
  ${inArray(orders.status, [...paidOrderStatuses])} OR ${orders.refundStatus} IS NOT NULL
  OR EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${id} AND ${payments.status} = 'paid')))`;

/**
 * Items first, then the order, as the spec does; the order's idempotency key goes too,
 * so no key refers to a missing order. Every statement holds only while the order had no money
 * (checked inside the batch, so a payment arriving meanwhile keeps it whole): a financial record
 * is a 409, no such order a 404. The receipts' files in `images` go after the rows.
 */
export async function deleteOrder(db: Db, images: R2Bucket, id: string, actorId: string): Promise<void> {
  const receipts = await receiptKeysOf(db, id);
  // The audit trail is never edited: the account's id, not the customer's name or address,
  // which an erasure (UU PDP, services/customers.ts) could not reach there.
  const before = await db
    .select({
      status: orders.status,
      userId: orders.userId,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .get();
  // The owner narrows the key lookup to the primary key's user_id prefix.
  const owner = db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  const deletable = sql`NOT ${orderHadMoney(id)}`;
  const [, , deleted, , [left]] = await db.batch([
    db.delete(orderItems).where(and(eq(orderItems.orderId, id), deletable)),
    db
      .delete(idempotencyKeys)
      .where(and(sql`${idempotencyKeys.userId} = (${owner})`, eq(idempotencyKeys.orderId, id), deletable)),
    db
      .delete(orders)
      .where(and(eq(orders.id, id), deletable))
      .returning({ id: orders.id }),
    auditRow(db, {
      actorId,
      entityType: 'order',
      entityId: id,
      action: 'delete',
      before,
      when: AFTER_A_CHANGE,
    }),
    db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)),
  ]);
  if (deleted.length === 0) {
    throw left
      ? new AppError(409, 'order_has_payment', ORDER_HAS_PAYMENT)
      : new AppError(404, 'not_found', ORDER_NOT_FOUND);
  }
  if (receipts.length > 0) await images.delete(receipts);
}
