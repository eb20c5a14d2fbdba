import type { Collection, CollectionDetail, Page } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { keepPreviousData, queryOptions } from '@gi/platform';

/** Collections per page: the API's largest page, so the seeded six (and many more) fit one. */
export const COLLECTIONS_PAGE_SIZE = 50;

const collectionKeys = {
  all: ['public', 'collections'] as const,
  list: (page: number) => [...collectionKeys.all, 'list', { page, pageSize: COLLECTIONS_PAGE_SIZE }] as const,
  detail: (slug: string) => [...collectionKeys.all, 'detail', slug] as const,
};

export function collectionsQuery(page: number) {
  return queryOptions({
    queryKey: collectionKeys.list(page),
    queryFn: () =>
      apiRequest<Page<Collection>>(`/api/collections?page=${page}&pageSize=${COLLECTIONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** The collection with its products, or null for an unknown slug. */
export function collectionQuery(slug: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(slug),
    queryFn: async (): Promise<CollectionDetail | null> => {
      try {
        return await apiRequest<CollectionDetail>(`/api/collections/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
