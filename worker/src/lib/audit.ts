import type { AuditEntityType } from '@gi/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, profiles } from '../db/schema.ts';

// The audit trail (issue 42, decision 054). A staff change appends `auditRow(...)` to its own
// D1 batch, so the record and the change land together or not at all; nothing updates or
// deletes a row (the triggers of migration 0051 refuse it).

/** Fields of a record as plain JSON values: what changed is found by comparing them. */
export type AuditFields = Record<string, unknown>;

export interface AuditChange {
  /** The signed-in staff member (`c.var.auth.userId`); their name and email are copied from the profile as they are now. */
  actorId: string;
  entityType: AuditEntityType;
  entityId: string;
  /** 'create', 'update', 'delete', or the step taken ('status', 'payment_confirm', 'shipment', 'publish'…). */
  action: string;
  /** The record before the change (null or absent on a create). Only the fields that changed are kept. */
  before?: AuditFields | null | undefined;
  /** The record after the change (null or absent on a delete). */
  after?: AuditFields | null | undefined;
  /**
   * Written only when this holds at its place in the batch, e.g. `AFTER_A_CHANGE` right after a
   * conditional UPDATE or DELETE, so a change that matched no row leaves no record.
   */
  when?: SQL | undefined;
}

/** For the statement right after the change: true when that statement changed a row. */
export const AFTER_A_CHANGE = sql`changes() > 0`;

/**
 * The fields of `before` and `after` that differ (by their JSON), each side holding only those.
 * A create keeps `after` whole, a delete `before` whole.
 */
export function changedFields(
  before: AuditFields | null,
  after: AuditFields | null,
): { before: AuditFields | null; after: AuditFields | null } {
  if (!before || !after) return { before, after };
  const was: AuditFields = {};
  const is: AuditFields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // A field the change leaves out (undefined) keeps its value.
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key];
  }
  return { before: was, after: is };
}

const json = (fields: AuditFields | null) => (fields === null ? null : JSON.stringify(fields));

/**
 * The audit row of one change, as a statement for the change's `db.batch([...])`. The staff
 * member's name and email are read by the statement itself, so they are those of the moment.
 */
export function auditRow(db: Db, change: AuditChange) {
  const { before, after } = changedFields(change.before ?? null, change.after ?? null);
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<null>`NULL`.as('id'),
        userId: profiles.id,
        userName: profiles.name,
        userEmail: profiles.email,
        entityType: sql<string>`${change.entityType}`.as('entity_type'),
        entityId: sql<string>`${change.entityId}`.as('entity_id'),
        action: sql<string>`${change.action}`.as('action'),
        beforeJson: sql<string | null>`${json(before)}`.as('before_json'),
        afterJson: sql<string | null>`${json(after)}`.as('after_json'),
        createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as('created_at'),
      })
      .from(profiles)
      .where(and(eq(profiles.id, change.actorId), change.when)),
  );
}
