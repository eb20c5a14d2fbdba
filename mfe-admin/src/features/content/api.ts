import type { FaqEntry, FaqInput, Policy, PolicyKind } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { publicFaqKey, publicPolicyKey } from '@gi/contracts/web';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';

const contentKeys = {
  faq: ['admin', 'faq'] as const,
  policy: (kind: PolicyKind) => ['admin', 'policies', kind] as const,
};

/** GET /api/content/faq: every entry, in the order they were added. */
export const faqQuery = queryOptions({
  queryKey: contentKeys.faq,
  queryFn: async () => (await apiRequest<{ items: FaqEntry[] }>('/api/content/faq')).items,
});

/** GET /api/content/policies/:kind, or null while the policy has no record yet (the API answers 404). */
export const policyQuery = (kind: PolicyKind) =>
  queryOptions({
    queryKey: contentKeys.policy(kind),
    queryFn: async () => {
      try {
        return await apiRequest<Policy>(`/api/content/policies/${kind}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The FAQ changed: this editor and the shop's FAQ page. */
function useInvalidateFaq() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: contentKeys.faq }),
      client.invalidateQueries({ queryKey: publicFaqKey }),
    ]);
}

/** POST /api/content/faq, or PUT /api/content/faq/:id when editing. */
export function useSaveFaq() {
  const invalidate = useInvalidateFaq();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: FaqInput }) =>
      apiRequest<FaqEntry>(id ? `/api/content/faq/${encodeURIComponent(id)}` : '/api/content/faq', {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(values),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteFaq() {
  const invalidate = useInvalidateFaq();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>(`/api/content/faq/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** PUT /api/content/policies/:kind: updates the record, or creates it with its fixed title. */
export function useSavePolicy(kind: PolicyKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<Policy>(`/api/content/policies/${kind}`, {
        method: 'PUT',
        body: JSON.stringify({ content }),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.policy(kind) }),
        client.invalidateQueries({ queryKey: publicPolicyKey(kind) }),
      ]),
  });
}
