import { contact } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { clientIp } from '../lib/client-ip.ts';
import { policies, take } from '../lib/throttle.ts';
import { saveContactMessage } from '../services/customer-service.ts';

/** The public contact form (product.md §2): each message becomes a customer-service record. */
export const contactRoutes = createRouter().openapi(defineEndpoint(contact.send), async (c) => {
  await take(c.env.DB, [{ policy: policies.contactClient, subject: clientIp(c.req.raw) }]);
  await saveContactMessage(getDb(c.env.DB), c.req.valid('json'));
  return c.json({ ok: true as const }, 201);
});
