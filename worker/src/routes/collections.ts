import {
  type Collection,
  collectionDetailQuerySchema,
  collectionInputSchema,
  type ListQuery,
  listQuerySchema,
  type Page,
} from '@gi/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Db, getDb } from '../db/client.ts';
import {
  deleteCollection,
  findCollectionBySlug,
  insertCollection,
  listCollections,
  updateCollection,
} from '../db/queries/collections.ts';
import type { AppEnv } from '../env.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { slugify } from '../lib/slug.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

const idParam = z.object({ id: z.string().min(1).max(64) });
const slugParam = z.object({ slug: z.string().min(1).max(80) });

const notFound = () => new AppError(404, 'not_found', 'Koleksi tidak ditemukan');

/** Turns the constraint failures of a collection write into answers the form can show. */
function writeError(err: unknown, slugGiven: boolean): unknown {
  if (isConstraintError(err, 'UNIQUE constraint failed: collections.slug')) {
    // A generated slug comes from the name, so that is the field to change.
    return slugGiven
      ? new AppError(409, 'slug_taken', 'Slug koleksi sudah dipakai', { slug: 'Slug koleksi sudah dipakai' })
      : new AppError(409, 'slug_taken', 'Koleksi dengan nama ini sudah ada', {
          name: 'Koleksi dengan nama ini sudah ada',
        });
  }
  if (isConstraintError(err, 'FOREIGN KEY constraint failed')) {
    const message = 'Produk yang dipilih tidak ditemukan';
    return new AppError(400, 'unknown_products', message, { productIds: message });
  }
  return err;
}

/** Each product once, in the order first given (the order is the display position). */
const distinct = (ids: string[] | undefined) => (ids ? [...new Set(ids)] : undefined);

export async function readCollections(db: Db, { q, page, pageSize }: ListQuery): Promise<Page<Collection>> {
  const { items, total } = await listCollections(db, { q, offset: (page - 1) * pageSize, limit: pageSize });
  return { items, total, page, pageSize };
}

export const collectionRoutes = new Hono<AppEnv>()
  .get('/', validate('query', listQuerySchema), async (c) =>
    c.json(await readCollections(getDb(c.env.DB), c.req.valid('query'))),
  )

  .get('/:slug', validate('param', slugParam), validate('query', collectionDetailQuerySchema), async (c) => {
    const collection = await findCollectionBySlug(
      getDb(c.env.DB),
      c.req.valid('param').slug,
      c.req.valid('query'),
    );
    if (!collection) throw notFound();
    return c.json(collection);
  })

  .post('/', requireAdmin, validate('json', collectionInputSchema), async (c) => {
    const { productIds, slug, ...fields } = c.req.valid('json');
    // A name of only symbols slugs to nothing; it still needs an address.
    const finalSlug = slug ?? (slugify(fields.name) || `koleksi-${crypto.randomUUID().slice(0, 8)}`);
    try {
      const collection = await insertCollection(
        getDb(c.env.DB),
        { ...fields, slug: finalSlug },
        distinct(productIds) ?? [],
      );
      return c.json(collection, 201);
    } catch (err) {
      throw writeError(err, slug !== undefined);
    }
  })

  /** The slug stays unless one is sent, so shared links keep working after a rename. */
  .put(
    '/:id',
    requireAdmin,
    validate('param', idParam),
    validate('json', collectionInputSchema),
    async (c) => {
      const { productIds, ...fields } = c.req.valid('json');
      let collection: Awaited<ReturnType<typeof updateCollection>>;
      try {
        collection = await updateCollection(
          getDb(c.env.DB),
          c.req.valid('param').id,
          fields,
          distinct(productIds),
        );
      } catch (err) {
        throw writeError(err, true);
      }
      if (!collection) throw notFound();
      return c.json(collection);
    },
  )

  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    if (!(await deleteCollection(getDb(c.env.DB), c.req.valid('param').id))) throw notFound();
    return c.body(null, 204);
  });
