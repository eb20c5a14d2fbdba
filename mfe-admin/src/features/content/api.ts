import type { FaqInput, PolicyKind } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { orNull } from '@gi/contracts/client';
import { publicFaqKey, publicPolicyKey } from '@gi/contracts/web';
import { queryOptions, useQueryClient } from '@gi/platform';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

const contentKeys = {
  faq: ['admin', 'faq'] as const,
  policy: (kind: PolicyKind) => ['admin', 'policies', kind] as const,
};

/** Every FAQ entry, in the order they were added. */
export const faqQuery = queryOptions({
  queryKey: contentKeys.faq,
  queryFn: async () => (await api('GET /content/faq')).items,
});

/** A policy, or null while it has no record yet (the API answers 404). */
export const policyQuery = (kind: PolicyKind) =>
  queryOptions({
    queryKey: contentKeys.policy(kind),
    queryFn: () => orNull(api('GET /content/policies/{kind}', { params: { kind } })),
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

/** Adds an entry, or changes it when editing. */
export function useSaveFaq() {
  const invalidate = useInvalidateFaq();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: FaqInput }) =>
      id
        ? api('PUT /content/faq/{id}', { params: { id }, body: values })
        : api('POST /content/faq', { body: values }),
    refresh: invalidate,
  });
}

export function useDeleteFaq() {
  const invalidate = useInvalidateFaq();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /content/faq/{id}', { params: { id } }),
    refresh: invalidate,
  });
}

/** Updates the policy's record, or creates it with its fixed title. */
export function useSavePolicy(kind: PolicyKind) {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (content: string) =>
      api('PUT /content/policies/{kind}', { params: { kind }, body: { content } }),
    refresh: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.policy(kind) }),
        client.invalidateQueries({ queryKey: publicPolicyKey(kind) }),
      ]),
  });
}
