import { customerService } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import {
  createServiceRecord,
  deleteServiceRecord,
  listServiceRecords,
  readServiceRecord,
  updateServiceRecord,
} from '../services/customer-service.ts';

export const customerServiceRoutes = createRouter()
  .openapi(defineEndpoint(customerService.list), async (c) =>
    c.json(await listServiceRecords(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(customerService.read), async (c) =>
    c.json(await readServiceRecord(getDb(c.env.DB), c.req.valid('param').id), 200),
  )
  .openapi(defineEndpoint(customerService.create), async (c) =>
    c.json(
      await createServiceRecord(getDb(c.env.DB), c.req.valid('json'), c.get('auth')?.userId as string),
      201,
    ),
  )
  .openapi(defineEndpoint(customerService.update), async (c) =>
    c.json(
      await updateServiceRecord(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(customerService.remove), async (c) => {
    await deleteServiceRecord(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string);
    return c.json({ ok: true as const }, 200);
  });
