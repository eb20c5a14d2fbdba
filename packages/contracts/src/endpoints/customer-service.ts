import { z } from 'zod';
import { seekPageSchema } from '../schemas/catalog.ts';
import {
  customerServiceInputSchema,
  customerServiceQuerySchema,
  customerServiceRecordSchema,
} from '../schemas/content.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
} from './define.ts';

const serviceExample = {
  title: 'Botol bocor',
  description: 'Tutup botol retak.',
  category: 'general',
  priority: 'medium',
  status: 'active',
  file_url: null,
};

const tags = ['Layanan Pelanggan'];
const recordId = z.object({ id: z.string().max(100) });
const record = jsonAnswer(customerServiceRecordSchema, 'Data layanan pelanggan');
const missing = errorAnswer('Data tidak ditemukan');

export const list = endpoint({
  method: 'get',
  path: '/admin/customer-service',
  tags,
  summary: 'Data layanan pelanggan, terbaru lebih dulu, dengan filter dan pencarian',
  policy: adminOnly('orders'),
  request: { query: customerServiceQuerySchema },
  example: {
    query: {
      q: 'parfum',
      page: '1',
      pageSize: '10',
      status: 'active',
      category: 'general',
      priority: 'medium',
    },
  },
  responses: {
    200: jsonAnswer(seekPageSchema(customerServiceRecordSchema), 'Satu halaman data'),
    400: invalidAnswer,
  },
});

export const read = endpoint({
  method: 'get',
  path: '/admin/customer-service/{id}',
  tags,
  summary: 'Satu data layanan pelanggan',
  policy: adminOnly('orders'),
  request: { params: recordId },
  example: { params: { id: EXAMPLE_IDS.service } },
  responses: { 200: record, 404: missing },
});

export const create = endpoint({
  method: 'post',
  path: '/admin/customer-service',
  tags,
  summary: 'Tambah data layanan pelanggan',
  policy: adminOnly('orders'),
  request: { body: jsonBody(customerServiceInputSchema) },
  example: { body: serviceExample },
  responses: { 201: record, 400: invalidAnswer },
});

export const update = endpoint({
  method: 'put',
  path: '/admin/customer-service/{id}',
  tags,
  summary: 'Ubah data layanan pelanggan',
  policy: adminOnly('orders'),
  request: { params: recordId, body: jsonBody(customerServiceInputSchema) },
  example: { params: { id: EXAMPLE_IDS.service }, body: serviceExample },
  responses: { 200: record, 400: invalidAnswer, 404: missing },
});

export const remove = endpoint({
  method: 'delete',
  path: '/admin/customer-service/{id}',
  tags,
  summary: 'Hapus data layanan pelanggan',
  policy: adminOnly('orders'),
  request: { params: recordId },
  example: { params: { id: EXAMPLE_IDS.spareService } },
  responses: { 200: okAnswer, 404: missing },
});
