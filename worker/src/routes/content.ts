import {
  type FaqEntry,
  faqEntrySchema,
  faqInputSchema,
  faqListSchema,
  type Policy,
  type PolicyKind,
  policyInputSchema,
  policyKindSchema,
  policySchema,
  policyTitles,
} from '@gi/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
} from '../api/endpoint.ts';
import { ADMIN, SHARED_READ } from '../api/policy.ts';
import { type Db, getDb, nowIso } from '../db/client.ts';
import { customerService } from '../db/schema.ts';
import { FAQ_CATEGORY, ONE_POLICY_WHERE } from '../lib/content-categories.ts';
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

const tags = ['Konten'];
const faqId = z.object({ id: z.string().max(100) });
// An unknown kind is a page that does not exist (404), not bad input: the handler decides.
const kindParam = z.object({ kind: z.string().max(100) });
const missing = errorAnswer('Data tidak ditemukan');

const faqList = defineEndpoint({
  method: 'get',
  path: '/faq',
  tags,
  summary: 'Pertanyaan umum (FAQ), yang terlama lebih dulu',
  policy: SHARED_READ,
  responses: { 200: jsonAnswer(faqListSchema, 'Daftar FAQ') },
});

const faqCreate = defineEndpoint({
  method: 'post',
  path: '/faq',
  tags,
  summary: 'Tambah FAQ',
  policy: ADMIN,
  request: { body: jsonBody(faqInputSchema) },
  responses: { 201: jsonAnswer(faqEntrySchema, 'FAQ baru'), 400: invalidAnswer },
});

const faqUpdate = defineEndpoint({
  method: 'put',
  path: '/faq/{id}',
  tags,
  summary: 'Ubah FAQ',
  policy: ADMIN,
  request: { params: faqId, body: jsonBody(faqInputSchema) },
  responses: { 200: jsonAnswer(faqEntrySchema, 'FAQ yang diubah'), 400: invalidAnswer, 404: missing },
});

const faqDelete = defineEndpoint({
  method: 'delete',
  path: '/faq/{id}',
  tags,
  summary: 'Hapus FAQ',
  policy: ADMIN,
  request: { params: faqId },
  responses: { 200: okAnswer, 404: missing },
});

const policyRead = defineEndpoint({
  method: 'get',
  path: '/policies/{kind}',
  tags,
  summary: 'Kebijakan toko (privasi, syarat, pengiriman, pengembalian)',
  policy: SHARED_READ,
  request: { params: kindParam },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan'), 404: missing },
});

const policyWrite = defineEndpoint({
  method: 'put',
  path: '/policies/{kind}',
  tags,
  summary: 'Simpan kebijakan toko',
  policy: ADMIN,
  request: { params: kindParam, body: jsonBody(policyInputSchema) },
  responses: { 200: jsonAnswer(policySchema, 'Kebijakan tersimpan'), 400: invalidAnswer, 404: missing },
});

export const contentRoutes = createRouter()
  .openapi(faqList, async (c) => c.json(await readFaq(getDb(c.env.DB)), 200))

  .openapi(faqCreate, async (c) => {
    const { question, answer } = c.req.valid('json');
    const [entry] = await getDb(c.env.DB)
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
    if (!entry) throw new Error('FAQ insert returned no row');
    return c.json(entry, 201);
  })

  .openapi(faqUpdate, async (c) => {
    const { question, answer } = c.req.valid('json');
    const [entry] = await getDb(c.env.DB)
      .update(customerService)
      .set({ title: question, description: answer, updatedAt: nowIso() })
      .where(isFaq(c.req.valid('param').id))
      .returning(faqColumns);
    if (!entry) throw notFound();
    return c.json(entry, 200);
  })

  .openapi(faqDelete, async (c) => {
    const deleted = await getDb(c.env.DB)
      .delete(customerService)
      .where(isFaq(c.req.valid('param').id))
      .returning({ id: customerService.id });
    if (deleted.length === 0) throw notFound();
    return c.json({ ok: true as const }, 200);
  })

  .openapi(policyRead, async (c) => {
    const policy = await readPolicy(getDb(c.env.DB), c.req.valid('param').kind);
    if (!policy) throw notFound();
    return c.json(policy, 200);
  })

  /**
   * product.md §4: update the category's record, else create it with the fixed title,
   * priority high and status active. One upsert on the one-record-per-policy index,
   * so two saves at once cannot create two records.
   */
  .openapi(policyWrite, async (c) => {
    const kind = policyKind(c.req.valid('param').kind);
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
    return c.json(policy, 200);
  });
