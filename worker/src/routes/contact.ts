import { contact } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import { clientIp } from '../lib/client-ip.ts';
import { policies, take } from '../lib/throttle.ts';

/** The public contact form (product.md §2): each message becomes a customer-service record. */
export const contactRoutes = createRouter().openapi(defineEndpoint(contact.send), async (c) => {
  const { name, email, subject, message } = c.req.valid('json');
  await take(c.env.DB, [{ policy: policies.contactClient, subject: clientIp(c.req.raw) }]);
  await getDb(c.env.DB)
    .insert(customerService)
    .values({
      id: crypto.randomUUID(),
      title: `Pesan kontak: ${subject}`,
      description: `Nama: ${name}\nEmail: ${email}\n\n${message}`,
      category: 'general',
      priority: 'medium',
      status: 'active',
    });
  return c.json({ ok: true as const }, 201);
});
