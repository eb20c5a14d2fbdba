import { staff } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { drainOutboxSoon } from '../lib/outbox.ts';
import {
  acceptInvite,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  resendInvite,
  revokeInvite,
  setStaffRole,
} from '../services/staff.ts';

/** The owner's staff section and the invitee's acceptance (decision 052). */
export const staffRoutes = createRouter()
  .openapi(defineEndpoint(staff.list), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listStaff(getDb(c.env.DB), page, pageSize), 200);
  })

  .openapi(defineEndpoint(staff.invite), async (c) => {
    const owner = c.get('auth')?.userId as string;
    const invite = await inviteStaff(getDb(c.env.DB), c.env, c.req.valid('json'), owner);
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(invite, 201);
  })

  .openapi(defineEndpoint(staff.revokeInvite), async (c) => {
    const owner = c.get('auth')?.userId as string;
    await revokeInvite(getDb(c.env.DB), owner, c.req.valid('param').id);
    return c.body(null, 204);
  })

  .openapi(defineEndpoint(staff.resendInvite), async (c) => {
    const owner = c.get('auth')?.userId as string;
    const invite = await resendInvite(getDb(c.env.DB), c.env, owner, c.req.valid('param').id);
    drainOutboxSoon(c.env, c.executionCtx);
    return c.json(invite, 201);
  })

  .openapi(defineEndpoint(staff.setRole), async (c) => {
    const owner = c.get('auth')?.userId as string;
    const { role } = c.req.valid('json');
    return c.json(await setStaffRole(getDb(c.env.DB), owner, c.req.valid('param').id, role), 200);
  })

  .openapi(defineEndpoint(staff.disable), async (c) => {
    const owner = c.get('auth')?.userId as string;
    return c.json(await disableStaff(getDb(c.env.DB), owner, c.req.valid('param').id), 200);
  })

  .openapi(defineEndpoint(staff.enable), async (c) => {
    const owner = c.get('auth')?.userId as string;
    return c.json(await enableStaff(getDb(c.env.DB), owner, c.req.valid('param').id), 200);
  })

  .openapi(defineEndpoint(staff.accept), async (c) => {
    const email = await acceptInvite(getDb(c.env.DB), c.env.JWT_SECRET, c.req.valid('json'));
    return c.json({ email }, 201);
  });
