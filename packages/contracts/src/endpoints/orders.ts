import { z } from 'zod';
import { listQuerySchema, pageSchema, seekPageSchema } from '../schemas/catalog.ts';
import {
  adminOrderListQuerySchema,
  idempotencyHeaderSchema,
  myOrdersQuerySchema,
  ORDER_NOT_FOUND,
  orderCreateSchema,
  orderCursorPageSchema,
  orderDetailSchema,
  orderIdParamsSchema,
  orderSchema,
  orderStatusUpdateSchema,
  paymentReviewSchema,
} from '../schemas/orders.ts';
import { orderCancelSchema, paymentRejectSchema } from '../schemas/payments.ts';
import {
  adminOnly,
  CUSTOMER,
  EXAMPLE_ADDRESS,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  fileBody,
  imageAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  OWNER,
} from './define.ts';

const tags = ['Pesanan'];
const adminTags = ['Pesanan (admin)'];
const detail = jsonAnswer(orderDetailSchema, 'Pesanan dengan pembayaran dan riwayatnya');
const missing = errorAnswer(ORDER_NOT_FOUND);
const conflict = errorAnswer('Status pesanan tidak mengizinkan langkah ini');
const pageQuery = listQuerySchema.omit({ q: true });

export const place = endpoint({
  method: 'post',
  path: '/orders',
  tags,
  summary: 'Buat pesanan: harga, ongkir dan total dihitung server; Idempotency-Key wajib',
  policy: CUSTOMER,
  request: { headers: idempotencyHeaderSchema, body: jsonBody(orderCreateSchema) },
  example: {
    body: {
      items: [{ productId: EXAMPLE_IDS.product, variantId: EXAMPLE_IDS.variant, quantity: 1 }],
      customer: { ...EXAMPLE_ADDRESS, customerEmail: 'siti@contoh.id' },
      shippingServiceId: 'jabodetabek-kilat',
      paymentChannel: 'other_qris',
    },
  },
  responses: {
    200: jsonAnswer(orderDetailSchema, 'Pesanan yang sudah dibuat dengan kunci yang sama'),
    201: jsonAnswer(
      orderDetailSchema,
      'Pesanan baru dengan pembayarannya: QR, nomor VA atau tautan e-wallet, atau kode unik transfer',
    ),
    400: invalidAnswer,
    403: errorAnswer(
      'Jaringan ini punya terlalu banyak pesanan belum dibayar: verifikasi keamanan diperlukan (challenge_required) atau gagal (challenge_failed)',
    ),
    409: errorAnswer(
      'Stok tidak cukup, ongkos kirim kurir perlu dihitung ulang, terlalu banyak pesanan belum dibayar, atau cara pembayaran tidak tersedia',
    ),
    422: errorAnswer(
      'Pengiriman tidak tersedia, melebihi batas per pesanan, atau kode voucher tidak berlaku (voucher_*, pesan di fields.voucherCode)',
    ),
    429: errorAnswer('Terlalu banyak pesanan'),
    503: errorAnswer(
      'Sedang banyak pesanan menunggu pembayaran, atau layanan pembayaran atau verifikasi keamanan tidak dapat dihubungi',
    ),
  },
});

export const mine = endpoint({
  method: 'get',
  path: '/orders/mine',
  tags,
  summary: '5 pesanan terakhir pelanggan',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(z.object({ items: z.array(orderSchema) }), 'Pesanan terakhir') },
});

export const myOrders = endpoint({
  method: 'get',
  path: '/orders',
  tags,
  summary: 'Semua pesanan pelanggan, terbaru lebih dulu, satu halaman per kursor',
  policy: CUSTOMER,
  request: { query: myOrdersQuerySchema },
  example: { query: { cursor: `2026-03-01T10:00:00.000Z~${EXAMPLE_IDS.order}` } },
  responses: { 200: jsonAnswer(orderCursorPageSchema, 'Satu halaman pesanan'), 400: invalidAnswer },
});

export const read = endpoint({
  method: 'get',
  path: '/orders/{id}',
  tags,
  summary: 'Halaman pesanan (pemilik atau admin)',
  policy: OWNER,
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: detail, 404: missing },
});

export const cancel = endpoint({
  method: 'post',
  path: '/orders/{id}/cancel',
  tags,
  summary: 'Pelanggan membatalkan pesanan yang belum dibayar',
  policy: OWNER,
  request: { params: orderIdParamsSchema, body: jsonBody(orderCancelSchema) },
  example: { params: { id: EXAMPLE_IDS.order }, body: { reason: 'Salah pilih aroma', confirmPaid: true } },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});

export const received = endpoint({
  method: 'post',
  path: '/orders/{id}/received',
  tags,
  summary: "'Pesanan Diterima': pembeli mengonfirmasi pesanan yang dikirim sudah tiba",
  policy: { ...OWNER, access: 'buyer' },
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: detail, 404: missing, 409: conflict },
});

/** Its size limit is the Worker's (`imageUpload(MAX_RECEIPT_BYTES)`), before the body is read. */
export const uploadReceipt = endpoint({
  method: 'post',
  path: '/orders/{id}/receipt',
  tags,
  summary: 'Unggah bukti transfer (gambar, paling besar 5 MB)',
  policy: { ...OWNER, upload: true },
  request: { params: orderIdParamsSchema, body: fileBody },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: {
    201: detail,
    400: errorAnswer('Gambar tidak valid'),
    404: missing,
    409: errorAnswer('Bukti transfer tidak diterima untuk pesanan ini'),
    413: errorAnswer('Gambar terlalu besar'),
    415: errorAnswer('Bukan multipart/form-data'),
  },
});

export const readReceipt = endpoint({
  method: 'get',
  path: '/orders/{id}/receipt',
  tags,
  summary: 'Bukti transfer terakhir (pemilik atau admin)',
  policy: OWNER,
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: {
    200: imageAnswer,
    404: errorAnswer('Bukti transfer tidak ditemukan'),
  },
});

export const adminList = endpoint({
  method: 'get',
  path: '/admin/orders',
  tags: adminTags,
  summary: 'Semua pesanan, terbaru lebih dulu, dengan filter status dan pencarian',
  policy: adminOnly('orders'),
  request: { query: adminOrderListQuerySchema },
  example: { query: { q: 'parfum', page: '1', pageSize: '10', status: 'pending' } },
  responses: { 200: jsonAnswer(seekPageSchema(orderSchema), 'Satu halaman pesanan'), 400: invalidAnswer },
});

export const reviews = endpoint({
  method: 'get',
  path: '/admin/orders/payment-reviews',
  tags: adminTags,
  summary: "'Menunggu Verifikasi': bukti transfer yang belum diperiksa, terlama lebih dulu",
  policy: adminOnly('orders'),
  request: { query: pageQuery },
  example: { query: { page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(pageSchema(paymentReviewSchema), 'Satu halaman'), 400: invalidAnswer },
});

export const refunds = endpoint({
  method: 'get',
  path: '/admin/orders/refunds',
  tags: adminTags,
  summary: "'Perlu Refund': pesanan dibayar yang dibatalkan, sampai ditandai sudah direfund",
  policy: adminOnly('orders'),
  request: { query: pageQuery },
  example: { query: { page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(pageSchema(orderSchema), 'Satu halaman'), 400: invalidAnswer },
});

export const adminRead = endpoint({
  method: 'get',
  path: '/admin/orders/{id}',
  tags: adminTags,
  summary: 'Detail pesanan',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: detail, 404: missing },
});

export const refunded = endpoint({
  method: 'post',
  path: '/admin/orders/{id}/refund',
  tags: adminTags,
  summary: 'Tandai sudah direfund',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: detail, 404: missing, 409: conflict },
});

export const setStatus = endpoint({
  method: 'patch',
  path: '/admin/orders/{id}/status',
  tags: adminTags,
  summary: "Ubah status; 'shipped' membutuhkan kurir dan resi",
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema, body: jsonBody(orderStatusUpdateSchema) },
  example: { params: { id: EXAMPLE_IDS.order }, body: { status: 'processing' } },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});

export const confirm = endpoint({
  method: 'post',
  path: '/admin/orders/{id}/payment/confirm',
  tags: adminTags,
  summary: 'Konfirmasi pembayaran (transfer cocok dengan mutasi rekening)',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: detail, 404: missing, 409: conflict },
});

export const reject = endpoint({
  method: 'post',
  path: '/admin/orders/{id}/payment/reject',
  tags: adminTags,
  summary: 'Tolak bukti transfer dengan alasan',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema, body: jsonBody(paymentRejectSchema) },
  example: { params: { id: EXAMPLE_IDS.order }, body: { reason: 'Nominal transfer tidak sesuai' } },
  responses: { 200: detail, 400: invalidAnswer, 404: missing, 409: conflict },
});

export const remove = endpoint({
  method: 'delete',
  path: '/admin/orders/{id}',
  tags: adminTags,
  summary: 'Hapus pesanan yang belum pernah dibayar beserta bukti transfernya',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.spareOrder } },
  responses: {
    204: { description: 'Terhapus' },
    404: missing,
    409: errorAnswer('Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus'),
  },
});

/** 'Buat Pengiriman' (decision 032): the courier service the order was priced with, booked through the aggregator. */
export const bookShipment = endpoint({
  method: 'post',
  path: '/admin/orders/{id}/shipment',
  tags: adminTags,
  summary:
    "'Buat Pengiriman': pesan kurir lewat agregator untuk pesanan yang sudah dibayar; pesanan menjadi Dikirim dengan resinya",
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: {
    200: jsonAnswer(orderDetailSchema, 'Pengiriman sudah dibuat sebelumnya: pesanan apa adanya'),
    201: jsonAnswer(orderDetailSchema, 'Pengiriman dibuat: pesanan Dikirim dengan kurir dan resinya'),
    404: missing,
    409: errorAnswer(
      'Pesanan belum dibayar, ongkirnya bukan tarif kurir, pengiriman sedang dibuat, atau pengiriman otomatis belum aktif',
    ),
    422: errorAnswer('Layanan kurir menolak pemesanan atau alamat pembeli tidak lengkap'),
    502: errorAnswer('Layanan kurir tidak dapat dihubungi; pesanan tidak berubah'),
  },
});
