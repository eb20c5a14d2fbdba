import { stock } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { listLowStock, listStockChanges } from '../services/stock.ts';
import { writeLowStockThreshold } from '../settings/rows.ts';

/** The dashboard's low-stock list (counted sizes at or below the threshold, lowest first) and each size's stock history. */
export const stockRoutes = createRouter()
  .openapi(defineEndpoint(stock.lowStock), async (c) =>
    c.json(await listLowStock(getDb(c.env.DB), c.req.valid('query')), 200),
  )

  .openapi(defineEndpoint(stock.changes), async (c) =>
    c.json(
      await listStockChanges(getDb(c.env.DB), c.req.valid('param').variantId, c.req.valid('query')),
      200,
    ),
  )

  .openapi(defineEndpoint(stock.setThreshold), async (c) => {
    const input = c.req.valid('json');
    await writeLowStockThreshold(getDb(c.env.DB), input.threshold, c.get('auth')?.userId as string);
    return c.json(input, 200);
  });
