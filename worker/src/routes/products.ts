import {
  type Product,
  type ProductListQuery,
  type ProductPage,
  productInputSchema,
  productListQuerySchema,
  type ScentNoteOption,
} from '@gi/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Db, getDb } from '../db/client.ts';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  listScentNotes,
  listSizes,
  type ProductFields,
  relatedProducts,
  StockChanged,
  skusOfOthers,
  updateProduct,
} from '../db/queries/products.ts';
import type { AppEnv } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });

/** Related products under a product page: one row of cards. */
const RELATED_COUNT = 4;
/** Notes offered by the catalogue's filter. */
const NOTE_OPTIONS = 200;

const notFound = () => new AppError(404, 'not_found', 'Produk tidak ditemukan.');

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

/**
 * Newest first unless sorted or searched. `limit` (home page) returns the first `limit` rows as
 * page 1. `after` (a `nextCursor`) reads the next page by keyset; `page` still numbers it, and
 * without a cursor reads it by offset (a link or a reload).
 */
export async function readProducts(db: Db, query: ProductListQuery): Promise<ProductPage<Product>> {
  const { q, sort, collection, min, max, size: ml, note, after, page, pageSize, limit } = query;
  const size = limit ?? pageSize;
  const current = limit ? 1 : page;
  const { items, total, totalCapped, nextCursor } = await listProducts(db, {
    q,
    sort,
    collection,
    min,
    max,
    size: ml,
    note,
    after,
    offset: after ? 0 : (current - 1) * size,
    limit: size,
  });
  return { items, total, totalCapped, page: current, pageSize: size, nextCursor };
}

/** The sizes (ml) the catalogue sells, for its size filter. */
export async function readSizes(db: Db): Promise<{ items: number[] }> {
  return { items: await listSizes(db) };
}

/** The scent notes the catalogue can be filtered by (?note=<key>). */
export async function readNotes(db: Db): Promise<{ items: ScentNoteOption[] }> {
  return { items: await listScentNotes(db, NOTE_OPTIONS) };
}

export const productRoutes = new Hono<AppEnv>()
  .get('/', validate('query', productListQuerySchema), async (c) =>
    c.json(await readProducts(getDb(c.env.DB), c.req.valid('query'))),
  )

  .get('/sizes', async (c) => c.json(await readSizes(getDb(c.env.DB))))

  .get('/notes', async (c) => c.json(await readNotes(getDb(c.env.DB))))

  .get('/:id/related', validate('param', idParam), async (c) => {
    const items = await relatedProducts(getDb(c.env.DB), c.req.valid('param').id, RELATED_COUNT);
    return c.json({ items } satisfies { items: Product[] });
  })

  .get('/:id', validate('param', idParam), async (c) => {
    const product = await findProduct(getDb(c.env.DB), c.req.valid('param').id);
    if (!product) throw notFound();
    return c.json(product);
  })

  .post('/', requireAdmin, validate('json', productInputSchema), async (c) => {
    const db = getDb(c.env.DB);
    const fields = c.req.valid('json');
    const adminId = c.get('auth')?.userId as string;
    return c.json(await saving(db, undefined, fields, () => insertProduct(db, fields, adminId)), 201);
  })

  .put('/:id', requireAdmin, validate('param', idParam), validate('json', productInputSchema), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid('param');
    const fields = c.req.valid('json');
    const adminId = c.get('auth')?.userId as string;
    const product = await saving(db, id, fields, () => updateProduct(db, id, fields, adminId));
    if (!product) throw notFound();
    return c.json(product);
  })

  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    if (!(await deleteProduct(getDb(c.env.DB), c.req.valid('param').id))) throw notFound();
    return c.body(null, 204);
  });
