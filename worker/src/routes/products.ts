import {
  type Page,
  type Product,
  productInputSchema,
  productListQuerySchema,
  type ScentNoteOption,
} from '@gi/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { getDb } from '../db/client.ts';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  listScentNotes,
  relatedProducts,
  updateProduct,
} from '../db/queries/products.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });

/** Related products under a product page: one row of cards. */
const RELATED_COUNT = 4;
/** Notes offered by the catalogue's filter. */
const NOTE_OPTIONS = 200;

const notFound = () => new AppError(404, 'not_found', 'Produk tidak ditemukan.');

export const productRoutes = new Hono<AppEnv>()
  /** Newest first unless sorted or searched. `limit` (home page) returns the first `limit` rows as page 1. */
  .get('/', validate('query', productListQuerySchema), async (c) => {
    const { q, sort, collection, min, max, note, page, pageSize, limit } = c.req.valid('query');
    const size = limit ?? pageSize;
    const current = limit ? 1 : page;
    const { items, total } = await listProducts(getDb(c.env.DB), {
      q,
      sort,
      collection,
      min,
      max,
      note,
      offset: (current - 1) * size,
      limit: size,
    });
    return c.json({ items, total, page: current, pageSize: size } satisfies Page<Product>);
  })

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
    return c.json(await insertProduct(getDb(c.env.DB), c.req.valid('json')), 201);
  })

  .put('/:id', requireAdmin, validate('param', idParam), validate('json', productInputSchema), async (c) => {
    const product = await updateProduct(getDb(c.env.DB), c.req.valid('param').id, c.req.valid('json'));
    if (!product) throw notFound();
    return c.json(product);
  })

  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    if (!(await deleteProduct(getDb(c.env.DB), c.req.valid('param').id))) throw notFound();
    return c.body(null, 204);
  });
