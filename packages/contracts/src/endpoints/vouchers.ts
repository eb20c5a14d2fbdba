import { z } from 'zod';
import {
  voucherBulkAnswerSchema,
  voucherBulkSchema,
  voucherCheckAnswerSchema,
  voucherCheckSchema,
  voucherDetailSchema,
  voucherInputSchema,
  voucherListQuerySchema,
  voucherPageSchema,
  voucherPatchSchema,
} from '../schemas/vouchers.ts';
import {
  adminOnly,
  CUSTOMER,
  EXAMPLE_ADDRESS,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

// Vouchers (issue 40, decision 041): the admin's codes, and the checkout's question of what a
// code takes off a cart. Placing an order with a code is POST /api/orders (`voucherCode`).

const tags = ['Voucher'];
const onVoucher = { params: { id: EXAMPLE_IDS.voucher } };
const missing = errorAnswer('Voucher tidak ditemukan');
const taken = errorAnswer('Kode voucher sudah dipakai voucher lain (voucher_code_taken)');
const one = jsonAnswer(voucherDetailSchema, 'Voucher dengan nama targetnya');
const exampleVoucher = {
  code: 'LEBARAN25',
  kind: 'percent',
  value: 25,
  minSpend: 200_000,
  startsAt: '2027-03-20T00:00:00+07:00',
  endsAt: '2027-04-05T23:59:59+07:00',
  usageLimit: 500,
  perCustomerLimit: 1,
  collectionIds: [EXAMPLE_IDS.collection],
  combinesWithSale: false,
};

export const list = endpoint({
  method: 'get',
  path: '/admin/vouchers',
  tags,
  summary: 'Daftar voucher, terbaru lebih dulu, dengan pemakaian, diskon yang diberikan dan penjualannya',
  policy: adminOnly('prices-stock'),
  request: { query: voucherListQuerySchema },
  example: { query: { q: 'HEMAT', page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(voucherPageSchema, 'Satu halaman voucher'), 400: invalidAnswer },
});

export const read = endpoint({
  method: 'get',
  path: '/admin/vouchers/{id}',
  tags,
  summary: 'Satu voucher',
  policy: adminOnly('prices-stock'),
  request: { params: idParam },
  example: onVoucher,
  responses: { 200: one, 400: invalidAnswer, 404: missing },
});

export const create = endpoint({
  method: 'post',
  path: '/admin/vouchers',
  tags,
  summary: 'Buat voucher (persen, potongan rupiah, atau ongkos kirim); waktu dalam WIB, disimpan UTC',
  policy: adminOnly('prices-stock'),
  request: { body: jsonBody(voucherInputSchema) },
  example: { body: exampleVoucher },
  responses: { 201: one, 400: invalidAnswer, 409: taken },
});

export const bulk = endpoint({
  method: 'post',
  path: '/admin/vouchers/bulk',
  tags,
  summary: 'Buat banyak kode sekali pakai (untuk influencer): awalan dan jumlah, paling banyak 500',
  policy: adminOnly('prices-stock'),
  request: { body: jsonBody(voucherBulkSchema) },
  example: { body: { prefix: 'RINA', count: 20, kind: 'fixed', value: 25_000, minSpend: 150_000 } },
  responses: {
    201: jsonAnswer(voucherBulkAnswerSchema, 'Kode yang dibuat, masing-masing sekali pakai'),
    400: invalidAnswer,
  },
});

export const replace = endpoint({
  method: 'put',
  path: '/admin/vouchers/{id}',
  tags,
  summary: 'Ubah seluruh voucher',
  policy: adminOnly('prices-stock'),
  request: { params: idParam, body: jsonBody(voucherInputSchema) },
  example: { ...onVoucher, body: { ...exampleVoucher, code: EXAMPLE_IDS.voucherCode } },
  responses: { 200: one, 400: invalidAnswer, 404: missing, 409: taken },
});

export const update = endpoint({
  method: 'patch',
  path: '/admin/vouchers/{id}',
  tags,
  summary: 'Ubah sebagian voucher (mis. menonaktifkan: active false)',
  policy: adminOnly('prices-stock'),
  request: { params: idParam, body: jsonBody(voucherPatchSchema) },
  example: { ...onVoucher, body: { active: false, endsAt: '2027-04-10T23:59:59+07:00' } },
  responses: { 200: one, 400: invalidAnswer, 404: missing, 409: taken },
});

export const remove = endpoint({
  method: 'delete',
  path: '/admin/vouchers/{id}',
  tags,
  summary: 'Hapus voucher yang belum pernah dipakai; yang sudah dipakai dinonaktifkan',
  policy: adminOnly('prices-stock'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.spareVoucher } },
  responses: {
    200: jsonAnswer(z.object({ deleted: z.boolean() }), 'Terhapus (deleted true) atau dinonaktifkan'),
    400: invalidAnswer,
    404: missing,
  },
});

export const check = endpoint({
  method: 'post',
  path: '/vouchers/check',
  tags,
  summary: 'Potongan yang diberikan kode untuk keranjang ini, dihitung server (harga dan ongkir dari server)',
  policy: CUSTOMER,
  request: { body: jsonBody(voucherCheckSchema) },
  example: {
    body: {
      voucherCode: EXAMPLE_IDS.voucherCode,
      items: [{ productId: EXAMPLE_IDS.product, variantId: EXAMPLE_IDS.variant, quantity: 1 }],
      shipping: {
        districtCode: EXAMPLE_ADDRESS.districtCode,
        postalCode: EXAMPLE_ADDRESS.postalCode,
        shippingServiceId: 'jabodetabek-reguler',
      },
    },
  },
  responses: {
    200: jsonAnswer(voucherCheckAnswerSchema, 'Potongan untuk keranjang ini'),
    400: invalidAnswer,
    409: errorAnswer('Ongkos kirim kurir perlu dihitung ulang (shipping_quote_changed)'),
    422: errorAnswer(
      'Kode tidak berlaku: voucher_not_found, voucher_not_started, voucher_expired, voucher_min_spend, voucher_used_up, voucher_not_applicable (pesan di fields.voucherCode), atau pengiriman tidak tersedia',
    ),
    429: errorAnswer('Terlalu banyak percobaan kode voucher'),
  },
});
