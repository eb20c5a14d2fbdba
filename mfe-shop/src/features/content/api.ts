import type { FaqEntry, Policy, PolicyKind } from '@gi/contracts';
import { apiRequest, apiRequestOrNull, initialAnswer } from '@gi/contracts/client';
import { apiPaths, publicFaqKey, publicPolicyKey } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

export const faqQuery = queryOptions({
  queryKey: publicFaqKey,
  queryFn: async () => (await apiRequest<{ items: FaqEntry[] }>(apiPaths.faq)).items,
  initialData: () => initialAnswer<{ items: FaqEntry[] }>(apiPaths.faq)?.items,
});

/** A policy text, or null while the admin has not written it. */
export function policyQuery(kind: PolicyKind) {
  return queryOptions({
    queryKey: publicPolicyKey(kind),
    queryFn: () => apiRequestOrNull<Policy>(apiPaths.policy(kind)),
    initialData: () => initialAnswer<Policy>(apiPaths.policy(kind)),
  });
}
