import type { PolicyKind } from '@gi/contracts';
import { api, initialApiAnswer } from '@gi/contracts/api';
import { orNull } from '@gi/contracts/client';
import { publicFaqKey, publicPolicyKey } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';

export const faqQuery = queryOptions({
  queryKey: publicFaqKey,
  queryFn: async () => (await api('GET /content/faq')).items,
  initialData: () => initialApiAnswer('GET /content/faq')?.items,
});

/** A policy text, or null while the admin has not written it. */
export function policyQuery(kind: PolicyKind) {
  return queryOptions({
    queryKey: publicPolicyKey(kind),
    queryFn: () => orNull(api('GET /content/policies/{kind}', { params: { kind } })),
    initialData: () => initialApiAnswer('GET /content/policies/{kind}', { params: { kind } }),
  });
}
