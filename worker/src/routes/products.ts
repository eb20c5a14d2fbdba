import {
  productDetailSchema,
  productInputSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  scentNoteOptionSchema,
} from '@gi/contracts';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from '../api/endpoint.ts';
import { ADMIN, SHARED_READ } from '../api/policy.ts';
import { type Db, getDb } from '../db/client.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  type ProductFields,
  readNotes,
  readProducts,
  readSizes,
  relatedProducts,
  StockChanged,
  skusOfOthers,
  updateProduct,
} from '../services/products.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });

/** Related products under a product page: one row of cards. */
const RELATED_COUNT = 4;

const SKU_TAKEN = 'SKU sudah dipakai produk lain';
const STOCK_CHANGED = 'Stok berubah sejak formulir dibuka';

/**
 * A product write; a SKU another product already has is a 409 naming its fields, and so is a
 * stock changed since the form read it (decision 025).
 */
async function saving<T>(
  db: Db,
  productId: string | undefined,
  fields: ProductFields,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof StockChanged) {
      const errors = Object.fromEntries(
        err.indices.map((index) => [`variants.${index}.stock`, `${STOCK_CHANGED}. Muat ulang formulir.`]),
      );
      throw new AppError(
        409,
        'stock_changed',
        `${STOCK_CHANGED}. Muat ulang formulir untuk melihat stok terkini.`,
        errors,
      );
    }
    if (!isConstraintError(err, 'product_variants.sku')) throw err;
    const taken = await skusOfOthers(db, productId, fields.variants);
    const errors = Object.fromEntries(
      fields.variants.flatMap((variant, index) =>
        variant.sku && taken.has(variant.sku) ? [[`variants.${index}.sku`, SKU_TAKEN]] : [],
      ),
    );
    throw new AppError(409, 'sku_taken', SKU_TAKEN, errors);
  }
}

const tags = ['Produk'];
const product = jsonAnswer(productDetailSchema, 'Produk');
const missing = errorAnswer('Produk tidak ditemukan');
const conflict = errorAnswer('SKU sudah dipakai, atau stok berubah sejak formulir dibuka');
const productList = z.object({ items: z.array(productSchema) });

const list = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Katalog: cari, saring (koleksi, harga, ukuran, aroma) dan urutkan',
  policy: SHARED_READ,
  request: { query: productListQuerySchema },
  responses: { 200: jsonAnswer(productPageSchema(productSchema), 'Satu halaman produk'), 400: invalidAnswer },
});
const sizes = defineEndpoint({
  method: 'get',
  path: '/sizes',
  tags,
  summary: 'Ukuran (ml) yang dijual katalog',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(z.object({ items: z.array(z.number().int()) }), 'Ukuran') },
});
const notes = defineEndpoint({
  method: 'get',
  path: '/notes',
  tags,
  summary: 'Aroma yang bisa dipakai menyaring katalog',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(z.object({ items: z.array(scentNoteOptionSchema) }), 'Aroma') },
});
const related = defineEndpoint({
  method: 'get',
  path: '/{id}/related',
  tags,
  summary: 'Produk terkait di bawah halaman produk',
  policy: SHARED_READ,
  request: { params: idParam },
  responses: { 200: jsonAnswer(productList, 'Produk terkait'), 400: invalidAnswer },
});
const read = defineEndpoint({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'Satu produk dengan foto dan aromanya',
  policy: SHARED_READ,
  request: { params: idParam },
  responses: { 200: product, 400: invalidAnswer, 404: missing },
});
const create = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Tambah produk',
  policy: ADMIN,
  request: { body: jsonBody(productInputSchema) },
  responses: { 201: product, 400: invalidAnswer, 409: conflict },
});
const update = defineEndpoint({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Ubah produk; stok tiap ukuran dengan stok yang dibaca formulir (expected_stock)',
  policy: ADMIN,
  request: { params: idParam, body: jsonBody(productInputSchema) },
  responses: { 200: product, 400: invalidAnswer, 404: missing, 409: conflict },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Hapus produk',
  policy: ADMIN,
  request: { params: idParam },
  responses: { 204: { description: 'Terhapus' }, 404: missing },
});

export const productRoutes = createRouter()
  .openapi(list, async (c) => c.json(await readProducts(getDb(c.env.DB), c.req.valid('query')), 200))
  .openapi(sizes, async (c) => c.json(await readSizes(getDb(c.env.DB)), 200))
  .openapi(notes, async (c) => c.json(await readNotes(getDb(c.env.DB)), 200))

  .openapi(related, async (c) => {
    const items = await relatedProducts(getDb(c.env.DB), c.req.valid('param').id, RELATED_COUNT);
    return c.json({ items }, 200);
  })

  .openapi(read, async (c) => {
    const found = await findProduct(getDb(c.env.DB), c.req.valid('param').id);
    if (!found) throw notFound('Produk tidak ditemukan.');
    return c.json(found, 200);
  })

  .openapi(create, async (c) => {
    const db = getDb(c.env.DB);
    const fields = c.req.valid('json');
    const adminId = c.get('auth')?.userId as string;
    return c.json(await saving(db, undefined, fields, () => insertProduct(db, fields, adminId)), 201);
  })

  .openapi(update, async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid('param');
    const fields = c.req.valid('json');
    const adminId = c.get('auth')?.userId as string;
    const saved = await saving(db, id, fields, () => updateProduct(db, id, fields, adminId));
    if (!saved) throw notFound('Produk tidak ditemukan.');
    return c.json(saved, 200);
  })

  .openapi(remove, async (c) => {
    if (!(await deleteProduct(getDb(c.env.DB), c.req.valid('param').id)))
      throw notFound('Produk tidak ditemukan.');
    return c.body(null, 204);
  });
