import { z } from 'zod';
import {
  favoritePageSchema,
  favoriteStateSchema,
  favoritesMergedSchema,
  favoritesMergeSchema,
  favoritesQuerySchema,
} from '../schemas/favorites.ts';
import {
  CUSTOMER,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

// 'Favorit' (issue 41, decision 043): the signed-in customer's favourites. A guest keeps theirs
// in the browser and sends them to `merge` on signing in.

const tags = ['Favorit'];
const productParam = z.object({ productId: z.string().min(1).max(64) });
const state = jsonAnswer(favoriteStateSchema, 'Status favorit produk dan jumlah favorit');

export const list = endpoint({
  method: 'get',
  path: '/favorites',
  tags,
  summary: 'Produk favorit pelanggan dengan harga dan stok terkini, terbaru ditambahkan lebih dulu',
  policy: CUSTOMER,
  request: { query: favoritesQuerySchema },
  example: { query: { page: '1', pageSize: '10' } },
  responses: { 200: jsonAnswer(favoritePageSchema, 'Satu halaman favorit'), 400: invalidAnswer },
});

export const add = endpoint({
  method: 'put',
  path: '/favorites/{productId}',
  tags,
  summary: 'Tambahkan produk ke favorit (tanpa efek bila sudah ada)',
  policy: CUSTOMER,
  request: { params: productParam },
  example: { params: { productId: EXAMPLE_IDS.product } },
  responses: {
    200: state,
    400: invalidAnswer,
    404: errorAnswer('Produk tidak ditemukan'),
    409: errorAnswer('Favorit sudah penuh (favorites_full)'),
  },
});

export const remove = endpoint({
  method: 'delete',
  path: '/favorites/{productId}',
  tags,
  summary: 'Hapus produk dari favorit (tanpa efek bila tidak ada)',
  policy: CUSTOMER,
  request: { params: productParam },
  example: { params: { productId: EXAMPLE_IDS.spareProduct } },
  responses: { 200: state, 400: invalidAnswer },
});

export const merge = endpoint({
  method: 'post',
  path: '/favorites/merge',
  tags,
  summary: 'Gabungkan favorit tamu dari peramban saat masuk',
  description:
    'Urutan peramban (terbaru lebih dulu). Produk yang tidak ada, yang sudah menjadi favorit, dan yang melewati batas 200 diabaikan; mengirim ulang daftar yang sama tidak mengubah apa pun.',
  policy: CUSTOMER,
  request: { body: jsonBody(favoritesMergeSchema) },
  example: { body: { productIds: [EXAMPLE_IDS.product, EXAMPLE_IDS.spareProduct] } },
  responses: {
    200: jsonAnswer(favoritesMergedSchema, 'Jumlah yang ditambahkan dan total favorit'),
    400: invalidAnswer,
  },
});
