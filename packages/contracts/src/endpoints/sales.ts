import { saleInputSchema, saleListQuerySchema, salePageSchema, saleSchema } from '../schemas/sales.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

// Timed sales without a code (issue 40, decision 046): the admin's sales. Their prices show in
// the product answers (`sale_price`, `sale_ends_at` per size) and checkout charges them.

const tags = ['Promo'];
const missing = errorAnswer('Promo tidak ditemukan');
const one = jsonAnswer(saleSchema, 'Promo');
const exampleSale = {
  name: 'Promo 12.12',
  kind: 'percent',
  value: 20,
  startsAt: '2027-12-12T00:00:00+07:00',
  endsAt: '2027-12-12T23:59:00+07:00',
  collectionIds: [EXAMPLE_IDS.collection],
  variantIds: [EXAMPLE_IDS.variant],
};

export const list = endpoint({
  method: 'get',
  path: '/admin/sales',
  tags,
  summary: 'Daftar promo, yang mulai paling akhir lebih dulu',
  policy: adminOnly('prices-stock'),
  request: { query: saleListQuerySchema },
  example: { query: { q: 'Promo', page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(salePageSchema, 'Satu halaman promo'), 400: invalidAnswer },
});

export const read = endpoint({
  method: 'get',
  path: '/admin/sales/{id}',
  tags,
  summary: 'Satu promo',
  policy: adminOnly('prices-stock'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.sale } },
  responses: { 200: one, 400: invalidAnswer, 404: missing },
});

export const create = endpoint({
  method: 'post',
  path: '/admin/sales',
  tags,
  summary: 'Buat promo berwaktu (persen atau potongan rupiah per ukuran); waktu dalam WIB, disimpan UTC',
  policy: adminOnly('prices-stock'),
  request: { body: jsonBody(saleInputSchema) },
  example: { body: exampleSale },
  responses: { 201: one, 400: invalidAnswer },
});

export const replace = endpoint({
  method: 'put',
  path: '/admin/sales/{id}',
  tags,
  summary: 'Ubah seluruh promo',
  policy: adminOnly('prices-stock'),
  request: { params: idParam, body: jsonBody(saleInputSchema) },
  example: { params: { id: EXAMPLE_IDS.sale }, body: { ...exampleSale, value: 25 } },
  responses: { 200: one, 400: invalidAnswer, 404: missing },
});

export const remove = endpoint({
  method: 'delete',
  path: '/admin/sales/{id}',
  tags,
  summary: 'Hapus promo (harga kembali normal saat itu juga)',
  policy: adminOnly('prices-stock'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.spareSale } },
  responses: { 204: { description: 'Terhapus' }, 400: invalidAnswer, 404: missing },
});
