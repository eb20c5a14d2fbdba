import {
  faqEntrySchema,
  faqInputSchema,
  faqListSchema,
  policyInputSchema,
  policySchema,
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
import { ADMIN, SHARED_READ } from '../api/policy.ts';
import { getDb } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { createFaq, deleteFaq, readFaq, readPolicy, savePolicy, updateFaq } from '../services/content.ts';

const tags = ['Konten'];
const faqId = z.object({ id: z.string().max(100) });
// An unknown kind is a page that does not exist (404), not bad input: the handler decides.
const kindParam = z.object({ kind: z.string().max(100) });
const missing = errorAnswer('Data tidak ditemukan');

const faqList = defineEndpoint({
  method: 'get',
  path: '/faq',
  tags,
  summary: 'Pertanyaan umum (FAQ), yang terlama lebih dulu',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(faqListSchema, 'Daftar FAQ') },
});

const faqCreate = defineEndpoint({
  method: 'post',
  path: '/faq',
  tags,
  summary: 'Tambah FAQ',
  policy: ADMIN,
  request: { body: jsonBody(faqInputSchema) },
  responses: { 201: jsonAnswer(faqEntrySchema, 'FAQ baru'), 400: invalidAnswer },
});

const faqUpdate = defineEndpoint({
  method: 'put',
  path: '/faq/{id}',
  tags,
  summary: 'Ubah FAQ',
  policy: ADMIN,
  request: { params: faqId, body: jsonBody(faqInputSchema) },
  responses: { 200: jsonAnswer(faqEntrySchema, 'FAQ yang diubah'), 400: invalidAnswer, 404: missing },
});

const faqDelete = defineEndpoint({
  method: 'delete',
  path: '/faq/{id}',
  tags,
  summary: 'Hapus FAQ',
  policy: ADMIN,
  request: { params: faqId },
  responses: { 200: okAnswer, 404: missing },
});

const policyRead = defineEndpoint({
  method: 'get',
  path: '/policies/{kind}',
  tags,
  summary: 'Kebijakan toko (privasi, syarat, pengiriman, pengembalian)',
  policy: SHARED_READ,
  request: { params: kindParam },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan'), 404: missing },
});

const policyWrite = defineEndpoint({
  method: 'put',
  path: '/policies/{kind}',
  tags,
  summary: 'Simpan kebijakan toko',
  policy: ADMIN,
  request: { params: kindParam, body: jsonBody(policyInputSchema) },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan tersimpan'), 400: invalidAnswer, 404: missing },
});

export const contentRoutes = createRouter()
  .openapi(faqList, async (c) => c.json(await readFaq(getDb(c.env.DB)), 200))
  .openapi(faqCreate, async (c) => c.json(await createFaq(getDb(c.env.DB), c.req.valid('json')), 201))
  .openapi(faqUpdate, async (c) =>
    c.json(await updateFaq(getDb(c.env.DB), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(faqDelete, async (c) => {
    await deleteFaq(getDb(c.env.DB), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(policyRead, async (c) => {
    const policy = await readPolicy(getDb(c.env.DB), c.req.valid('param').kind);
    if (!policy) throw notFound();
    return c.json(policy, 200);
  })
  .openapi(policyWrite, async (c) =>
    c.json(await savePolicy(getDb(c.env.DB), c.req.valid('param').kind, c.req.valid('json')), 200),
  );
