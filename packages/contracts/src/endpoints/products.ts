import { z } from 'zod';
import {
  adminProductDetailSchema,
  estimatedWeightItemSchema,
  listQuerySchema,
  pageSchema,
  productDetailSchema,
  productInputSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  scentNoteOptionSchema,
} from '../schemas/catalog.ts';
import { productsByIdsQuerySchema } from '../schemas/favorites.ts';
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

const productExample = {
  name: 'Parfum Uji',
  description: 'Aroma uji yang tahan lama.',
  image: '/images/uji.webp',
  variants: [
    {
      id: EXAMPLE_IDS.variant,
      weight_grams: 270,
      size_ml: 50,
      price: 250_000,
      stock: 10,
      expected_stock: 10,
      sku: null,
    },
    { weight_grams: 270, size_ml: 100, price: '450.000', stock: '3', sku: null },
  ],
};

const tags = ['Produk'];
const product = jsonAnswer(productDetailSchema, 'Produk');
const adminProduct = jsonAnswer(adminProductDetailSchema, 'Produk dengan berat dan dimensi tiap ukuran');
const missing = errorAnswer('Produk tidak ditemukan');
const conflict = errorAnswer('SKU sudah dipakai, atau stok berubah sejak formulir dibuka');

export const list = endpoint({
  method: 'get',
  path: '/products',
  tags,
  summary: 'Katalog: cari, saring (koleksi, harga, ukuran, aroma, konsentrasi, untuk siapa) dan urutkan',
  policy: SHARED_READ,
  request: { query: productListQuerySchema },
  example: {
    query: {
      q: 'parfum',
      page: '1',
      pageSize: '10',
      limit: '3',
      sort: 'price-asc',
      collection: EXAMPLE_IDS.collectionSlug,
      min: '100000',
      max: '500000',
      size: '50',
      note: 'jeruk',
      concentration: 'EDP',
      gender: 'unisex',
    },
  },
  responses: { 200: jsonAnswer(productPageSchema(productSchema), 'Satu halaman produk'), 400: invalidAnswer },
});

export const sizes = endpoint({
  method: 'get',
  path: '/products/sizes',
  tags,
  summary: 'Ukuran (ml) yang dijual katalog',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(z.object({ items: z.array(z.number().int()) }), 'Ukuran') },
});

export const notes = endpoint({
  method: 'get',
  path: '/products/notes',
  tags,
  summary: 'Aroma yang bisa dipakai menyaring katalog',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(z.object({ items: z.array(scentNoteOptionSchema) }), 'Aroma') },
});

/** A guest's 'Favorit' page: the products of one page of the list kept in the browser (decision 048). */
export const byIds = endpoint({
  method: 'get',
  path: '/products/by-ids',
  tags,
  summary: 'Beberapa produk sekaligus menurut id (maksimal 50), untuk halaman Favorit tamu',
  policy: SHARED_READ,
  request: { query: productsByIdsQuerySchema },
  example: { query: { ids: `${EXAMPLE_IDS.product},${EXAMPLE_IDS.spareProduct}` } },
  responses: {
    200: jsonAnswer(
      z.object({ items: z.array(productSchema) }),
      'Produk yang ada, dalam urutan yang diminta',
    ),
    400: invalidAnswer,
  },
});

export const related = endpoint({
  method: 'get',
  path: '/products/{id}/related',
  tags,
  summary: 'Produk terkait di bawah halaman produk',
  policy: SHARED_READ,
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.product } },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(productSchema) }), 'Produk terkait'),
    400: invalidAnswer,
  },
});

export const read = endpoint({
  method: 'get',
  path: '/products/{id}',
  tags,
  summary: 'Satu produk dengan foto dan aromanya',
  policy: SHARED_READ,
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.product } },
  responses: { 200: product, 400: invalidAnswer, 404: missing },
});

// Before /admin/products/{id}: the router matches in order.
export const estimatedWeights = endpoint({
  method: 'get',
  path: '/admin/products/estimated-weights',
  tags,
  summary: 'Ukuran yang beratnya masih perkiraan (Berat belum diperiksa), per produk',
  policy: adminOnly('catalog'),
  request: { query: listQuerySchema.pick({ page: true, pageSize: true }) },
  example: { query: { page: '1', pageSize: '10' } },
  responses: {
    200: jsonAnswer(pageSchema(estimatedWeightItemSchema), 'Satu halaman ukuran'),
    400: invalidAnswer,
  },
});

export const adminRead = endpoint({
  method: 'get',
  path: '/admin/products/{id}',
  tags,
  summary: 'Satu produk untuk editor admin: dengan berat dan dimensi tiap ukuran',
  policy: adminOnly('catalog'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.product } },
  responses: { 200: adminProduct, 400: invalidAnswer, 404: missing },
});

/** A role without 'prices-stock' (the content editor) saves no price or stock (decision 052). */
const pricesAndStock = errorAnswer('Peran ini tidak boleh mengubah harga atau stok');

export const create = endpoint({
  method: 'post',
  path: '/products',
  tags,
  summary: 'Tambah produk',
  policy: adminOnly('catalog'),
  request: { body: jsonBody(productInputSchema) },
  example: { body: productExample },
  responses: { 201: adminProduct, 400: invalidAnswer, 403: pricesAndStock, 409: conflict },
});

export const update = endpoint({
  method: 'put',
  path: '/products/{id}',
  tags,
  summary: 'Ubah produk; stok tiap ukuran dengan stok yang dibaca formulir (expected_stock)',
  policy: adminOnly('catalog'),
  request: { params: idParam, body: jsonBody(productInputSchema) },
  example: { params: { id: EXAMPLE_IDS.product }, body: productExample },
  responses: { 200: adminProduct, 400: invalidAnswer, 403: pricesAndStock, 404: missing, 409: conflict },
});

export const remove = endpoint({
  method: 'delete',
  path: '/products/{id}',
  tags,
  summary: 'Hapus produk',
  policy: adminOnly('catalog'),
  request: { params: idParam },
  example: { params: { id: EXAMPLE_IDS.spareProduct } },
  responses: { 204: { description: 'Terhapus' }, 404: missing, 409: conflict },
});
