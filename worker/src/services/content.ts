import {
  type FaqEntry,
  type FaqInput,
  type Policy,
  type PolicyInput,
  policyKindSchema,
  policyTitles,
} from '@gi/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import { AFTER_A_CHANGE, auditRow } from '../lib/audit.ts';
import { FAQ_CATEGORY, ONE_POLICY_WHERE } from '../lib/content-categories.ts';
import { notFound } from '../lib/errors.ts';

// FAQ entries and policies are customer_service records (product.md §3, §4): of category faq,
// title the question and description the answer; of a policy's kind, its title and text.
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

/**
 * The FAQ, oldest first: the order in which the admin added the entries; rowid orders
 * entries of the same millisecond (the seed writes all of them in one statement).
 */
export async function readFaq(db: Db): Promise<{ items: FaqEntry[] }> {
  const items = await db
    .select(faqColumns)
    .from(customerService)
    .where(eq(customerService.category, FAQ_CATEGORY))
    .orderBy(asc(customerService.createdAt), sql`rowid`);
  return { items };
}

export async function createFaq(db: Db, { question, answer }: FaqInput, actorId: string): Promise<FaqEntry> {
  const id = crypto.randomUUID();
  const [[entry]] = await db.batch([
    db
      .insert(customerService)
      .values({
        id,
        title: question,
        description: answer,
        category: FAQ_CATEGORY,
        priority: 'medium',
        status: 'active',
      })
      .returning(faqColumns),
    auditRow(db, {
      actorId,
      entityType: 'content',
      entityId: id,
      action: 'create',
      after: { question, answer },
    }),
  ]);
  if (!entry) throw new Error('FAQ insert returned no row');
  return entry;
}

/** The entry as it is, or 404 when there is no such entry. */
async function findFaq(db: Db, id: string): Promise<FaqEntry> {
  const entry = await db.select(faqColumns).from(customerService).where(isFaq(id)).get();
  if (!entry) throw notFound();
  return entry;
}

/** The entry as saved; 404 when there is no such entry. */
export async function updateFaq(
  db: Db,
  id: string,
  { question, answer }: FaqInput,
  actorId: string,
): Promise<FaqEntry> {
  const { id: _, ...before } = await findFaq(db, id);
  const [[entry]] = await db.batch([
    db
      .update(customerService)
      .set({ title: question, description: answer, updatedAt: nowIso() })
      .where(isFaq(id))
      .returning(faqColumns),
    auditRow(db, {
      actorId,
      entityType: 'content',
      entityId: id,
      action: 'update',
      before,
      after: { question, answer },
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (!entry) throw notFound();
  return entry;
}

export async function deleteFaq(db: Db, id: string, actorId: string): Promise<void> {
  const { id: _, ...before } = await findFaq(db, id);
  const [deleted] = await db.batch([
    db.delete(customerService).where(isFaq(id)).returning({ id: customerService.id }),
    auditRow(db, {
      actorId,
      entityType: 'content',
      entityId: id,
      action: 'delete',
      before,
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (deleted.length === 0) throw notFound();
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

/**
 * product.md §4: update the category's record, else create it with the fixed title,
 * priority high and status active. One upsert on the one-record-per-policy index,
 * so two saves at once cannot create two records. An unknown kind is a 404.
 */
export async function savePolicy(
  db: Db,
  param: string,
  { content }: PolicyInput,
  actorId: string,
): Promise<Policy> {
  const parsed = policyKindSchema.safeParse(param);
  if (!parsed.success) throw notFound();
  const kind = parsed.data;
  const stored = await readPolicy(db, kind);
  const [[row]] = await db.batch([
    db
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
      .returning(policyColumns),
    auditRow(db, {
      actorId,
      entityType: 'content',
      entityId: kind,
      action: stored ? 'update' : 'create',
      before: stored && { content: stored.content },
      after: { content },
    }),
  ]);
  return { kind, ...(row as Omit<Policy, 'kind'>) };
}
