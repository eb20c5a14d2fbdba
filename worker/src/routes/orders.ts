import {
  can,
  MAX_RECEIPT_BYTES,
  MY_ORDERS_PAGE_SIZE,
  NOT_SIGNED_IN,
  ORDER_NOT_FOUND,
  type OrderDetail,
} from '@gi/contracts';
import { orders } from '@gi/contracts/endpoints';
import type { Context } from 'hono';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { placeOrder } from '../checkout/place-order.ts';
import { type Db, getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { imageUpload, readImageUpload } from '../lib/image-upload.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { challengeOn, remoteIpOf, requireChallenge, uuidFrom } from '../lib/turnstile.ts';
import { ownedOrder } from '../middleware/order-owner.ts';
import { listOrders, listPaymentReviews, listRefundsNeeded } from '../orders/admin-lists.ts';
import { customerCancel, markRefunded } from '../orders/cancel.ts';
import { confirmReceived } from '../orders/delivery.ts';
import { changeStatus } from '../orders/lifecycle.ts';
import { confirmPayment, rejectPayment } from '../orders/payment-steps.ts';
import { getOrderDetail, latestOrdersOf, ordersOfUser } from '../orders/reads.ts';
import { deleteOrder } from '../orders/record.ts';
import { type Actor, loadOrderState, type OrderState } from '../orders/transition.ts';
import { paymentOptions } from '../payments/checkout.ts';
import { receiveReceipt } from '../payments/receipts.ts';
import { receiptKeysOf } from '../services/payments.ts';
import { readPaymentSettings } from '../settings/rows.ts';
import { bookSoon } from '../shipping/auto-booking.ts';

/** product.md §8: a customer sees their 5 latest orders. */
const RECENT_ORDERS = 5;

/** The order page's answer: while unpaid it carries where to transfer and how else to pay (decision 026). */
export async function detailOf(db: Db, orderId: string, env: AppEnv['Bindings']): Promise<OrderDetail> {
  const detail = await getOrderDetail(db, orderId);
  if (!detail) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  if (detail.status !== 'pending') return detail;
  const [{ bankAccounts, qrisImage }, options] = await Promise.all([
    readPaymentSettings(db),
    paymentOptions(db, env),
  ]);
  return {
    ...detail,
    payment_instructions: { bank_accounts: bankAccounts, qris_image: qrisImage },
    payment_options: options,
  };
}

/** Who is asking, from the session (requireUser or a staff guard ran before): staff with 'orders' act as the shop. */
export function actorOf(c: Context<AppEnv>): Actor {
  const auth = c.get('auth');
  if (!auth) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
  return { actor: can(auth.role, 'orders') ? 'admin' : 'customer', userId: auth.userId };
}

/** The order of `:id` for an admin route. */
async function adminOrder(c: Context<AppEnv>): Promise<OrderState> {
  const state = await loadOrderState(getDb(c.env.DB), c.req.param('id') ?? '');
  if (!state) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  return state;
}

export const orderRoutes = createRouter()
  /**
   * Creates an order priced from D1, shipping fee included, with its first payment attempt; the
   * body names products, quantities, the address, a shipping service and how it will be paid.
   * A repeated Idempotency-Key answers with the order it already created. A Turnstile token (sent
   * after a 403 challenge_required) is checked first; passed, the network's unpaid limit does not
   * hold the order back (decision 036).
   */
  .openapi(defineEndpoint(orders.place), async (c) => {
    const db = getDb(c.env.DB);
    const userId = c.get('auth')?.userId as string;
    const key = c.req.valid('header')['idempotency-key'];
    const body = c.req.valid('json');
    const challengePassed = challengeOn(c.env) && body.turnstileToken !== undefined;
    if (challengePassed) {
      // A retry under the same key asks siteverify again with the same idempotency key: the
      // single-use token then still holds, and the retry replays the order.
      await requireChallenge(c.env, {
        token: body.turnstileToken,
        remoteIp: remoteIpOf(c.req.raw),
        idempotencyKey: await uuidFrom(`order:${userId}:${key}`),
      });
    }
    const { orderId, replayed, bookingQueued } = await placeOrder(db, c.env, {
      userId,
      key,
      body,
      clientIp: clientIp(c.req.raw),
      origin: new URL(c.req.url).origin,
      challengePassed,
    });
    // The order page's own answer: the checkout lands on it with the QR or VA number to pay.
    const detail = await detailOf(db, orderId, c.env);
    if (replayed) return c.json(detail, 200);
    drainOutboxSoon(c.env, c.executionCtx);
    // A COD order under booking on payment (decision 058): its courier after this answer.
    if (bookingQueued) bookSoon(c.env, c.executionCtx);
    return c.json(detail, 201);
  })

  /** The signed-in customer's latest orders; the user id comes from the session only. */
  .openapi(defineEndpoint(orders.mine), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json({ items: await latestOrdersOf(getDb(c.env.DB), userId, RECENT_ORDERS) }, 200);
  })

  /** The account page's list: all the customer's orders, a page at a time (keyset). */
  .openapi(defineEndpoint(orders.myOrders), async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { cursor } = c.req.valid('query');
    return c.json(await ordersOfUser(getDb(c.env.DB), userId, cursor, MY_ORDERS_PAGE_SIZE), 200);
  })

  /** The order page: owner or admin. */
  .openapi(defineEndpoint(orders.read), async (c) => {
    const { order } = ownedOrder(c);
    return c.json(await detailOf(getDb(c.env.DB), order.id, c.env), 200);
  })

  /**
   * The customer cancels an order that waits for payment. While a receipt waits for review the
   * shopper has paid: the cancel needs `confirmPaid` (the page warns first), tells the shop and
   * lists the order for a refund (decision 023).
   */
  .openapi(defineEndpoint(orders.cancel), async (c) => {
    const state = ownedOrder(c);
    const db = getDb(c.env.DB);
    await customerCancel(db, c.env, state, actorOf(c), c.req.valid('json'));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /**
   * 'Pesanan Diterima': the owner confirms a shipped order arrived (issue 29). Pressing again
   * after it is delivered answers the order as it is; the Cron's closing is for those who never press.
   */
  .openapi(defineEndpoint(orders.received), async (c) => {
    // Only the buyer knows the parcel arrived ('buyer' access): an admin uses the dropdown.
    const state = ownedOrder(c);
    const db = getDb(c.env.DB);
    if (await confirmReceived(db, c.env, state, actorOf(c))) drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /** The transfer receipt: an image checked by its bytes, kept private in R2. */
  .openapi(defineEndpoint(orders.uploadReceipt, { use: [imageUpload(MAX_RECEIPT_BYTES)] }), async (c) => {
    const state = ownedOrder(c);
    const db = getDb(c.env.DB);
    await receiveReceipt(db, c.env, state, actorOf(c), () => readImageUpload(c, MAX_RECEIPT_BYTES));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 201);
  })

  /** The latest receipt of the order, for its owner and admins only; never cached. */
  .openapi(defineEndpoint(orders.readReceipt), async (c) => {
    const { order } = ownedOrder(c);
    const [key] = await receiptKeysOf(getDb(c.env.DB), order.id);
    const object = key ? await c.env.IMAGES.get(key) : null;
    if (!object) throw new AppError(404, 'not_found', 'Bukti transfer tidak ditemukan');
    return new Response(object.body, {
      headers: {
        'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
        'Content-Length': String(object.size),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': 'inline',
      },
    });
  });

export const adminOrderRoutes = createRouter()
  .openapi(defineEndpoint(orders.adminList), async (c) =>
    c.json(await listOrders(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  /** 'Menunggu Verifikasi': uploaded receipts the admin has not reviewed, oldest first. */
  .openapi(defineEndpoint(orders.reviews), async (c) =>
    c.json(await listPaymentReviews(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  /** 'Perlu Refund': paid orders that were cancelled, until the admin marks them refunded. */
  .openapi(defineEndpoint(orders.refunds), async (c) =>
    c.json(await listRefundsNeeded(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  .openapi(defineEndpoint(orders.adminRead), async (c) =>
    c.json(await detailOf(getDb(c.env.DB), (await adminOrder(c)).order.id, c.env), 200),
  )

  /** The admin has returned the money of a cancelled paid order. */
  .openapi(defineEndpoint(orders.refunded), async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await markRefunded(db, state, actorOf(c));
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /** The dropdown: 'shipped' takes the courier and resi; every move writes one timeline row. */
  .openapi(defineEndpoint(orders.setStatus), async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await changeStatus(db, c.env, state, actorOf(c), c.req.valid('json'));
    drainOutboxSoon(c.env, c.executionCtx);
    bookSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(defineEndpoint(orders.confirm), async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await confirmPayment(db, c.env, state, actorOf(c));
    drainOutboxSoon(c.env, c.executionCtx);
    // Booking on payment (decision 058): after this answer.
    bookSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(defineEndpoint(orders.reject), async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    const { reason } = c.req.valid('json');
    await rejectPayment(db, c.env, state, actorOf(c), reason, await readPaymentSettings(db));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(defineEndpoint(orders.remove), async (c) => {
    await deleteOrder(
      getDb(c.env.DB),
      c.env.IMAGES,
      c.req.valid('param').id,
      c.get('auth')?.userId as string,
    );
    return c.body(null, 204);
  });
