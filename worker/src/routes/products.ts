import { can } from '@gi/contracts';
import { products } from '@gi/contracts/endpoints';
import type { Context } from 'hono';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { type Db, getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import {
  deleteProduct,
  findAdminProduct,
  findProduct,
  insertProduct,
  listEstimatedWeights,
  type ProductFields,
  productsByIds,
  readNotes,
  readProducts,
  readSizes,
  relatedProducts,
  StockChanged,
  skusOfOthers,
  touchesPricesOrStock,
  updateProduct,
} from '../services/products.ts';

/** Related products under a product page: one row of cards. */
const RELATED_COUNT = 4;

const SKU_TAKEN = 'SKU sudah dipakai produk lain';
const STOCK_CHANGED = 'Stok berubah sejak formulir dibuka';
const PRICES_AND_STOCK =
  'Peran Anda tidak boleh mengubah harga atau stok. Simpan perubahan lain tanpa mengubah harga, stok, Kredit Sampel, atau ukuran produk.';

/**
 * The field-level half of the 'catalog' permission (decision 052): a role without 'prices-stock'
 * (the content editor) edits a product's texts and photos, and is refused, with nothing saved, a
 * save that would set a price or a stock.
 */
async function guardPricesAndStock(
  c: Context<AppEnv>,
  db: Db,
  productId: string | undefined,
  fields: ProductFields,
): Promise<void> {
  if (can(c.get('auth')?.role, 'prices-stock')) return;
  if (await touchesPricesOrStock(db, productId, fields)) {
    throw new AppError(403, 'prices_stock_forbidden', PRICES_AND_STOCK);
  }
}

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

export const productRoutes = createRouter()
  .openapi(defineEndpoint(products.list), async (c) =>
    c.json(await readProducts(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(products.sizes), async (c) => c.json(await readSizes(getDb(c.env.DB)), 200))
  .openapi(defineEndpoint(products.notes), async (c) => c.json(await readNotes(getDb(c.env.DB)), 200))

  .openapi(defineEndpoint(products.byIds), async (c) => {
    const items = await productsByIds(getDb(c.env.DB), c.req.valid('query').ids);
    return c.json({ items }, 200);
  })

  .openapi(defineEndpoint(products.related), async (c) => {
    const items = await relatedProducts(getDb(c.env.DB), c.req.valid('param').id, RELATED_COUNT);
    return c.json({ items }, 200);
  })

  .openapi(defineEndpoint(products.read), async (c) => {
    const found = await findProduct(getDb(c.env.DB), c.req.valid('param').id);
    if (!found) throw notFound('Produk tidak ditemukan.');
    return c.json(found, 200);
  })

  .openapi(defineEndpoint(products.estimatedWeights), async (c) =>
    c.json(await listEstimatedWeights(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  .openapi(defineEndpoint(products.adminRead), async (c) => {
    const found = await findAdminProduct(getDb(c.env.DB), c.req.valid('param').id);
    if (!found) throw notFound('Produk tidak ditemukan.');
    return c.json(found, 200);
  })

  .openapi(defineEndpoint(products.create), async (c) => {
    const db = getDb(c.env.DB);
    const fields = c.req.valid('json');
    await guardPricesAndStock(c, db, undefined, fields);
    const adminId = c.get('auth')?.userId as string;
    return c.json(await saving(db, undefined, fields, () => insertProduct(db, fields, adminId)), 201);
  })

  .openapi(defineEndpoint(products.update), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid('param');
    const fields = c.req.valid('json');
    await guardPricesAndStock(c, db, id, fields);
    const adminId = c.get('auth')?.userId as string;
    const saved = await saving(db, id, fields, () => updateProduct(db, c.env, id, fields, adminId));
    if (!saved) throw notFound('Produk tidak ditemukan.');
    // A low-stock alert the save queued leaves now (decision 059).
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(saved, 200);
  })

  .openapi(defineEndpoint(products.remove), async (c) => {
    const adminId = c.get('auth')?.userId as string;
    if (!(await deleteProduct(getDb(c.env.DB), c.req.valid('param').id, adminId)))
      throw notFound('Produk tidak ditemukan.');
    return c.body(null, 204);
  });
