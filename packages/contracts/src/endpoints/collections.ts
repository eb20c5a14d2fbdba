import { z } from 'zod';
import {
  collectionDetailQuerySchema,
  collectionDetailSchema,
  collectionInputSchema,
  collectionSchema,
  listQuerySchema,
  pageSchema,
} from '../schemas/catalog.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  SHARED_READ,
} from './define.ts';

const collectionExample = {
  name: 'Koleksi Uji',
  description: 'Pilihan aroma segar.',
  image: null,
  slug: 'koleksi-uji',
  productIds: [EXAMPLE_IDS.product],
};

const tags = ['Koleksi'];
const collection = jsonAnswer(collectionSchema, 'Koleksi');
const missing = errorAnswer('Koleksi tidak ditemukan');
const slugTaken = errorAnswer('Slug atau nama koleksi sudah dipakai');

export const list = endpoint({
  method: 'get',
  path: '/collections',
  tags,
  summary: 'Koleksi, dengan pencarian',
  policy: SHARED_READ,
  request: { query: listQuerySchema },
  example: { query: { q: 'parfum', page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(pageSchema(collectionSchema), 'Satu halaman koleksi'), 400: invalidAnswer },
});

export const read = endpoint({
  method: 'get',
  path: '/collections/{slug}',
  tags,
  summary: 'Satu koleksi dengan satu halaman produknya',
  policy: SHARED_READ,
  request: { params: z.object({ slug: z.string().min(1).max(80) }), query: collectionDetailQuerySchema },
  example: { params: { slug: EXAMPLE_IDS.collectionSlug }, query: { page: '1' } },
  responses: { 200: jsonAnswer(collectionDetailSchema, 'Koleksi'), 400: invalidAnswer, 404: missing },
});

export const create = endpoint({
  method: 'post',
  path: '/collections',
  tags,
  summary: 'Tambah koleksi',
  policy: adminOnly('catalog'),
  request: { body: jsonBody(collectionInputSchema) },
  example: { body: collectionExample },
  responses: { 201: collection, 400: invalidAnswer, 409: slugTaken },
});

export const update = endpoint({
  method: 'put',
  path: '/collections/{id}',
  tags,
  summary: 'Ubah koleksi; slug tetap kecuali dikirim, agar tautan lama tetap bekerja',
  policy: adminOnly('catalog'),
  request: { params: idParam, body: jsonBody(collectionInputSchema) },
  example: { params: { id: EXAMPLE_IDS.collection }, body: collectionExample },
  responses: { 200: collection, 400: invalidAnswer, 404: missing, 409: slugTaken },
});

export const remove = endpoint({
  method: 'delete',
  path: '/collections/{id}',
  tags,
  summary: 'Hapus koleksi',
  policy: adminOnly('catalog'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.spareCollection } },
  responses: { 204: { description: 'Terhapus' }, 400: invalidAnswer, 404: missing },
});
