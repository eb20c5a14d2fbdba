import { contactMessageSchema } from '@gi/contracts';
import { Hono } from 'hono';
import { getDb } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { policies, take } from '../lib/throttle.ts';
import { validate } from '../lib/validate.ts';

/** The public contact form (product.md §2): each message becomes a customer-service record. */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', contactMessageSchema),
  async (c) => {
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
    return c.json({ ok: true }, 201);
  },
);
