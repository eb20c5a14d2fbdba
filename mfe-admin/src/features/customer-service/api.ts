import type { csCategories, csPriorities, csStatuses, customerServiceInputSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

export interface ServiceListParams {
  q: string;
  /** A filter's value, or '' for all. */
  status: (typeof csStatuses)[number] | '';
  category: (typeof csCategories)[number] | '';
  priority: (typeof csPriorities)[number] | '';
  page: number;
  pageSize: number;
  /** Keyset cursors of the page beside this one ('' for none). */
  after: string;
  before: string;
}

const serviceKeys = {
  all: ['admin', 'customer-service'] as const,
  list: (params: ServiceListParams) => [...serviceKeys.all, 'list', params] as const,
  detail: (id: string) => [...serviceKeys.all, 'detail', id] as const,
};

/** Newest first, searched and filtered on the server (contact messages too). */
export const serviceListQuery = (params: ServiceListParams) =>
  queryOptions({
    queryKey: serviceKeys.list(params),
    queryFn: () =>
      api('GET /admin/customer-service', {
        query: {
          ...params,
          status: params.status || undefined,
          category: params.category || undefined,
          priority: params.priority || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: () => api('GET /admin/customer-service/{id}', { params: { id } }),
  });

export type ServiceValues = ReturnType<typeof customerServiceInputSchema.parse>;

/** Records changed: the lists, the details and the dashboard's recent activity. */
function useInvalidateServices() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: serviceKeys.all }),
      client.invalidateQueries({ queryKey: adminKeys.stats }),
    ]);
}

export function useSaveService() {
  const invalidate = useInvalidateServices();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: ServiceValues }) =>
      id
        ? api('PUT /admin/customer-service/{id}', { params: { id }, body: values })
        : api('POST /admin/customer-service', { body: values }),
    refresh: invalidate,
  });
}

export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /admin/customer-service/{id}', { params: { id } }),
    refresh: invalidate,
  });
}

/** A contact message's replies (decision 058): where they go and what was sent, oldest first. */
export const serviceThreadQuery = (id: string) =>
  queryOptions({
    queryKey: [...serviceKeys.detail(id), 'replies'] as const,
    queryFn: () => api('GET /admin/customer-service/{id}/replies', { params: { id } }),
  });

/** POST …/replies: emailed to the sender and kept with the message; the answer is the thread. */
export function useReplyService(id: string) {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: string) =>
      api('POST /admin/customer-service/{id}/replies', { params: { id }, body: { body } }),
    refresh: (thread) => {
      client.setQueryData(serviceThreadQuery(id).queryKey, thread);
      return Promise.resolve();
    },
  });
}
