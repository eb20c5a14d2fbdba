import {
  customerDetailSchema,
  customerEraseSchema,
  customerListQuerySchema,
  customerOrdersPageSchema,
  customerOrdersQuerySchema,
  customerPageSchema,
} from '../schemas/customers.ts';
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

// The admin's customers (issue 42, decision 059): the list with each customer's figures, one
// customer's page and orders, and the erasure of a customer's personal data (UU PDP).

const tags = ['Pelanggan'];
const missing = errorAnswer('Pelanggan tidak ditemukan');
const onCustomer = { params: { id: EXAMPLE_IDS.customer } };

export const list = endpoint({
  method: 'get',
  path: '/admin/customers',
  tags,
  summary:
    'Pelanggan, terbaru lebih dulu, dengan jumlah pesanan, total belanja (pesanan dibayar), pesanan terakhir dan persetujuan pemasaran; pencarian nama atau email',
  policy: adminOnly('customers'),
  request: { query: customerListQuerySchema },
  example: { query: { q: 'siti', page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(customerPageSchema, 'Satu halaman pelanggan'), 400: invalidAnswer },
});

export const read = endpoint({
  method: 'get',
  path: '/admin/customers/{id}',
  tags,
  summary: 'Satu pelanggan: profil, angka pesanan dan alamat tersimpan',
  policy: adminOnly('customers'),
  request: { params: idParam },
  example: onCustomer,
  responses: { 200: jsonAnswer(customerDetailSchema, 'Pelanggan'), 400: invalidAnswer, 404: missing },
});

export const orders = endpoint({
  method: 'get',
  path: '/admin/customers/{id}/orders',
  tags,
  summary: 'Pesanan seorang pelanggan, terbaru lebih dulu',
  policy: adminOnly('customers'),
  request: { params: idParam, query: customerOrdersQuerySchema },
  example: { ...onCustomer, query: { page: '1', pageSize: '10' } },
  responses: {
    200: jsonAnswer(customerOrdersPageSchema, 'Satu halaman pesanan'),
    400: invalidAnswer,
    404: missing,
  },
});

export const erase = endpoint({
  method: 'post',
  path: '/admin/customers/{id}/erase',
  tags,
  summary:
    'Hapus data pribadi pelanggan atas permintaannya (UU PDP): akun tidak bisa dipakai lagi, catatan keuangan pesanan tetap; mengulang tidak mengubah apa pun',
  policy: adminOnly('customers'),
  request: { params: idParam, body: jsonBody(customerEraseSchema) },
  example: { params: { id: EXAMPLE_IDS.spareCustomer }, body: { confirm: true } },
  responses: {
    200: jsonAnswer(customerDetailSchema, 'Pelanggan setelah penghapusan'),
    400: invalidAnswer,
    404: missing,
  },
});
