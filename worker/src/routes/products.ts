import {
  type Page,
  type Product,
  type ProductListQuery,
  productInputSchema,
  productListQuerySchema,
} from '@gi/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Db, getDb } from '../db/client.ts';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  updateProduct,
} from '../db/queries/products.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });

const notFound = () => new AppError(404, 'not_found', 'Produk tidak ditemukan.');

/** Newest first unless sorted or searched. `limit` (home page) returns the first `limit` rows as page 1. */
export async function readProducts(db: Db, query: ProductListQuery): Promise<Page<Product>> {
  const { q, sort, collection, min, max, page, pageSize, limit } = query;
  const size = limit ?? pageSize;
  const current = limit ? 1 : page;
  const { items, total } = await listProducts(db, {
    q,
    sort,
    collection,
    min,
    max,
    offset: (current - 1) * size,
    limit: size,
  });
  return { items, total, page: current, pageSize: size };
}

export const productRoutes = new Hono<AppEnv>()
  .get('/', validate('query', productListQuerySchema), async (c) =>
    c.json(await readProducts(getDb(c.env.DB), c.req.valid('query'))),
  )

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
