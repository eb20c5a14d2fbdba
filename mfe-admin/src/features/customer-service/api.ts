import type { CustomerServiceRecord, customerServiceInputSchema, SeekPage } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { apiSearch } from '../../shared/list-params.ts';

export interface ServiceListParams {
  q: string;
  status: string;
  category: string;
  priority: string;
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

/** GET /api/admin/customer-service: newest first, searched and filtered on the server (contact messages too). */
export const serviceListQuery = (params: ServiceListParams) =>
  queryOptions({
    queryKey: serviceKeys.list(params),
    queryFn: () =>
      apiRequest<SeekPage<CustomerServiceRecord>>(`/api/admin/customer-service${apiSearch({ ...params })}`),
    placeholderData: keepPreviousData,
  });

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: () => apiRequest<CustomerServiceRecord>(`/api/admin/customer-service/${encodeURIComponent(id)}`),
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
  return useMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: ServiceValues }) =>
      apiRequest<CustomerServiceRecord>(
        id ? `/api/admin/customer-service/${encodeURIComponent(id)}` : '/api/admin/customer-service',
        { method: id ? 'PUT' : 'POST', body: JSON.stringify(values) },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>(`/api/admin/customer-service/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
