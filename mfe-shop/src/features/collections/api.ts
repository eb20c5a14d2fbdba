import { api, initialApiAnswer } from '@gi/contracts/api';
import { orNull } from '@gi/contracts/client';
import { COLLECTIONS_PAGE_SIZE, PRODUCTS_PAGE_SIZE, publicCollectionsKey } from '@gi/contracts/web';
import { keepPreviousData, queryOptions } from '@gi/platform';

const collectionKeys = {
  all: publicCollectionsKey,
  list: (page: number) => [...collectionKeys.all, 'list', { page, pageSize: COLLECTIONS_PAGE_SIZE }] as const,
  detail: (slug: string, page: number) =>
    [...collectionKeys.all, 'detail', slug, { page, pageSize: PRODUCTS_PAGE_SIZE }] as const,
};

const listInput = (page: number) => ({ query: { page, pageSize: COLLECTIONS_PAGE_SIZE } });
const detailInput = (slug: string, page: number) => ({
  params: { slug },
  query: { page, pageSize: PRODUCTS_PAGE_SIZE },
});

export function collectionsQuery(page: number) {
  return queryOptions({
    queryKey: collectionKeys.list(page),
    queryFn: () => api('GET /collections', listInput(page)),
    initialData: () => initialApiAnswer('GET /collections', listInput(page)),
    placeholderData: keepPreviousData,
  });
}

/** The collection with one page of its products, or null for an unknown slug. */
export function collectionQuery(slug: string, page: number) {
  return queryOptions({
    queryKey: collectionKeys.detail(slug, page),
    queryFn: () => orNull(api('GET /collections/{slug}', detailInput(slug, page))),
    initialData: () => initialApiAnswer('GET /collections/{slug}', detailInput(slug, page)),
    // Turning a page keeps the current cards until the next ones arrive (not another collection's).
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });
}
