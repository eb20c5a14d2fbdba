import { contactMessageSchema } from '@gi/contracts';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';

/** Messages one client address may send per window. */
export const CONTACT_LIMIT = 5;
const CONTACT_WINDOW_MS = 10 * 60 * 1000;

/** The public contact form (spec §2): each message becomes a customer-service record. */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', contactMessageSchema),
  async (c) => {
    const { name, email, subject, message } = c.req.valid('json');
    const client = clientIp(c.req.raw);
    const now = new Date();
    const windowStart = new Date(now.getTime() - CONTACT_WINDOW_MS).toISOString();
    const description = `Nama: ${name}\nEmail: ${email}\n\n${message}`;

    // One batch is one transaction: the count and the insert that depends on it
    // cannot interleave with a parallel submission from the same address.
    const [, counted] = await c.env.DB.batch([
      c.env.DB.prepare('DELETE FROM contact_rate_limits WHERE window_start <= ?').bind(windowStart),
      c.env.DB.prepare(
        `INSERT INTO contact_rate_limits (client, hits, window_start) VALUES (?, 1, ?)
       ON CONFLICT (client) DO UPDATE SET hits = hits + 1 RETURNING hits`,
      ).bind(client, now.toISOString()),
      c.env.DB.prepare(
        `INSERT INTO customer_service (id, title, description, category, priority, status)
       SELECT ?, ?, ?, 'general', 'medium', 'active'
       WHERE (SELECT hits FROM contact_rate_limits WHERE client = ?) <= ?`,
      ).bind(crypto.randomUUID(), `Pesan kontak: ${subject}`, description, client, CONTACT_LIMIT),
    ]);
    const hits = (counted?.results[0] as { hits: number } | undefined)?.hits ?? 0;
    if (hits > CONTACT_LIMIT) {
      throw new AppError(429, 'too_many_requests', 'Terlalu banyak pesan. Coba lagi nanti.');
    }
    return c.json({ ok: true }, 201);
  },
);
