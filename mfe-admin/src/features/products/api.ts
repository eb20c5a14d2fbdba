import type { productInputSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { publicCollectionsKey, publicProductsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

export interface ProductListParams {
  q: string;
  page: number;
  pageSize: number;
}

const productKeys = {
  all: adminKeys.products,
  list: (params: ProductListParams) => [...productKeys.all, 'list', params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** One page, newest first, searched by name on the server. */
export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => api('GET /products', { query: params }),
    // The table stays while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => api('GET /admin/products/{id}', { params: { id } }),
  });

export type ProductValues = ReturnType<typeof productInputSchema.parse>;

/** Products changed: the admin lists, the dashboard totals and low stock, collections' counts and the shop's pages. */
function useInvalidateProducts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: productKeys.all }),
      client.invalidateQueries({ queryKey: adminKeys.stats }),
      client.invalidateQueries({ queryKey: adminKeys.stock }),
      client.invalidateQueries({ queryKey: adminKeys.collections }),
      client.invalidateQueries({ queryKey: publicProductsKey }),
      client.invalidateQueries({ queryKey: publicCollectionsKey }),
    ]);
}

/** Adds a product, or changes it when editing. */
export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: ProductValues }) =>
      id
        ? api('PUT /products/{id}', { params: { id }, body: values })
        : api('POST /products', { body: values }),
    refresh: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /products/{id}', { params: { id } }),
    refresh: invalidate,
  });
}

/** POST /api/admin/imports/products: a CSV file the dry run found no error in (decision 056). */
export function useImportProducts() {
  const invalidate = useInvalidateProducts();
  return useAdminMutation({
    mutationFn: (csv: string) => api('POST /admin/imports/products', { body: { csv } }),
    refresh: invalidate,
  });
}
