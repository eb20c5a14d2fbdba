import { collections } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { isConstraintError } from '../lib/db-errors.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { slugify } from '../lib/slug.ts';
import {
  deleteCollection,
  findCollectionBySlug,
  insertCollection,
  readCollections,
  updateCollection,
} from '../services/collections.ts';

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

export const collectionRoutes = createRouter()
  .openapi(defineEndpoint(collections.list), async (c) =>
    c.json(await readCollections(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  .openapi(defineEndpoint(collections.read), async (c) => {
    const found = await findCollectionBySlug(
      getDb(c.env.DB),
      c.req.valid('param').slug,
      c.req.valid('query'),
    );
    if (!found) throw notFound('Koleksi tidak ditemukan');
    return c.json(found, 200);
  })

  .openapi(defineEndpoint(collections.create), async (c) => {
    const { productIds, slug, ...fields } = c.req.valid('json');
    // A name of only symbols slugs to nothing; it still needs an address.
    const finalSlug = slug ?? (slugify(fields.name) || `koleksi-${crypto.randomUUID().slice(0, 8)}`);
    try {
      const created = await insertCollection(
        getDb(c.env.DB),
        { ...fields, slug: finalSlug },
        distinct(productIds) ?? [],
        c.get('auth')?.userId as string,
      );
      return c.json(created, 201);
    } catch (err) {
      throw writeError(err, slug !== undefined);
    }
  })

  .openapi(defineEndpoint(collections.update), async (c) => {
    const { productIds, ...fields } = c.req.valid('json');
    let updated: Awaited<ReturnType<typeof updateCollection>>;
    try {
      updated = await updateCollection(
        getDb(c.env.DB),
        c.req.valid('param').id,
        fields,
        distinct(productIds),
        c.get('auth')?.userId as string,
      );
    } catch (err) {
      throw writeError(err, true);
    }
    if (!updated) throw notFound('Koleksi tidak ditemukan');
    return c.json(updated, 200);
  })

  .openapi(defineEndpoint(collections.remove), async (c) => {
    if (!(await deleteCollection(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string)))
      throw notFound('Koleksi tidak ditemukan');
    return c.body(null, 204);
  });
