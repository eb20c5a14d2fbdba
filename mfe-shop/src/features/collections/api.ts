import type { Collection, CollectionDetail, Page } from '@gi/contracts';
import { apiRequest, apiRequestOrNull, initialAnswer } from '@gi/contracts/client';
import { apiPaths, COLLECTIONS_PAGE_SIZE } from '@gi/contracts/web';
import { keepPreviousData, queryOptions } from '@gi/platform';

const collectionKeys = {
  all: ['public', 'collections'] as const,
  list: (page: number) => [...collectionKeys.all, 'list', { page, pageSize: COLLECTIONS_PAGE_SIZE }] as const,
  detail: (slug: string) => [...collectionKeys.all, 'detail', slug] as const,
};

export function collectionsQuery(page: number) {
  return queryOptions({
    queryKey: collectionKeys.list(page),
    queryFn: () => apiRequest<Page<Collection>>(apiPaths.collections(page)),
    initialData: () => initialAnswer<Page<Collection>>(apiPaths.collections(page)),
    placeholderData: keepPreviousData,
  });
}

/** The collection with its products, or null for an unknown slug. */
export function collectionQuery(slug: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(slug),
    queryFn: () => apiRequestOrNull<CollectionDetail>(apiPaths.collection(slug)),
    initialData: () => initialAnswer<CollectionDetail>(apiPaths.collection(slug)),
  });
}
