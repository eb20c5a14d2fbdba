import { customers } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { eraseCustomer, listCustomerOrders, listCustomers, readCustomer } from '../services/customers.ts';

// The admin's customers (issue 42, decision 059): list, page, orders, and the UU PDP erasure.
const MISSING = 'Pelanggan tidak ditemukan';

export const customerRoutes = createRouter()
  .openapi(defineEndpoint(customers.list), async (c) =>
    c.json(await listCustomers(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(customers.read), async (c) => {
    const found = await readCustomer(getDb(c.env.DB), c.req.valid('param').id);
    if (!found) throw notFound(MISSING);
    return c.json(found, 200);
  })
  .openapi(defineEndpoint(customers.orders), async (c) => {
    const page = await listCustomerOrders(getDb(c.env.DB), c.req.valid('param').id, c.req.valid('query'));
    if (!page) throw notFound(MISSING);
    return c.json(page, 200);
  })
  .openapi(defineEndpoint(customers.erase), async (c) => {
    const erased = await eraseCustomer(
      getDb(c.env.DB),
      c.req.valid('param').id,
      c.get('auth')?.userId as string,
    );
    if (!erased) throw notFound(MISSING);
    return c.json(erased, 200);
  });
