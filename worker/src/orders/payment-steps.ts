import { canTransition, type PaymentSettings } from '@gi/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, payments } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { queueEmail } from '../lib/outbox.ts';
import { queueWhatsApp } from '../whatsapp/outbox.ts';
import { queueBookingOnPayment } from './booking-on-payment.ts';
import { HOUR_MS } from './deadlines.ts';
import {
  type Actor,
  auditStep,
  commit,
  customerMail,
  event,
  type MailEnv,
  type OrderState,
  refuse,
  type Statement,
  setStatus,
} from './transition.ts';

// The lifecycle's payment steps: a receipt uploaded, the admin's confirm or reject, a gateway's payment.

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
  const booking = await queueBookingOnPayment(db, order);
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
    ...auditStep(db, { order, open }, who, 'payment_confirm', {
      status: 'processing',
      ...(open && { paymentStatus: 'paid' }),
    }),
    ...customerMail(db, env, recipient, 'payment-confirmed', {
      orderId: order.id,
      customerName: order.customerName,
      total,
    }),
    ...queueWhatsApp(db, env, order, { event: 'paid', total }),
    ...booking,
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
    ...auditStep(db, { order, open }, who, 'payment_reject', {
      paymentStatus: 'rejected',
      paymentDueAt: dueAt,
      reason,
    }),
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
