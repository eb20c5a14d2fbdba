import { discoverySets } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { composeSet, readSetComponents } from '../services/discovery-sets.ts';

/** A size's discovery-set contents, read and composed on the admin's size form (decision 061). */
export const discoverySetRoutes = createRouter()
  .openapi(defineEndpoint(discoverySets.components), async (c) => {
    const found = await readSetComponents(getDb(c.env.DB), c.req.valid('param').variantId);
    if (!found) throw notFound('Ukuran tidak ditemukan');
    return c.json(found, 200);
  })

  .openapi(defineEndpoint(discoverySets.compose), async (c) =>
    c.json(
      await composeSet(
        getDb(c.env.DB),
        c.req.valid('param').variantId,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  );
