import { contactMessageSchema } from '@gi/contracts';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonBody,
  okAnswer,
} from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import { clientIp } from '../lib/client-ip.ts';
import { policies, take } from '../lib/throttle.ts';

const send = defineEndpoint({
  method: 'post',
  path: '/',
  tags: ['Kontak'],
  summary: 'Kirim pesan dari formulir kontak',
  policy: { access: 'public', cache: 'private', d1: 'primary' },
  request: { body: jsonBody(contactMessageSchema) },
  responses: {
    201: okAnswer,
    400: invalidAnswer,
    429: errorAnswer('Terlalu banyak pesan dari alamat ini'),
  },
});

/** The public contact form (product.md §2): each message becomes a customer-service record. */
export const contactRoutes = createRouter().openapi(send, async (c) => {
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
