import {
  type CustomerServiceRecord,
  customerServiceInputSchema,
  customerServiceQuerySchema,
  type Page,
} from '@gi/contracts';
import { and, count, desc, eq, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { getDb, nowIso } from '../db/client.ts';
import { containsText } from '../db/queries/text-search.ts';
import { customerService } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';
import { AppError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

/** The record as the API answers it (snake_case, like the spec's table). */
const recordColumns = {
  id: customerService.id,
  title: customerService.title,
  description: customerService.description,
  category: customerService.category,
  priority: customerService.priority,
  status: customerService.status,
  file_url: customerService.fileUrl,
  created_at: customerService.createdAt,
  updated_at: customerService.updatedAt,
};

export const notFound = () => new AppError(404, 'not_found', 'Data tidak ditemukan');

// FAQ and policy records have their own endpoints; here they neither list nor match.
const isServiceRecord = notInArray(customerService.category, [...CONTENT_CATEGORIES]);

export const customerServiceRoutes = new Hono<AppEnv>()
  .use(requireAdmin)

  .get('/', validate('query', customerServiceQuerySchema), async (c) => {
    const { q, status, category, priority, page, pageSize } = c.req.valid('query');
    const conditions: SQL[] = [isServiceRecord];
    if (q) {
      const search = or(containsText(customerService.title, q), containsText(customerService.description, q));
      if (search) conditions.push(search);
    }
    if (status) conditions.push(eq(customerService.status, status));
    if (category) conditions.push(eq(customerService.category, category));
    if (priority) conditions.push(eq(customerService.priority, priority));
    const where = and(...conditions);

    const db = getDb(c.env.DB);
    const [totals, items] = await db.batch([
      db.select({ total: count() }).from(customerService).where(where),
      db
        .select(recordColumns)
        .from(customerService)
        .where(where)
        // rowid breaks ties between records created in the same millisecond.
        .orderBy(desc(customerService.createdAt), sql`rowid DESC`)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    ]);
    const body: Page<CustomerServiceRecord> = { items, total: totals[0]?.total ?? 0, page, pageSize };
    return c.json(body);
  })

  .get('/:id', async (c) => {
    const record: CustomerServiceRecord | undefined = await getDb(c.env.DB)
      .select(recordColumns)
      .from(customerService)
      .where(and(eq(customerService.id, c.req.param('id')), isServiceRecord))
      .get();
    if (!record) throw notFound();
    return c.json(record);
  })

  .post('/', validate('json', customerServiceInputSchema), async (c) => {
    const { file_url, ...fields } = c.req.valid('json');
    const [record]: CustomerServiceRecord[] = await getDb(c.env.DB)
      .insert(customerService)
      .values({ id: crypto.randomUUID(), ...fields, fileUrl: file_url })
      .returning(recordColumns);
    return c.json(record, 201);
  })

  .put('/:id', validate('json', customerServiceInputSchema), async (c) => {
    const { file_url, ...fields } = c.req.valid('json');
    const [record]: CustomerServiceRecord[] = await getDb(c.env.DB)
      .update(customerService)
      .set({ ...fields, fileUrl: file_url, updatedAt: nowIso() })
      .where(and(eq(customerService.id, c.req.param('id')), isServiceRecord))
      .returning(recordColumns);
    if (!record) throw notFound();
    return c.json(record);
  })

  .delete('/:id', async (c) => {
    const deleted = await getDb(c.env.DB)
      .delete(customerService)
      .where(and(eq(customerService.id, c.req.param('id')), isServiceRecord))
      .returning({ id: customerService.id });
    if (deleted.length === 0) throw notFound();
    return c.json({ ok: true });
  });
