import {
  customerServiceInputSchema,
  customerServiceQuerySchema,
  customerServiceRecordSchema,
  seekPageSchema,
} from '@gi/contracts';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
} from '../api/endpoint.ts';
import { ADMIN } from '../api/policy.ts';
import { getDb } from '../db/client.ts';
import {
  createServiceRecord,
  deleteServiceRecord,
  listServiceRecords,
  readServiceRecord,
  updateServiceRecord,
} from '../services/customer-service.ts';

const tags = ['Layanan Pelanggan'];
const recordId = z.object({ id: z.string().max(100) });
const record = jsonAnswer(customerServiceRecordSchema, 'Data layanan pelanggan');
const missing = errorAnswer('Data tidak ditemukan');

const list = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Data layanan pelanggan, terbaru lebih dulu, dengan filter dan pencarian',
  policy: ADMIN,
  request: { query: customerServiceQuerySchema },
  responses: {
    200: jsonAnswer(seekPageSchema(customerServiceRecordSchema), 'Satu halaman data'),
    400: invalidAnswer,
  },
});
const read = defineEndpoint({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'Satu data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId },
  responses: { 200: record, 404: missing },
});
const create = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Tambah data layanan pelanggan',
  policy: ADMIN,
  request: { body: jsonBody(customerServiceInputSchema) },
  responses: { 201: record, 400: invalidAnswer },
});
const update = defineEndpoint({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Ubah data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId, body: jsonBody(customerServiceInputSchema) },
  responses: { 200: record, 400: invalidAnswer, 404: missing },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Hapus data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId },
  responses: { 200: okAnswer, 404: missing },
});

export const customerServiceRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listServiceRecords(getDb(c.env.DB), c.req.valid('query')), 200))
  .openapi(read, async (c) => c.json(await readServiceRecord(getDb(c.env.DB), c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await createServiceRecord(getDb(c.env.DB), c.req.valid('json')), 201))
  .openapi(update, async (c) =>
    c.json(await updateServiceRecord(getDb(c.env.DB), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(remove, async (c) => {
    await deleteServiceRecord(getDb(c.env.DB), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
