import type {
  CustomerServiceRecord,
  contactMessageSchema,
  customerServiceInputSchema,
  customerServiceQuerySchema,
  SeekPage,
} from '@gi/contracts';
import { and, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, nowIso } from '../db/client.ts';
import { ftsCount, matchesFts, matchesFtsByRow, walkForMatches } from '../db/queries/text-search.ts';
import { counters, customerService, customerServiceFts } from '../db/schema.ts';
import { AFTER_A_CHANGE, type AuditFields, auditRow } from '../lib/audit.ts';
import { CONTENT_CATEGORIES } from '../lib/content-categories.ts';
import { notFound } from '../lib/errors.ts';
import { type SeekOrder, type SeekPlan, seek, seekNeedsTotal, seekResult } from '../lib/keyset.ts';

type ServiceQuery = z.output<typeof customerServiceQuerySchema>;
type ServiceFields = z.output<typeof customerServiceInputSchema>;
type ContactMessage = z.output<typeof contactMessageSchema>;

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

// FAQ and policy records have their own endpoints; here they neither list nor match.
const isServiceRecord = notInArray(customerService.category, [...CONTENT_CATEGORIES]);

/** One page of the records, newest first, filtered and searched (the admin's list). */
export async function listServiceRecords(
  db: Db,
  query: ServiceQuery,
): Promise<SeekPage<CustomerServiceRecord>> {
  const { q, status, category, priority } = query;
  const filters: SQL[] = [isServiceRecord];
  if (status) filters.push(eq(customerService.status, status));
  if (category) filters.push(eq(customerService.category, category));
  if (priority) filters.push(eq(customerService.priority, priority));

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
  return body;
}

export async function readServiceRecord(db: Db, id: string): Promise<CustomerServiceRecord> {
  const found = await db
    .select(recordColumns)
    .from(customerService)
    .where(and(eq(customerService.id, id), isServiceRecord))
    .get();
  if (!found) throw notFound();
  return found;
}

/** The record's insert; the staff's own records are audited (`createServiceRecord`), a contact message is not. */
function insertRecord(db: Db, id: string, { file_url, ...fields }: ServiceFields) {
  return db
    .insert(customerService)
    .values({ id, ...fields, fileUrl: file_url })
    .returning(recordColumns);
}

/**
 * The record as the audit trail records it (without its id and times), and `trail` for the
 * fields a change sets. A contact-form message's description (its sender's name, address and
 * words) stays out of both: the trail is never edited, so it must not keep what a customer's
 * erasure (UU PDP, services/customers.ts) removes.
 */
async function audited(db: Db, id: string) {
  const found = await db
    .select({ ...recordColumns, contactEmail: customerService.contactEmail })
    .from(customerService)
    .where(and(eq(customerService.id, id), isServiceRecord))
    .get();
  if (!found) throw notFound();
  const { id: _, created_at: _c, updated_at: _u, contactEmail, ...fields } = found;
  const trail = ({ description, ...rest }: AuditFields): AuditFields =>
    contactEmail === null ? { description, ...rest } : rest;
  return { before: trail(fields), trail };
}

export async function createServiceRecord(
  db: Db,
  input: ServiceFields,
  actorId: string,
): Promise<CustomerServiceRecord> {
  const id = crypto.randomUUID();
  const [[created]] = await db.batch([
    insertRecord(db, id, input),
    auditRow(db, { actorId, entityType: 'customer_service', entityId: id, action: 'create', after: input }),
  ]);
  if (!created) throw new Error('customer service insert returned no row');
  return created;
}

/** A message of the public contact form (product.md §2): a general record on the admin's list. */
export async function saveContactMessage(
  db: Db,
  { name, email, subject, message }: ContactMessage,
): Promise<void> {
  await db.insert(customerService).values({
    id: crypto.randomUUID(),
    title: `Pesan kontak: ${subject}`,
    description: `Nama: ${name}\nEmail: ${email}\n\n${message}`,
    category: 'general',
    priority: 'medium',
    status: 'active',
    // Where the admin's reply goes (services/service-replies.ts).
    contactEmail: email,
  });
}

export async function updateServiceRecord(
  db: Db,
  id: string,
  input: ServiceFields,
  actorId: string,
): Promise<CustomerServiceRecord> {
  const { before, trail } = await audited(db, id);
  const { file_url, ...fields } = input;
  const [[updated]] = await db.batch([
    db
      .update(customerService)
      .set({ ...fields, fileUrl: file_url, updatedAt: nowIso() })
      .where(and(eq(customerService.id, id), isServiceRecord))
      .returning(recordColumns),
    auditRow(db, {
      actorId,
      entityType: 'customer_service',
      entityId: id,
      action: 'update',
      before,
      after: trail(input),
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (!updated) throw notFound();
  return updated;
}

export async function deleteServiceRecord(db: Db, id: string, actorId: string): Promise<void> {
  const { before } = await audited(db, id);
  const [deleted] = await db.batch([
    db
      .delete(customerService)
      .where(and(eq(customerService.id, id), isServiceRecord))
      .returning({ id: customerService.id }),
    auditRow(db, {
      actorId,
      entityType: 'customer_service',
      entityId: id,
      action: 'delete',
      before,
      when: AFTER_A_CHANGE,
    }),
  ]);
  if (deleted.length === 0) throw notFound();
}
