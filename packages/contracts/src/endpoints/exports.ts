import {
  importReportSchema,
  orderExportQuerySchema,
  productImportSchema,
  searchExportQuerySchema,
} from '../schemas/exports.ts';
import { adminOnly, endpoint, errorAnswer, invalidAnswer, jsonAnswer, jsonBody } from './define.ts';

// Getting data out and products in (decision 056): CSV files streamed from D1, and the
// product import with its dry run.

const tags = ['Ekspor & impor (admin)'];

/** A CSV file as the answer: UTF-8 with a BOM, a download (`Content-Disposition: attachment`). */
const csvAnswer = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const, format: 'binary' } } },
});

export const orders = endpoint({
  method: 'get',
  path: '/admin/exports/orders.csv',
  tags,
  summary: 'Ekspor pesanan (CSV) dengan filter daftar pesanan: pencarian dan status, terbaru lebih dulu',
  // What the orders list shows its readers.
  policy: adminOnly('orders'),
  request: { query: orderExportQuerySchema },
  example: { query: { q: 'siti', status: 'processing' } },
  responses: { 200: csvAnswer('Satu baris per pesanan'), 400: invalidAnswer },
});

export const products = endpoint({
  method: 'get',
  path: '/admin/exports/products.csv',
  tags,
  summary: 'Ekspor produk (CSV) dengan pencarian daftar produk: satu baris per ukuran',
  // Prices and stock: the owner's and the admins' (decision 052).
  policy: adminOnly('prices-stock'),
  request: { query: searchExportQuerySchema },
  example: { query: { q: 'parfum' } },
  responses: { 200: csvAnswer('Satu baris per ukuran produk'), 400: invalidAnswer },
});

export const customers = endpoint({
  method: 'get',
  path: '/admin/exports/customers.csv',
  tags,
  summary: 'Ekspor pelanggan (CSV) dengan pencarian nama atau email: pesanan, total belanja, persetujuan',
  policy: adminOnly('customers'),
  request: { query: searchExportQuerySchema },
  example: { query: { q: 'siti' } },
  responses: { 200: csvAnswer('Satu baris per pelanggan'), 400: invalidAnswer },
});

const importExample = {
  csv: 'SKU,Nama Produk,Deskripsi,Ukuran (ml),Harga (Rp),Stok,Berat (gram),Foto\r\nUJI-50,Parfum Impor,Aroma uji yang tahan lama.,50,250000,10,270,/images/uji.webp\r\n',
};
const importBody = {
  ...jsonBody(productImportSchema),
  description: 'Isi berkas CSV (paling besar 1 MB, 1.000 baris)',
};
const tooLarge = errorAnswer('Berkas CSV terlalu besar');

/** The Worker sets the body limit (the file's bytes as JSON), not the API's 64 KB. */
export const checkImport = endpoint({
  method: 'post',
  path: '/admin/imports/products/check',
  tags,
  summary: 'Uji coba impor produk dari CSV: kesalahan tiap baris, tanpa menulis apa pun',
  policy: { ...adminOnly('prices-stock'), upload: true },
  request: { body: importBody },
  example: { body: importExample },
  responses: {
    200: jsonAnswer(importReportSchema, 'Tiap baris dengan kesalahannya'),
    400: invalidAnswer,
    413: tooLarge,
  },
});

export const runImport = endpoint({
  method: 'post',
  path: '/admin/imports/products',
  tags,
  summary:
    'Impor produk dari CSV: buat atau ubah menurut SKU; tidak menulis apa pun bila satu baris pun salah',
  policy: { ...adminOnly('prices-stock'), upload: true },
  request: { body: importBody },
  example: { body: importExample },
  responses: {
    200: jsonAnswer(importReportSchema, 'Produk tertulis, tiap produk utuh'),
    400: invalidAnswer,
    409: errorAnswer(
      'SKU dipakai produk lain, atau stok berubah sejak uji coba; produk sebelumnya sudah tertulis',
    ),
    413: tooLarge,
    422: errorAnswer('Ada baris yang salah: tidak ada yang ditulis (fields: kesalahan per baris)'),
  },
});
