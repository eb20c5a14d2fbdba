import {
  type FaqEntry,
  faqInputSchema,
  type Policy,
  type PolicyKind,
  policyInputSchema,
  policyKindSchema,
  policyTitles,
} from '@gi/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { FAQ_CATEGORY, ONE_POLICY_WHERE } from '../lib/content-categories.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { notFound } from './customer-service.ts';

// FAQ entries are customer_service records of category faq: title is the
// question, description the answer (product.md §3).
const faqColumns = {
  id: customerService.id,
  question: customerService.title,
  answer: customerService.description,
};
const policyColumns = {
  title: customerService.title,
  content: customerService.description,
  updated_at: customerService.updatedAt,
};
const isFaq = (id: string) => and(eq(customerService.id, id), eq(customerService.category, FAQ_CATEGORY));

/** An unknown policy kind is a page that does not exist, not bad input. */
function policyKind(param: string): PolicyKind {
  const parsed = policyKindSchema.safeParse(param);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The FAQ, oldest first: the order in which the admin added the entries; rowid orders
 * entries of the same millisecond (the seed writes all of them in one statement).
 */
export async function readFaq(db: Db): Promise<{ items: FaqEntry[] }> {
  const items: FaqEntry[] = await db
    .select(faqColumns)
    .from(customerService)
    .where(eq(customerService.category, FAQ_CATEGORY))
    .orderBy(asc(customerService.createdAt), sql`rowid`);
  return { items };
}

/** One policy, or null for an unknown kind (a page that does not exist, not bad input) or none written. */
export async function readPolicy(db: Db, param: string): Promise<Policy | null> {
  const kind = policyKindSchema.safeParse(param);
  if (!kind.success) return null;
  const row = await db
    .select(policyColumns)
    .from(customerService)
    .where(eq(customerService.category, kind.data))
    .get();
  return row ? { kind: kind.data, ...row } : null;
}

export const contentRoutes = new Hono<AppEnv>()
  .get('/faq', async (c) => c.json(await readFaq(getDb(c.env.DB))))

  .post('/faq', requireAdmin, validate('json', faqInputSchema), async (c) => {
    const { question, answer } = c.req.valid('json');
    const [entry]: FaqEntry[] = await getDb(c.env.DB)
      .insert(customerService)
      .values({
        id: crypto.randomUUID(),
        title: question,
        description: answer,
        category: FAQ_CATEGORY,
        priority: 'medium',
        status: 'active',
      })
      .returning(faqColumns);
    return c.json(entry, 201);
  })

  .put('/faq/:id', requireAdmin, validate('json', faqInputSchema), async (c) => {
    const { question, answer } = c.req.valid('json');
    const [entry]: FaqEntry[] = await getDb(c.env.DB)
      .update(customerService)
      .set({ title: question, description: answer, updatedAt: nowIso() })
      .where(isFaq(c.req.param('id')))
      .returning(faqColumns);
    if (!entry) throw notFound();
    return c.json(entry);
  })

  .delete('/faq/:id', requireAdmin, async (c) => {
    const deleted = await getDb(c.env.DB)
      .delete(customerService)
      .where(isFaq(c.req.param('id')))
      .returning({ id: customerService.id });
    if (deleted.length === 0) throw notFound();
    return c.json({ ok: true });
  })

  .get('/policies/:kind', async (c) => {
    const policy = await readPolicy(getDb(c.env.DB), c.req.param('kind'));
    if (!policy) throw notFound();
    return c.json(policy);
  })

  /**
   * product.md §4: update the category's record, else create it with the fixed title,
   * priority high and status active. One upsert on the one-record-per-policy index,
   * so two saves at once cannot create two records.
   */
  .put('/policies/:kind', requireAdmin, validate('json', policyInputSchema), async (c) => {
    const kind = policyKind(c.req.param('kind'));
    const { content } = c.req.valid('json');
    const row = await getDb(c.env.DB)
      .insert(customerService)
      .values({
        id: crypto.randomUUID(),
        title: policyTitles[kind],
        description: content,
        category: kind,
        priority: 'high',
        status: 'active',
      })
      .onConflictDoUpdate({
        target: customerService.category,
        targetWhere: sql.raw(ONE_POLICY_WHERE),
        set: { title: policyTitles[kind], description: content, updatedAt: nowIso() },
      })
      .returning(policyColumns)
      .get();
    const policy: Policy = { kind, ...row };
    return c.json(policy);
  });
