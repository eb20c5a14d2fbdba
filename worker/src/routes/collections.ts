import {
  collectionDetailQuerySchema,
  collectionDetailSchema,
  collectionInputSchema,
  collectionSchema,
  listQuerySchema,
  pageSchema,
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

const idParam = z.object({ id: z.string().min(1).max(64) });
const slugParam = z.object({ slug: z.string().min(1).max(80) });

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

const tags = ['Koleksi'];
const collection = jsonAnswer(collectionSchema, 'Koleksi');
const missing = errorAnswer('Koleksi tidak ditemukan');
const slugTaken = errorAnswer('Slug atau nama koleksi sudah dipakai');

const list = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Koleksi, dengan pencarian',
  policy: SHARED_READ,
  request: { query: listQuerySchema },
  responses: { 200: jsonAnswer(pageSchema(collectionSchema), 'Satu halaman koleksi'), 400: invalidAnswer },
});
const read = defineEndpoint({
  method: 'get',
  path: '/{slug}',
  tags,
  summary: 'Satu koleksi dengan satu halaman produknya',
  policy: SHARED_READ,
  request: { params: slugParam, query: collectionDetailQuerySchema },
  responses: { 200: jsonAnswer(collectionDetailSchema, 'Koleksi'), 400: invalidAnswer, 404: missing },
});
const create = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Tambah koleksi',
  policy: ADMIN,
  request: { body: jsonBody(collectionInputSchema) },
  responses: { 201: collection, 400: invalidAnswer, 409: slugTaken },
});
const update = defineEndpoint({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Ubah koleksi; slug tetap kecuali dikirim, agar tautan lama tetap bekerja',
  policy: ADMIN,
  request: { params: idParam, body: jsonBody(collectionInputSchema) },
  responses: { 200: collection, 400: invalidAnswer, 404: missing, 409: slugTaken },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Hapus koleksi',
  policy: ADMIN,
  request: { params: idParam },
  responses: { 204: { description: 'Terhapus' }, 400: invalidAnswer, 404: missing },
});

export const collectionRoutes = createRouter()
  .openapi(list, async (c) => c.json(await readCollections(getDb(c.env.DB), c.req.valid('query')), 200))

  .openapi(read, async (c) => {
    const found = await findCollectionBySlug(
      getDb(c.env.DB),
      c.req.valid('param').slug,
      c.req.valid('query'),
    );
    if (!found) throw notFound('Koleksi tidak ditemukan');
    return c.json(found, 200);
  })

  .openapi(create, async (c) => {
    const { productIds, slug, ...fields } = c.req.valid('json');
    // A name of only symbols slugs to nothing; it still needs an address.
    const finalSlug = slug ?? (slugify(fields.name) || `koleksi-${crypto.randomUUID().slice(0, 8)}`);
    try {
      const created = await insertCollection(
        getDb(c.env.DB),
        { ...fields, slug: finalSlug },
        distinct(productIds) ?? [],
      );
      return c.json(created, 201);
    } catch (err) {
      throw writeError(err, slug !== undefined);
    }
  })

  .openapi(update, async (c) => {
    const { productIds, ...fields } = c.req.valid('json');
    let updated: Awaited<ReturnType<typeof updateCollection>>;
    try {
      updated = await updateCollection(
        getDb(c.env.DB),
        c.req.valid('param').id,
        fields,
        distinct(productIds),
      );
    } catch (err) {
      throw writeError(err, true);
    }
    if (!updated) throw notFound('Koleksi tidak ditemukan');
    return c.json(updated, 200);
  })

  .openapi(remove, async (c) => {
    if (!(await deleteCollection(getDb(c.env.DB), c.req.valid('param').id)))
      throw notFound('Koleksi tidak ditemukan');
    return c.body(null, 204);
  });
