import { addresses } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../services/addresses.ts';

/** The signed-in customer's address book; every query is bounded to the session's user. */
export const addressRoutes = createRouter()
  .openapi(defineEndpoint(addresses.list), async (c) =>
    c.json({ items: await listAddresses(getDb(c.env.DB), c.get('auth')?.userId as string) }, 200),
  )
  .openapi(defineEndpoint(addresses.create), async (c) =>
    c.json(await createAddress(getDb(c.env.DB), c.get('auth')?.userId as string, c.req.valid('json')), 201),
  )
  .openapi(defineEndpoint(addresses.update), async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(
      await updateAddress(getDb(c.env.DB), userId, c.req.valid('param').id, c.req.valid('json')),
      200,
    );
  })
  .openapi(defineEndpoint(addresses.remove), async (c) => {
    await deleteAddress(getDb(c.env.DB), c.get('auth')?.userId as string, c.req.valid('param').id);
    return c.body(null, 204);
  });
