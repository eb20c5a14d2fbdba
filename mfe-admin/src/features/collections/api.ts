import {
  COLLECTION_MAX_PRODUCTS,
  type Collection,
  type CollectionDetail,
  type collectionInputSchema,
  type Page,
  type Product,
} from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { publicCollectionsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { apiSearch } from '../../shared/list-params.ts';

export interface CollectionListParams {
  q: string;
  page: number;
  pageSize: number;
}

const collectionKeys = {
  all: adminKeys.collections,
  list: (params: CollectionListParams) => [...collectionKeys.all, 'list', params] as const,
  detail: (slug: string) => [...collectionKeys.all, 'detail', slug] as const,
};

/** GET /api/collections: one page, newest first, each with its product count. */
export const collectionListQuery = (params: CollectionListParams) =>
  queryOptions({
    queryKey: collectionKeys.list(params),
    queryFn: () => apiRequest<Page<Collection>>(`/api/collections${apiSearch({ ...params })}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/collections/:slug: the collection with all its products (at most a collection's limit) in display order. */
export const collectionQuery = (slug: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(slug),
    queryFn: () =>
      apiRequest<CollectionDetail>(
        `/api/collections/${encodeURIComponent(slug)}?pageSize=${COLLECTION_MAX_PRODUCTS}`,
      ),
  });

/** Products offered in the collection form (the API's largest page); under the products key, so product edits refresh it. */
export const PRODUCT_OPTIONS_PAGE_SIZE = 50;
export const productOptionsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.products, 'options', { q, page }] as const,
    queryFn: () =>
      apiRequest<Page<Product>>(
        `/api/products${apiSearch({ q, page, pageSize: PRODUCT_OPTIONS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export type CollectionValues = ReturnType<typeof collectionInputSchema.parse>;

function useInvalidateCollections() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: collectionKeys.all }),
      client.invalidateQueries({ queryKey: adminKeys.stats }),
      client.invalidateQueries({ queryKey: publicCollectionsKey }),
    ]);
}

/** POST /api/collections, or PUT /api/collections/:id (the products given replace the membership). */
export function useSaveCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: CollectionValues }) =>
      apiRequest<Collection>(id ? `/api/collections/${encodeURIComponent(id)}` : '/api/collections', {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(values),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/collections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
