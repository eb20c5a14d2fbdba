import type { Sale, SaleInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

// The admin's timed sales (decision 046): listed, read, saved whole, deleted.

export interface SaleListParams {
  q: string;
  page: number;
  pageSize: number;
}

const saleKeys = {
  all: ['admin', 'sales'] as const,
  list: (params: SaleListParams) => [...saleKeys.all, 'list', params] as const,
  detail: (id: string) => [...saleKeys.all, 'detail', id] as const,
};

/** One page, the latest start first. */
export const saleListQuery = (params: SaleListParams) =>
  queryOptions({
    queryKey: saleKeys.list(params),
    queryFn: () => api('GET /admin/sales', { query: params }),
    placeholderData: keepPreviousData,
  });

export const saleQuery = (id: string) =>
  queryOptions({
    queryKey: saleKeys.detail(id),
    queryFn: () => api('GET /admin/sales/{id}', { params: { id } }),
  });

/** The collections a sale can target (the API's largest page: a shop has a handful). */
export const collectionOptionsQuery = queryOptions({
  queryKey: ['admin', 'collections', 'options'] as const,
  queryFn: () => api('GET /collections', { query: { page: 1, pageSize: 50 } }),
});

/** The form's parsed values: the API's whole sale (moments already in UTC). */
export type SaleValues = SaleInput;

/** Adds a sale, or replaces it whole. */
export function useSaveSale() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: SaleValues }) =>
      id
        ? api('PUT /admin/sales/{id}', { params: { id }, body: values })
        : api('POST /admin/sales', { body: values }),
    refresh: () => client.invalidateQueries({ queryKey: saleKeys.all }),
  });
}

export function useDeleteSale() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (sale: Sale) => api('DELETE /admin/sales/{id}', { params: { id: sale.id } }),
    refresh: () => client.invalidateQueries({ queryKey: saleKeys.all }),
  });
}
