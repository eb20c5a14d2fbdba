import { COLLECTION_MAX_PRODUCTS, type collectionInputSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { publicCollectionsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

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

/** One page, newest first, each with its product count. */
export const collectionListQuery = (params: CollectionListParams) =>
  queryOptions({
    queryKey: collectionKeys.list(params),
    queryFn: () => api('GET /collections', { query: params }),
    placeholderData: keepPreviousData,
  });

/** The collection with all its products (at most a collection's limit) in display order. */
export const collectionQuery = (slug: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(slug),
    queryFn: () =>
      api('GET /collections/{slug}', { params: { slug }, query: { pageSize: COLLECTION_MAX_PRODUCTS } }),
  });

/** Products offered in the collection form (the API's largest page); under the products key, so product edits refresh it. */
export const PRODUCT_OPTIONS_PAGE_SIZE = 50;
export const productOptionsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.products, 'options', { q, page }] as const,
    queryFn: () => api('GET /products', { query: { q, page, pageSize: PRODUCT_OPTIONS_PAGE_SIZE } }),
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

/** Adds a collection, or changes it (the products given replace the membership). */
export function useSaveCollection() {
  const invalidate = useInvalidateCollections();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: CollectionValues }) =>
      id
        ? api('PUT /collections/{id}', { params: { id }, body: values })
        : api('POST /collections', { body: values }),
    refresh: invalidate,
  });
}

export function useDeleteCollection() {
  const invalidate = useInvalidateCollections();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /collections/{id}', { params: { id } }),
    refresh: invalidate,
  });
}
