import { favorites } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { addFavorite, mergeFavorites, readFavorites, removeFavorite } from '../services/favorites.ts';

/** 'Favorit' (issue 41, decision 043): the signed-in customer's own list only. */
export const favoriteRoutes = createRouter()
  .openapi(defineEndpoint(favorites.list), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await readFavorites(getDb(c.env.DB), userId, c.req.valid('query')), 200);
  })
  // Before /favorites/{productId}: the router matches in order.
  .openapi(defineEndpoint(favorites.merge), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await mergeFavorites(getDb(c.env.DB), userId, c.req.valid('json').productIds), 200);
  })
  .openapi(defineEndpoint(favorites.add), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await addFavorite(getDb(c.env.DB), userId, c.req.valid('param').productId), 200);
  })
  .openapi(defineEndpoint(favorites.remove), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(await removeFavorite(getDb(c.env.DB), userId, c.req.valid('param').productId), 200);
  });
