import type { AuditEntityType } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions } from '@gi/platform';

// 'Log Aktivitas' (decision 054): the staff's changes, read only, a page at a time by cursor.

export interface AuditParams {
  userId: string;
  entityType: AuditEntityType | '';
  entityId: string;
  /** WIB days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  after: string;
  before: string;
  pageSize: 10 | 25 | 50;
}

export const auditQuery = (params: AuditParams) =>
  queryOptions({
    queryKey: ['admin', 'audit', params] as const,
    // A blank field is no filter.
    queryFn: () =>
      api('GET /admin/audit', {
        query: {
          pageSize: params.pageSize,
          userId: params.userId || undefined,
          entityType: params.entityType || undefined,
          entityId: params.entityId || undefined,
          from: params.from || undefined,
          to: params.to || undefined,
          after: params.after || undefined,
          before: params.before || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
