import {
  listQuerySchema,
  MAX_RECEIPT_BYTES,
  MY_ORDERS_PAGE_SIZE,
  myOrdersQuerySchema,
  type OrderDetail,
  orderCancelSchema,
  orderCreateSchema,
  orderCursorPageSchema,
  orderDetailSchema,
  orderSchema,
  orderStatuses,
  orderStatusUpdateSchema,
  pageSchema,
  paymentRejectSchema,
  paymentReviewSchema,
  seekListQuerySchema,
  seekPageSchema,
} from '@gi/contracts';
import { fileBody, imageAnswer } from '@gi/contracts/endpoints/define';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from '../api/endpoint.ts';
import { ADMIN, CUSTOMER } from '../api/policy.ts';
import { type Db, getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { imageUpload, readImageUpload } from '../lib/image-upload.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import { readPaymentSettings } from '../lib/payment-settings.ts';
import { NOT_SIGNED_IN } from '../middleware/session.ts';
import { paymentOptions } from '../payments/checkout.ts';
import {
  type Actor,
  cancelOrder,
  changeStatus,
  confirmDelivery,
  confirmPayment,
  deleteOrder,
  getOrderDetail,
  latestOrdersOf,
  listOrders,
  listPaymentReviews,
  listRefundsNeeded,
  loadOrderState,
  markRefunded,
  type OrderState,
  ordersOfUser,
  placeOrder,
  receiptRefusal,
  rejectPayment,
  submitReceipt,
} from '../services/orders.ts';
import { receiptKeysOf } from '../services/payments.ts';
import { putReceipt } from '../storage/images.ts';

/** product.md §8: a customer sees their 5 latest orders. */
const RECENT_ORDERS = 5;
const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';
const MANUAL_TRANSFER_OFF =
  'Transfer bank manual sedang tidak tersedia. Pilih metode pembayaran lain di halaman pesanan.';
const KEY_REQUIRED = 'Idempotency-Key wajib diisi';
const RECEIPT_UNDER_REVIEW =
  'Bukti transfer pesanan ini sedang diperiksa admin. Jika dibatalkan, dana Anda dikembalikan lewat refund oleh toko. Konfirmasi pembatalan untuk melanjutkan.';

const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string({ error: KEY_REQUIRED }).regex(/^[A-Za-z0-9_-]{8,128}$/, KEY_REQUIRED),
});

const adminListQuerySchema = seekListQuerySchema.extend({
  status: z.enum(orderStatuses, 'Status pesanan tidak valid').optional(),
});

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

/** Who is asking, from the session (requireUser or requireAdmin ran before). */
function actorOf(c: Context<AppEnv>): Actor {
  const auth = c.get('auth');
  if (!auth) throw new AppError(401, 'unauthorized', NOT_SIGNED_IN);
  return { actor: auth.role === 'admin' ? 'admin' : 'customer', userId: auth.userId };
}

/**
 * The order of `:id` for its owner or an admin. Anyone else gets the same 404 as for an
 * order that does not exist, so ids cannot be probed.
 */
export async function visibleOrder(c: Context<AppEnv>): Promise<OrderState> {
  const auth = c.get('auth');
  const state = await loadOrderState(getDb(c.env.DB), c.req.param('id') ?? '');
  if (!state || !auth || (state.order.userId !== auth.userId && auth.role !== 'admin')) {
    throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  }
  return state;
}

/** The order of `:id` for an admin route. */
async function adminOrder(c: Context<AppEnv>): Promise<OrderState> {
  const state = await loadOrderState(getDb(c.env.DB), c.req.param('id') ?? '');
  if (!state) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  return state;
}

const tags = ['Pesanan'];
const adminTags = ['Pesanan (admin)'];
const orderId = z.object({ id: z.string().max(200) });
const detail = jsonAnswer(orderDetailSchema, 'Pesanan dengan pembayaran dan riwayatnya');
const missing = errorAnswer(ORDER_NOT_FOUND);
const conflict = errorAnswer('Status pesanan tidak mengizinkan langkah ini');
const pageQuery = listQuerySchema.omit({ q: true });

const place = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Buat pesanan: harga, ongkir dan total dihitung server; Idempotency-Key wajib',
  policy: CUSTOMER,
  request: { headers: idempotencyHeaderSchema, body: jsonBody(orderCreateSchema) },
  responses: {
    200: jsonAnswer(orderSchema, 'Pesanan yang sudah dibuat dengan kunci yang sama'),
    201: jsonAnswer(orderSchema, 'Pesanan baru'),
    400: invalidAnswer,
    409: errorAnswer('Stok tidak cukup atau terlalu banyak pesanan belum dibayar'),
    422: errorAnswer('Pengiriman tidak tersedia atau melebihi batas per pesanan'),
    429: errorAnswer('Terlalu banyak pesanan'),
    503: errorAnswer('Sedang banyak pesanan menunggu pembayaran'),
  },
});
const mine = defineEndpoint({
  method: 'get',
  path: '/mine',
  tags,
  summary: '5 pesanan terakhir pelanggan',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(z.object({ items: z.array(orderSchema) }), 'Pesanan terakhir') },
});
const myOrders = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Semua pesanan pelanggan, terbaru lebih dulu, satu halaman per kursor',
  policy: CUSTOMER,
  request: { query: myOrdersQuerySchema },
  responses: { 200: jsonAnswer(orderCursorPageSchema, 'Satu halaman pesanan'), 400: invalidAnswer },
});
const read = defineEndpoint({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'Halaman pesanan (pemilik atau admin)',
  policy: CUSTOMER,
  request: { params: orderId },
  responses: { 200: detail, 404: missing },
});
const cancel = defineEndpoint({
  method: 'post',
  path: '/{id}/cancel',
  tags,
  summary: 'Pelanggan membatalkan pesanan yang belum dibayar',
  policy: CUSTOMER,
  request: { params: orderId, body: jsonBody(orderCancelSchema) },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});
const received = defineEndpoint({
  method: 'post',
  path: '/{id}/received',
  tags,
  summary: "'Pesanan Diterima': pembeli mengonfirmasi pesanan yang dikirim sudah tiba",
  policy: CUSTOMER,
  request: { params: orderId },
  responses: { 200: detail, 404: missing, 409: conflict },
});
const uploadReceipt = defineEndpoint(
  {
    method: 'post',
    path: '/{id}/receipt',
    tags,
    summary: 'Unggah bukti transfer (gambar, paling besar 5 MB)',
    policy: { ...CUSTOMER, upload: true },
    request: { params: orderId, body: fileBody },
    responses: {
      201: detail,
      400: errorAnswer('Gambar tidak valid'),
      404: missing,
      409: errorAnswer('Bukti transfer tidak diterima untuk pesanan ini'),
      413: errorAnswer('Gambar terlalu besar'),
      415: errorAnswer('Bukan multipart/form-data'),
    },
  },
  { use: [imageUpload(MAX_RECEIPT_BYTES)] },
);
const readReceipt = defineEndpoint({
  method: 'get',
  path: '/{id}/receipt',
  tags,
  summary: 'Bukti transfer terakhir (pemilik atau admin)',
  policy: CUSTOMER,
  request: { params: orderId },
  responses: {
    200: imageAnswer,
    404: errorAnswer('Bukti transfer tidak ditemukan'),
  },
});

const adminList = defineEndpoint({
  method: 'get',
  path: '/',
  tags: adminTags,
  summary: 'Semua pesanan, terbaru lebih dulu, dengan filter status dan pencarian',
  policy: ADMIN,
  request: { query: adminListQuerySchema },
  responses: { 200: jsonAnswer(seekPageSchema(orderSchema), 'Satu halaman pesanan'), 400: invalidAnswer },
});
const reviews = defineEndpoint({
  method: 'get',
  path: '/payment-reviews',
  tags: adminTags,
  summary: "'Menunggu Verifikasi': bukti transfer yang belum diperiksa, terlama lebih dulu",
  policy: ADMIN,
  request: { query: pageQuery },
  responses: { 200: jsonAnswer(pageSchema(paymentReviewSchema), 'Satu halaman'), 400: invalidAnswer },
});
const refunds = defineEndpoint({
  method: 'get',
  path: '/refunds',
  tags: adminTags,
  summary: "'Perlu Refund': pesanan dibayar yang dibatalkan, sampai ditandai sudah direfund",
  policy: ADMIN,
  request: { query: pageQuery },
  responses: { 200: jsonAnswer(pageSchema(orderSchema), 'Satu halaman'), 400: invalidAnswer },
});
const adminRead = defineEndpoint({
  method: 'get',
  path: '/{id}',
  tags: adminTags,
  summary: 'Detail pesanan',
  policy: ADMIN,
  request: { params: orderId },
  responses: { 200: detail, 404: missing },
});
const refunded = defineEndpoint({
  method: 'post',
  path: '/{id}/refund',
  tags: adminTags,
  summary: 'Tandai sudah direfund',
  policy: ADMIN,
  request: { params: orderId },
  responses: { 200: detail, 404: missing, 409: conflict },
});
const setStatus = defineEndpoint({
  method: 'patch',
  path: '/{id}/status',
  tags: adminTags,
  summary: "Ubah status; 'shipped' membutuhkan kurir dan resi",
  policy: ADMIN,
  request: { params: orderId, body: jsonBody(orderStatusUpdateSchema) },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});
const confirm = defineEndpoint({
  method: 'post',
  path: '/{id}/payment/confirm',
  tags: adminTags,
  summary: 'Konfirmasi pembayaran (transfer cocok dengan mutasi rekening)',
  policy: ADMIN,
  request: { params: orderId },
  responses: { 200: detail, 404: missing, 409: conflict },
});
const reject = defineEndpoint({
  method: 'post',
  path: '/{id}/payment/reject',
  tags: adminTags,
  summary: 'Tolak bukti transfer dengan alasan',
  policy: ADMIN,
  request: { params: orderId, body: jsonBody(paymentRejectSchema) },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags: adminTags,
  summary: 'Hapus pesanan beserta bukti transfernya',
  policy: ADMIN,
  request: { params: orderId },
  responses: { 204: { description: 'Terhapus' }, 404: missing },
});

export const orderRoutes = createRouter()
  /**
   * Creates an order priced from D1, shipping fee included; the body names products,
   * quantities, the address and a shipping service only.
   * A repeated Idempotency-Key answers with the order it already created.
   */
  .openapi(place, async (c) => {
    const { order, replayed } = await placeOrder(getDb(c.env.DB), c.env, {
      userId: c.get('auth')?.userId as string,
      key: c.req.valid('header')['idempotency-key'],
      body: c.req.valid('json'),
      clientIp: clientIp(c.req.raw),
    });
    if (replayed) return c.json(order, 200);
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(order, 201);
  })

  /** The signed-in customer's latest orders; the user id comes from the session only. */
  .openapi(mine, async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json({ items: await latestOrdersOf(getDb(c.env.DB), userId, RECENT_ORDERS) }, 200);
  })

  /** The account page's list: all the customer's orders, a page at a time (keyset). */
  .openapi(myOrders, async (c) => {
    const userId = c.get('auth')?.userId as string;
    const { cursor } = c.req.valid('query');
    return c.json(await ordersOfUser(getDb(c.env.DB), userId, cursor, MY_ORDERS_PAGE_SIZE), 200);
  })

  /** The order page: owner or admin. */
  .openapi(read, async (c) => {
    const { order } = await visibleOrder(c);
    return c.json(await detailOf(getDb(c.env.DB), order.id, c.env), 200);
  })

  /**
   * The customer cancels an order that waits for payment. While a receipt waits for review the
   * shopper has paid: the cancel needs `confirmPaid` (the page warns first), tells the shop and
   * lists the order for a refund (decision 023).
   */
  .openapi(cancel, async (c) => {
    const state = await visibleOrder(c);
    if (state.order.status !== 'pending') {
      throw new AppError(409, 'invalid_transition', 'Hanya pesanan yang belum dibayar yang dapat dibatalkan');
    }
    const { reason, confirmPaid } = c.req.valid('json');
    if (state.open?.status === 'submitted' && !confirmPaid) {
      throw new AppError(409, 'receipt_under_review', RECEIPT_UNDER_REVIEW);
    }
    const db = getDb(c.env.DB);
    const { notificationEmail } = await readPaymentSettings(db);
    await cancelOrder(db, c.env, state, actorOf(c), { reason: reason ?? null, shopEmail: notificationEmail });
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /**
   * 'Pesanan Diterima': the owner confirms a shipped order arrived (issue 29). Pressing again
   * after it is delivered answers the order as it is; the Cron's closing is for those who never press.
   */
  .openapi(received, async (c) => {
    const state = await visibleOrder(c);
    // Only the buyer knows the parcel arrived: an admin uses the dropdown.
    if (state.order.userId !== c.get('auth')?.userId) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
    const db = getDb(c.env.DB);
    if (state.order.status !== 'delivered') {
      if (state.order.status !== 'shipped') {
        throw new AppError(
          409,
          'invalid_transition',
          'Hanya pesanan yang sedang dikirim yang dapat dikonfirmasi diterima',
        );
      }
      try {
        await confirmDelivery(db, c.env, state, actorOf(c));
      } catch (err) {
        // A twin press (another tab) came first: the order is delivered all the same.
        const now = await loadOrderState(db, state.order.id);
        if (now?.order.status !== 'delivered') throw err;
      }
      drainOutboxSoon(c.env, c.executionCtx);
    }
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /** The transfer receipt: an image checked by its bytes, kept private in R2. */
  .openapi(uploadReceipt, async (c) => {
    const state = await visibleOrder(c);
    const refusal = receiptRefusal(state, new Date());
    if (refusal) throw new AppError(409, 'receipt_not_accepted', refusal);
    const db = getDb(c.env.DB);
    // The admin turned the manual transfer off: the order page no longer offers it, nor does this.
    if (!(await paymentOptions(db, c.env)).manual_transfer) {
      throw new AppError(409, 'manual_transfer_off', MANUAL_TRANSFER_OFF);
    }
    const { bytes, type } = await readImageUpload(c, MAX_RECEIPT_BYTES);
    const key = await putReceipt(c.env.IMAGES, state.order.id, bytes, type);
    try {
      await submitReceipt(db, c.env, state, actorOf(c), key, await readPaymentSettings(db));
    } catch (err) {
      // Nothing refers to the stored file: another upload or a cancel came first.
      await c.env.IMAGES.delete(key);
      throw err;
    }
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 201);
  })

  /** The latest receipt of the order, for its owner and admins only; never cached. */
  .openapi(readReceipt, async (c) => {
    const { order } = await visibleOrder(c);
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
  .openapi(adminList, async (c) => c.json(await listOrders(getDb(c.env.DB), c.req.valid('query')), 200))

  /** 'Menunggu Verifikasi': uploaded receipts the admin has not reviewed, oldest first. */
  .openapi(reviews, async (c) => c.json(await listPaymentReviews(getDb(c.env.DB), c.req.valid('query')), 200))

  /** 'Perlu Refund': paid orders that were cancelled, until the admin marks them refunded. */
  .openapi(refunds, async (c) => c.json(await listRefundsNeeded(getDb(c.env.DB), c.req.valid('query')), 200))

  .openapi(adminRead, async (c) =>
    c.json(await detailOf(getDb(c.env.DB), (await adminOrder(c)).order.id, c.env), 200),
  )

  /** The admin has returned the money of a cancelled paid order. */
  .openapi(refunded, async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await markRefunded(db, state.order.id);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  /** The dropdown: 'shipped' takes the courier and resi; every move writes one timeline row. */
  .openapi(setStatus, async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await changeStatus(db, c.env, state, actorOf(c), c.req.valid('json'));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(confirm, async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    await confirmPayment(db, c.env, state, actorOf(c));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(reject, async (c) => {
    const state = await adminOrder(c);
    const db = getDb(c.env.DB);
    const { reason } = c.req.valid('json');
    await rejectPayment(db, c.env, state, actorOf(c), reason, await readPaymentSettings(db));
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(await detailOf(db, state.order.id, c.env), 200);
  })

  .openapi(remove, async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid('param');
    const receipts = await receiptKeysOf(db, id);
    if (!(await deleteOrder(db, id))) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
    // The rows are gone (payments with the order); their files go after them.
    if (receipts.length > 0) await c.env.IMAGES.delete(receipts);
    return c.body(null, 204);
  });
