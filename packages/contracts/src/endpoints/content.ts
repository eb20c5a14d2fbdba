import { z } from 'zod';
import {
  faqEntrySchema,
  faqInputSchema,
  faqListSchema,
  policyInputSchema,
  policySchema,
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
  SHARED_READ,
} from './define.ts';

const faqExample = { question: 'Berapa lama pengiriman?', answer: 'Dua sampai lima hari kerja.' };

const tags = ['Konten'];
const faqId = z.object({ id: z.string().max(100) });
// An unknown kind is a page that does not exist (404), not bad input: the handler decides.
const kindParam = z.object({ kind: z.string().max(100) });
const missing = errorAnswer('Data tidak ditemukan');

export const faqList = endpoint({
  method: 'get',
  path: '/content/faq',
  tags,
  summary: 'Pertanyaan umum (FAQ), yang terlama lebih dulu',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(faqListSchema, 'Daftar FAQ') },
});

export const faqCreate = endpoint({
  method: 'post',
  path: '/content/faq',
  tags,
  summary: 'Tambah FAQ',
  policy: adminOnly('content'),
  request: { body: jsonBody(faqInputSchema) },
  example: { body: faqExample },
  responses: { 201: jsonAnswer(faqEntrySchema, 'FAQ baru'), 400: invalidAnswer },
});

export const faqUpdate = endpoint({
  method: 'put',
  path: '/content/faq/{id}',
  tags,
  summary: 'Ubah FAQ',
  policy: adminOnly('content'),
  request: { params: faqId, body: jsonBody(faqInputSchema) },
  example: { params: { id: EXAMPLE_IDS.faq }, body: faqExample },
  responses: { 200: jsonAnswer(faqEntrySchema, 'FAQ yang diubah'), 400: invalidAnswer, 404: missing },
});

export const faqDelete = endpoint({
  method: 'delete',
  path: '/content/faq/{id}',
  tags,
  summary: 'Hapus FAQ',
  policy: adminOnly('content'),
  request: { params: faqId },
  example: { params: { id: EXAMPLE_IDS.spareFaq } },
  responses: { 200: okAnswer, 404: missing },
});

export const policyRead = endpoint({
  method: 'get',
  path: '/content/policies/{kind}',
  tags,
  summary: 'Kebijakan toko (privasi, syarat, pengiriman, pengembalian)',
  policy: SHARED_READ,
  request: { params: kindParam },
  example: { params: { kind: 'privacy-policy' } },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan'), 404: missing },
});

export const policyWrite = endpoint({
  method: 'put',
  path: '/content/policies/{kind}',
  tags,
  summary: 'Simpan kebijakan toko',
  policy: adminOnly('content'),
  request: { params: kindParam, body: jsonBody(policyInputSchema) },
  example: { params: { kind: 'privacy-policy' }, body: { content: 'Kami menjaga data Anda.' } },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan tersimpan'), 400: invalidAnswer, 404: missing },
});
