import { z } from 'zod';
import {
  bulkShipmentAnswerSchema,
  bulkShipmentInputSchema,
  operationsAnswerSchema,
  serviceReplyInputSchema,
  serviceThreadSchema,
} from '../schemas/operations.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

// Orders with fewer hands and operations (issue 42, decision 058).

/** Bulk 'Buat Pengiriman': each order booked through the single one's path, one result each. */
export const bookShipments = endpoint({
  method: 'post',
  path: '/admin/shipments/bulk',
  tags: ['Pesanan (Admin)'],
  summary:
    "'Buat Pengiriman' untuk beberapa pesanan sekaligus (paling banyak 20): hasil per pesanan, berhasil atau alasannya",
  policy: adminOnly('orders'),
  request: { body: jsonBody(bulkShipmentInputSchema) },
  example: { body: { ids: [EXAMPLE_IDS.order] } },
  responses: {
    200: jsonAnswer(bulkShipmentAnswerSchema, 'Hasil tiap pesanan, dalam urutan yang dikirim'),
    400: invalidAnswer,
  },
});

/** The dashboard's 'Perlu Perhatian': open incidents and automatic bookings that gave up. */
export const overview = endpoint({
  method: 'get',
  path: '/admin/operations',
  tags: ['Operasional'],
  summary: 'Gangguan yang sedang terbuka dan pemesanan kurir otomatis yang gagal',
  policy: adminOnly('orders'),
  responses: { 200: jsonAnswer(operationsAnswerSchema, 'Gangguan terbuka dan pemesanan gagal') },
});

const recordId = z.object({ id: z.string().max(100) });
const thread = jsonAnswer(serviceThreadSchema, 'Alamat pengirim pesan dan balasan admin, terlama lebih dulu');
const missing = errorAnswer('Data tidak ditemukan');

export const serviceThread = endpoint({
  method: 'get',
  path: '/admin/customer-service/{id}/replies',
  tags: ['Layanan Pelanggan'],
  summary: 'Balasan admin untuk satu pesan kontak',
  policy: adminOnly('orders'),
  request: { params: recordId },
  example: { params: { id: EXAMPLE_IDS.service } },
  responses: { 200: thread, 404: missing },
});

export const replyService = endpoint({
  method: 'post',
  path: '/admin/customer-service/{id}/replies',
  tags: ['Layanan Pelanggan'],
  summary: 'Balas pesan kontak: dikirim lewat email ke pengirimnya dan disimpan bersama pesannya',
  policy: adminOnly('orders'),
  request: { params: recordId, body: jsonBody(serviceReplyInputSchema) },
  example: { params: { id: EXAMPLE_IDS.service }, body: { body: 'Terima kasih, stoknya datang Senin.' } },
  responses: {
    201: thread,
    400: invalidAnswer,
    404: missing,
    409: errorAnswer('Data ini bukan pesan dari formulir kontak: tidak ada alamat email untuk dibalas'),
  },
});
