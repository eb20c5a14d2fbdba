import type { Page, Product, ProductDetail, ProductPage } from '@gi/contracts';
import { apiRequest, apiRequestOrNull, initialAnswer } from '@gi/contracts/client';
import {
  apiPaths,
  FEATURED_COUNT,
  PRODUCTS_PAGE_SIZE,
  type ProductBrowse,
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
  queryFn: async () => (await apiRequest<{ items: number[] }>(apiPaths.productSizes)).items,
  initialData: () => initialAnswer<{ items: number[] }>(apiPaths.productSizes)?.items,
});

/** One page of the catalogue as the shopper searched, sorted and filtered it. */
export function productsQuery(browse: ProductBrowse) {
  return queryOptions({
    queryKey: productKeys.list(browse),
    queryFn: () => apiRequest<ProductPage<Product>>(apiPaths.products(browse)),
    initialData: () => initialAnswer<ProductPage<Product>>(apiPaths.products(browse)),
    // A new search, filter or page keeps the current cards until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export const featuredProductsQuery = queryOptions({
  queryKey: productKeys.newest(),
  queryFn: async () => (await apiRequest<Page<Product>>(apiPaths.featuredProducts)).items,
  initialData: () => initialAnswer<Page<Product>>(apiPaths.featuredProducts)?.items,
});

/**
 * One product, or null when it does not exist. mfe-cart reads the same key
 * (`publicProductKey`) when it refreshes cart lines, so either side may fill the cache.
 */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => apiRequestOrNull<ProductDetail>(apiPaths.product(id)),
    initialData: () => initialAnswer<ProductDetail>(apiPaths.product(id)),
  });
}
