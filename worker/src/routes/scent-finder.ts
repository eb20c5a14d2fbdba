import { scentFinder } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { findScents } from '../services/scent-finder.ts';

/** 'Cari Aroma' (issue 41, decision 044): public, cached at the edge like the catalogue. */
export const scentFinderRoutes = createRouter().openapi(defineEndpoint(scentFinder.find), async (c) =>
  c.json(await findScents(getDb(c.env.DB), c.req.valid('query')), 200),
);
