import { api, initialApiAnswer } from '@gi/contracts/api';
import { orNull } from '@gi/contracts/client';
import {
  FEATURED_COUNT,
  PRODUCTS_PAGE_SIZE,
  type ProductBrowse,
  productListQuery,
  publicProductKey,
  publicProductsKey,
} from '@gi/contracts/web';
import { keepPreviousData, queryOptions } from '@gi/platform';

export const productKeys = {
  all: publicProductsKey,
  list: (browse: ProductBrowse) =>
    [...productKeys.all, 'list', { ...browse, pageSize: PRODUCTS_PAGE_SIZE }] as const,
  newest: () => [...productKeys.all, 'newest', FEATURED_COUNT] as const,
  detail: publicProductKey,
  sizes: () => [...productKeys.all, 'sizes'] as const,
};

/** The sizes the catalogue sells (the size filter's choices), in ml. */
export const productSizesQuery = queryOptions({
  queryKey: productKeys.sizes(),
  queryFn: async () => (await api('GET /products/sizes')).items,
  initialData: () => initialApiAnswer('GET /products/sizes')?.items,
});

/** One page of the catalogue as the shopper searched, sorted and filtered it. */
export function productsQuery(browse: ProductBrowse) {
  return queryOptions({
    queryKey: productKeys.list(browse),
    queryFn: () => api('GET /products', { query: productListQuery(browse) }),
    initialData: () => initialApiAnswer('GET /products', { query: productListQuery(browse) }),
    // A new search, filter or page keeps the current cards until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

const featured = { query: { limit: FEATURED_COUNT } };
export const featuredProductsQuery = queryOptions({
  queryKey: productKeys.newest(),
  queryFn: async () => (await api('GET /products', featured)).items,
  initialData: () => initialApiAnswer('GET /products', featured)?.items,
});

/**
 * One product, or null when it does not exist. mfe-cart reads the same key
 * (`publicProductKey`) when it refreshes cart lines, so either side may fill the cache.
 */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => orNull(api('GET /products/{id}', { params: { id } })),
    initialData: () => initialApiAnswer('GET /products/{id}', { params: { id } }),
  });
}
