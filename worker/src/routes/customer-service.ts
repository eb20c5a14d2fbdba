import {
  type CustomerServiceRecord,
  customerServiceInputSchema,
  customerServiceQuerySchema,
  customerServiceRecordSchema,
  type SeekPage,
  seekPageSchema,
} from '@gi/contracts';
import { and, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
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
import { ADMIN } from '../api/policy.ts';
import { getDb, nowIso } from '../db/client.ts';
import { type SeekOrder, type SeekPlan, seek, seekNeedsTotal, seekResult } from '../db/queries/keyset.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from '../db/queries/text-search.ts';
import { counters, customerService, customerServiceFts } from '../db/schema.ts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';
import { AppError } from '../lib/errors.ts';

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

/** Newest first; rowid breaks ties between records created in the same millisecond. */
const serviceOrder: SeekOrder = {
  createdAt: customerService.createdAt,
  tie: sql`${customerService}.rowid`,
  tieDescending: true,
  parseTie: Number,
};

export const notFound = () => new AppError(404, 'not_found', 'Data tidak ditemukan');

// FAQ and policy records have their own endpoints; here they neither list nor match.
const isServiceRecord = notInArray(customerService.category, [...CONTENT_CATEGORIES]);

const tags = ['Layanan Pelanggan'];
const recordId = z.object({ id: z.string().max(100) });
const record = jsonAnswer(customerServiceRecordSchema, 'Data layanan pelanggan');
const missing = errorAnswer('Data tidak ditemukan');

const list = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Data layanan pelanggan, terbaru lebih dulu, dengan filter dan pencarian',
  policy: ADMIN,
  request: { query: customerServiceQuerySchema },
  responses: {
    200: jsonAnswer(seekPageSchema(customerServiceRecordSchema), 'Satu halaman data'),
    400: invalidAnswer,
  },
});
const read = defineEndpoint({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'Satu data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId },
  responses: { 200: record, 404: missing },
});
const create = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Tambah data layanan pelanggan',
  policy: ADMIN,
  request: { body: jsonBody(customerServiceInputSchema) },
  responses: { 201: record, 400: invalidAnswer },
});
const update = defineEndpoint({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Ubah data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId, body: jsonBody(customerServiceInputSchema) },
  responses: { 200: record, 400: invalidAnswer, 404: missing },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Hapus data layanan pelanggan',
  policy: ADMIN,
  request: { params: recordId },
  responses: { 200: okAnswer, 404: missing },
});

export const customerServiceRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { q, status, category, priority } = query;
    const filters: SQL[] = [isServiceRecord];
    if (status) filters.push(eq(customerService.status, status));
    if (category) filters.push(eq(customerService.category, category));
    if (priority) filters.push(eq(customerService.priority, priority));

    const db = getDb(c.env.DB);
    // The records the filters leave, from the counters (at most 80 rows, migration 0017).
    const counted = db
      .select({ total: sql<number>`coalesce(sum(${counters.value}), 0)` })
      .from(counters)
      .where(sql`${counters.name} GLOB ${`cs:${status ?? '*'}:${category ?? '*'}:${priority ?? '*'}`}`);
    /** The page of `plan`, read through the list's (…, created_at DESC, …) indexes. */
    const pageOf = (plan: SeekPlan, search: SQL | undefined) =>
      db
        .select({ ...recordColumns, rowid: sql<number>`${customerService}.rowid` })
        .from(customerService)
        .where(and(...filters, search, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
    let total: number;
    let plan: SeekPlan;
    let found: Awaited<ReturnType<typeof pageOf>>;
    if (!q && !seekNeedsTotal(query)) {
      // A first page or a cursor's page does not depend on the total: one round trip.
      plan = seek(serviceOrder, query);
      const [[listed], page] = await db.batch([counted, pageOf(plan, undefined)]);
      total = listed?.total ?? 0;
      found = page;
    } else {
      let rows: number;
      if (!q) {
        rows = total = (await counted)[0]?.total ?? 0;
      } else if (filters.length === 1) {
        // Every match but the FAQ and policy records, which the category index finds among few.
        const [[listed], [all], [content]] = await db.batch([
          counted,
          ftsCount(db, customerServiceFts, q),
          db
            .select({ total: count() })
            .from(customerService)
            .where(
              and(
                inArray(customerService.category, [...CONTENT_CATEGORIES]),
                matchesFtsByRow(customerService, customerServiceFts, q),
              ),
            ),
        ]);
        rows = listed?.total ?? 0;
        total = (all?.total ?? 0) - (content?.total ?? 0);
      } else {
        const [[listed], [matched]] = await db.batch([
          counted,
          db
            .select({ total: count() })
            .from(customerService)
            .where(and(...filters, matchesFts(customerService, customerServiceFts, q))),
        ]);
        rows = listed?.total ?? 0;
        total = matched?.total ?? 0;
      }
      plan = seek(serviceOrder, query, total);
      const search = !q
        ? undefined
        : walkForMatches(total, rows, plan.offset + plan.limit)
          ? matchesFtsByRow(customerService, customerServiceFts, q)
          : matchesFts(customerService, customerServiceFts, q);
      found = plan.limit === 0 || total === 0 ? [] : await pageOf(plan, search);
    }
    const page = seekResult(plan, found, query, (row) => `${row.created_at}~${row.rowid}`);
    const body: SeekPage<CustomerServiceRecord> = {
      items: page.rows.map(({ rowid: _, ...record }) => record),
      total,
      page: query.page,
      pageSize: query.pageSize,
      previousCursor: page.previousCursor,
      nextCursor: page.nextCursor,
    };
    return c.json(body, 200);
  })

  .openapi(read, async (c) => {
    const found = await getDb(c.env.DB)
      .select(recordColumns)
      .from(customerService)
      .where(and(eq(customerService.id, c.req.valid('param').id), isServiceRecord))
      .get();
    if (!found) throw notFound();
    return c.json(found, 200);
  })

  .openapi(create, async (c) => {
    const { file_url, ...fields } = c.req.valid('json');
    const [created] = await getDb(c.env.DB)
      .insert(customerService)
      .values({ id: crypto.randomUUID(), ...fields, fileUrl: file_url })
      .returning(recordColumns);
    if (!created) throw new Error('customer service insert returned no row');
    return c.json(created, 201);
  })

  .openapi(update, async (c) => {
    const { file_url, ...fields } = c.req.valid('json');
    const [updated] = await getDb(c.env.DB)
      .update(customerService)
      .set({ ...fields, fileUrl: file_url, updatedAt: nowIso() })
      .where(and(eq(customerService.id, c.req.valid('param').id), isServiceRecord))
      .returning(recordColumns);
    if (!updated) throw notFound();
    return c.json(updated, 200);
  })

  .openapi(remove, async (c) => {
    const deleted = await getDb(c.env.DB)
      .delete(customerService)
      .where(and(eq(customerService.id, c.req.valid('param').id), isServiceRecord))
      .returning({ id: customerService.id });
    if (deleted.length === 0) throw notFound();
    return c.json({ ok: true as const }, 200);
  });
