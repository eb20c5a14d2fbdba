import type { Product, ProductDetail, ProductPage, productInputSchema } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { publicCollectionsKey, publicProductsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { apiSearch } from '../../shared/list-params.ts';

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

/** GET /api/products: one page, newest first, searched by name on the server. */
export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => apiRequest<ProductPage<Product>>(`/api/products${apiSearch({ ...params })}`),
    // The table stays while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => apiRequest<ProductDetail>(`/api/products/${encodeURIComponent(id)}`),
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

/** POST /api/products, or PUT /api/products/:id when editing. */
export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: ProductValues }) =>
      apiRequest<Product>(id ? `/api/products/${encodeURIComponent(id)}` : '/api/products', {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(values),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
