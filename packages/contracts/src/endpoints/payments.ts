// Payment through a gateway (docs/decisions/026-payment-gateway.md).
import { z } from 'zod';
import {
  checkoutPaymentOptionsSchema,
  gatewayHistorySchema,
  gatewayPaymentSchema,
  gatewaySettingsAnswerSchema,
  gatewaySettingsSchema,
} from '../schemas/gateway.ts';
import { ORDER_NOT_FOUND, orderDetailSchema, orderIdParamsSchema } from '../schemas/orders.ts';
import {
  adminOnly,
  CUSTOMER,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  OWNER,
} from './define.ts';

const unavailable = errorAnswer('Layanan pembayaran tidak dapat dihubungi');
const settings = jsonAnswer(gatewaySettingsAnswerSchema, 'Kanal pembayaran yang ditawarkan');

export const checkoutOptions = endpoint({
  method: 'get',
  path: '/payment-options',
  tags: ['Pesanan'],
  summary: 'Cara pembayaran yang ditawarkan di checkout, dan pilihan terakhir pelanggan',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(checkoutPaymentOptionsSchema, 'Kanal pembayaran dan pilihan terakhir') },
});

export const chooseMethod = endpoint({
  method: 'post',
  path: '/orders/{id}/payment-method',
  tags: ['Pesanan'],
  summary: 'Pilih cara membayar pesanan yang belum dibayar (QRIS, VA, e-wallet, kartu, atau transfer)',
  policy: OWNER,
  request: { params: orderIdParamsSchema, body: jsonBody(gatewayPaymentSchema) },
  example: { params: { id: EXAMPLE_IDS.order }, body: { channel: 'other_qris' } },
  responses: {
    200: jsonAnswer(orderDetailSchema, 'Pesanan dengan cara bayar yang dipilih'),
    400: invalidAnswer,
    404: errorAnswer(ORDER_NOT_FOUND),
    409: errorAnswer('Pesanan tidak menunggu pembayaran atau kanal tidak tersedia'),
    429: errorAnswer('Terlalu sering mengganti cara pembayaran untuk pesanan ini (10 per jam)'),
    503: unavailable,
  },
});

/**
 * The gateway's notification, server to server (no session, no Origin): its handler checks the
 * signature. Its body limit is the Worker's.
 */
export const notification = endpoint({
  method: 'post',
  path: '/payments/midtrans/notification',
  tags: ['Pembayaran'],
  summary: 'Notifikasi Midtrans (server ke server, ditandatangani; dicek lagi ke API status)',
  policy: { access: 'webhook', cache: 'private', d1: 'primary' },
  example: {
    body: {
      order_id: EXAMPLE_IDS.order,
      status_code: '200',
      gross_amount: '250000.00',
      transaction_status: 'settlement',
      signature_key:
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    },
  },
  responses: {
    200: jsonAnswer(
      z.object({ ok: z.literal(true), result: z.string() }),
      'Tercatat (atau tidak ada yang perlu diubah)',
    ),
    401: errorAnswer('Tanda tangan tidak valid'),
    404: errorAnswer('Gateway tidak aktif'),
    413: errorAnswer('Data terlalu besar'),
    503: unavailable,
  },
});

export const gatewayHistory = endpoint({
  method: 'get',
  path: '/admin/orders/{id}/gateway',
  tags: ['Pesanan (admin)'],
  summary: 'Riwayat gateway pesanan dan tandanya',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: {
    200: jsonAnswer(gatewayHistorySchema, 'Riwayat'),
    404: errorAnswer(ORDER_NOT_FOUND),
  },
});

export const readSettings = endpoint({
  method: 'get',
  path: '/admin/settings/gateway',
  tags: ['Pengaturan'],
  summary: 'Kanal gateway yang ditawarkan dan transfer manual',
  policy: adminOnly('payment-settings'),
  responses: { 200: settings },
});

export const saveSettings = endpoint({
  method: 'put',
  path: '/admin/settings/gateway',
  tags: ['Pengaturan'],
  summary: 'Simpan kanal gateway dan transfer manual',
  policy: adminOnly('payment-settings'),
  request: { body: jsonBody(gatewaySettingsSchema) },
  example: { body: { channels: ['other_qris', 'bca_va'], manualTransfer: true } },
  responses: { 200: settings, 400: invalidAnswer },
});
