import type { FaqEntry, Policy, PolicyKind } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { apiPaths } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

export const faqQuery = queryOptions({
  queryKey: ['public', 'faq'] as const,
  queryFn: async () => (await apiRequest<{ items: FaqEntry[] }>(apiPaths.faq)).items,
});

/** A policy text, or null while the admin has not written it. */
export function policyQuery(kind: PolicyKind) {
  return queryOptions({
    queryKey: ['public', 'policies', kind] as const,
    queryFn: async (): Promise<Policy | null> => {
      try {
        return await apiRequest<Policy>(apiPaths.policy(kind));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
