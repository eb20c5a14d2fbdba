import type { Collection, CollectionDetail, Page } from '@gi/contracts';
import { apiRequest, apiRequestOrNull, initialAnswer } from '@gi/contracts/client';
import { apiPaths, COLLECTIONS_PAGE_SIZE, PRODUCTS_PAGE_SIZE, publicCollectionsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions } from '@gi/platform';

const collectionKeys = {
  all: publicCollectionsKey,
  list: (page: number) => [...collectionKeys.all, 'list', { page, pageSize: COLLECTIONS_PAGE_SIZE }] as const,
  detail: (slug: string, page: number) =>
    [...collectionKeys.all, 'detail', slug, { page, pageSize: PRODUCTS_PAGE_SIZE }] as const,
};

export function collectionsQuery(page: number) {
  return queryOptions({
    queryKey: collectionKeys.list(page),
    queryFn: () => apiRequest<Page<Collection>>(apiPaths.collections(page)),
    initialData: () => initialAnswer<Page<Collection>>(apiPaths.collections(page)),
    placeholderData: keepPreviousData,
  });
}

/** The collection with one page of its products, or null for an unknown slug. */
export function collectionQuery(slug: string, page: number) {
  return queryOptions({
    queryKey: collectionKeys.detail(slug, page),
    queryFn: () => apiRequestOrNull<CollectionDetail>(apiPaths.collection(slug, page)),
    initialData: () => initialAnswer<CollectionDetail>(apiPaths.collection(slug, page)),
    // Turning a page keeps the current cards until the next ones arrive (not another collection's).
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });
}
