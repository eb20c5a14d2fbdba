import { sales } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { createSale, deleteSale, listSales, readSale, replaceSale } from '../services/sales.ts';

// Timed sales (issue 40, decision 046): the admin's 'Promo'.
export const saleRoutes = createRouter()
  .openapi(defineEndpoint(sales.list), async (c) =>
    c.json(await listSales(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(sales.read), async (c) =>
    c.json(await readSale(getDb(c.env.DB), c.req.valid('param').id), 200),
  )
  .openapi(defineEndpoint(sales.create), async (c) =>
    c.json(await createSale(getDb(c.env.DB), c.req.valid('json'), c.get('auth')?.userId as string), 201),
  )
  .openapi(defineEndpoint(sales.replace), async (c) =>
    c.json(
      await replaceSale(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(sales.remove), async (c) => {
    await deleteSale(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string);
    return c.body(null, 204);
  });
