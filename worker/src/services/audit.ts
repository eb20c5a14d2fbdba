import type { AuditEntry, AuditPage, AuditQuery } from '@gi/contracts';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { type SeekOrder, seek, seekResult } from '../lib/keyset.ts';

// The audit trail as the owner reads it (decision 054). Written by lib/audit.ts in each change's
// batch; read here a page at a time by cursor, through one index per filter (migration 0051).

/** Newest first; the id (the rowid) breaks ties of the same millisecond. */
const auditOrder: SeekOrder = {
  createdAt: auditLog.createdAt,
  tie: sql`${auditLog.id}`,
  tieDescending: true,
  parseTie: Number,
};

/** The UTC instant a WIB day starts at, `days` after `date`. */
function wibDayStart(date: string, days = 0): string {
  const start = new Date(`${date}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString();
}

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

/**
 * One page of the trail, newest first, filtered. No total: a count of a filtered record that
 * only grows would read every row it counts, so the page walks by cursor alone.
 */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [];
  if (query.userId) filters.push(eq(auditLog.userId, query.userId));
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.from) filters.push(gte(auditLog.createdAt, wibDayStart(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, wibDayStart(query.to, 1)));
  const paging = { after: query.after, before: query.before, page: 1, pageSize: query.pageSize };
  const plan = seek(auditOrder, paging);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...filters, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const page = seekResult(plan, rows, paging, (row) => `${row.createdAt}~${row.id}`);
  return {
    items: page.rows.map(
      (row): AuditEntry => ({
        id: row.id,
        user_id: row.userId,
        user_name: row.userName,
        user_email: row.userEmail,
        entity_type: row.entityType as AuditEntry['entity_type'],
        entity_id: row.entityId,
        action: row.action,
        before: parse(row.beforeJson),
        after: parse(row.afterJson),
        created_at: row.createdAt,
      }),
    ),
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
  };
}
