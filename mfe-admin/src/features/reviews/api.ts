import type { ReviewStatus } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

export interface ReviewListParams {
  status: ReviewStatus;
  page: number;
  pageSize: number;
  /** Keyset cursors of the page beside this one ('' for none). */
  after: string;
  before: string;
}

const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (params: ReviewListParams) => [...reviewKeys.all, 'list', params] as const,
};

/** One status's reviews, the latest submitted (or edited) first. */
export const reviewListQuery = (params: ReviewListParams) =>
  queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: () =>
      api('GET /admin/reviews', {
        query: { ...params, after: params.after || undefined, before: params.before || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** Moderated: the lists and the dashboard's pending count. */
function useInvalidateReviews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reviewKeys.all }),
      client.invalidateQueries({ queryKey: adminKeys.stats }),
    ]);
}

export type ModerationStep =
  | { id: string; action: 'publish' }
  | { id: string; action: 'hide'; reason: string }
  | { id: string; action: 'reply'; reply: string | null };

/** Publish, hide with a reason, or reply in public (null takes the reply back). */
export function useModerate() {
  const invalidate = useInvalidateReviews();
  return useAdminMutation({
    mutationFn: (step: ModerationStep) => {
      const params = { id: step.id };
      if (step.action === 'publish') return api('POST /admin/reviews/{id}/publish', { params });
      if (step.action === 'hide')
        return api('POST /admin/reviews/{id}/hide', { params, body: { reason: step.reason } });
      return api('PUT /admin/reviews/{id}/reply', { params, body: { reply: step.reply } });
    },
    refresh: invalidate,
  });
}
