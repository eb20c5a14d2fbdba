import { vouchers } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { checkVoucher } from '../checkout/vouchers.ts';
import { getDb } from '../db/client.ts';
import { clientIp } from '../lib/client-ip.ts';
import { policies, take } from '../lib/throttle.ts';
import {
  bulkVouchers,
  createVoucher,
  listVouchers,
  readVoucher,
  removeVoucher,
  updateVoucher,
  wholeVoucher,
} from '../services/vouchers.ts';

// Vouchers (issue 40, decision 041): the admin's codes and the checkout's check of one.
export const voucherRoutes = createRouter()
  .openapi(defineEndpoint(vouchers.list), async (c) =>
    c.json(await listVouchers(getDb(c.env.DB), c.req.valid('query')), 200),
  )
  .openapi(defineEndpoint(vouchers.read), async (c) =>
    c.json(await readVoucher(getDb(c.env.DB), c.req.valid('param').id), 200),
  )
  .openapi(defineEndpoint(vouchers.create), async (c) =>
    c.json(await createVoucher(getDb(c.env.DB), c.req.valid('json'), c.get('auth')?.userId as string), 201),
  )
  .openapi(defineEndpoint(vouchers.bulk), async (c) =>
    c.json(
      { codes: await bulkVouchers(getDb(c.env.DB), c.req.valid('json'), c.get('auth')?.userId as string) },
      201,
    ),
  )
  .openapi(defineEndpoint(vouchers.replace), async (c) =>
    c.json(
      await updateVoucher(
        getDb(c.env.DB),
        c.req.valid('param').id,
        wholeVoucher(c.req.valid('json')),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(vouchers.update), async (c) =>
    c.json(
      await updateVoucher(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('auth')?.userId as string,
      ),
      200,
    ),
  )
  .openapi(defineEndpoint(vouchers.remove), async (c) =>
    c.json(
      await removeVoucher(getDb(c.env.DB), c.req.valid('param').id, c.get('auth')?.userId as string),
      200,
    ),
  )
  .openapi(defineEndpoint(vouchers.check), async (c) => {
    const userId = c.get('auth')?.userId as string;
    await take(c.env.DB, [{ policy: policies.voucherCheckUser, subject: userId }]);
    return c.json(
      await checkVoucher(getDb(c.env.DB), c.env, {
        userId,
        body: c.req.valid('json'),
        clientIp: clientIp(c.req.raw),
      }),
      200,
    );
  });
