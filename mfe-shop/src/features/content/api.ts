import type { FaqEntry, Policy, PolicyKind } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { queryOptions } from '@gi/platform';

export const faqQuery = queryOptions({
  queryKey: ['public', 'faq'] as const,
  queryFn: async () => (await apiRequest<{ items: FaqEntry[] }>('/api/content/faq')).items,
});

/** A policy text, or null while the admin has not written it. */
export function policyQuery(kind: PolicyKind) {
  return queryOptions({
    queryKey: ['public', 'policies', kind] as const,
    queryFn: async (): Promise<Policy | null> => {
      try {
        return await apiRequest<Policy>(`/api/content/policies/${kind}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
