import {
  type Page,
  type Product,
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

/** A product write; a SKU another product already has is a 409 naming its fields. */
async function saving<T>(
  db: Db,
  productId: string | undefined,
  fields: ProductFields,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
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

export const productRoutes = new Hono<AppEnv>()
  /** Newest first unless sorted or searched. `limit` (home page) returns the first `limit` rows as page 1. */
  .get('/', validate('query', productListQuerySchema), async (c) => {
    const { q, sort, collection, min, max, size: ml, note, page, pageSize, limit } = c.req.valid('query');
    const size = limit ?? pageSize;
    const current = limit ? 1 : page;
    const { items, total } = await listProducts(getDb(c.env.DB), {
      q,
      sort,
      collection,
      min,
      max,
      size: ml,
      note,
      offset: (current - 1) * size,
      limit: size,
    });
    return c.json({ items, total, page: current, pageSize: size } satisfies Page<Product>);
  })

  .get('/sizes', async (c) => c.json({ items: await listSizes(getDb(c.env.DB)) }))
  /** The scent notes the catalogue can be filtered by (?note=<key>). */
  .get('/notes', async (c) => {
    const items = await listScentNotes(getDb(c.env.DB), NOTE_OPTIONS);
    return c.json({ items } satisfies { items: ScentNoteOption[] });
  })

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
    return c.json(await saving(db, undefined, fields, () => insertProduct(db, fields)), 201);
  })

  .put('/:id', requireAdmin, validate('param', idParam), validate('json', productInputSchema), async (c) => {
    const db = getDb(c.env.DB);
    const { id } = c.req.valid('param');
    const fields = c.req.valid('json');
    const product = await saving(db, id, fields, () => updateProduct(db, id, fields));
    if (!product) throw notFound();
    return c.json(product);
  })

  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    if (!(await deleteProduct(getDb(c.env.DB), c.req.valid('param').id))) throw notFound();
    return c.body(null, 204);
  });
