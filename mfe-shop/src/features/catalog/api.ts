import type { Page, Product } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { keepPreviousData, queryOptions } from '@gi/platform';

/** Products per page of the catalogue (the API allows 10, 25 or 50). */
export const PRODUCTS_PAGE_SIZE = 25;
/** Spec §9: the home page features the 3 newest products. */
export const FEATURED_COUNT = 3;

// Keys live under 'public' so signing out keeps them; the admin invalidates ['public', 'products'].
const productKeys = {
  all: ['public', 'products'] as const,
  list: (q: string, page: number) =>
    [...productKeys.all, 'list', { q, page, pageSize: PRODUCTS_PAGE_SIZE }] as const,
  newest: () => [...productKeys.all, 'newest', FEATURED_COUNT] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** One page of the catalogue, newest first, optionally filtered by name. */
export function productsQuery(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('page', String(page));
  params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
  return queryOptions({
    queryKey: productKeys.list(q, page),
    queryFn: () => apiRequest<Page<Product>>(`/api/products?${params}`),
    // Typing a search or turning a page keeps the current cards until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export const featuredProductsQuery = queryOptions({
  queryKey: productKeys.newest(),
  queryFn: async () => (await apiRequest<Page<Product>>(`/api/products?limit=${FEATURED_COUNT}`)).items,
});

/**
 * One product, or null when it does not exist. mfe-cart reads the same key with the
 * same meaning when it refreshes cart lines, so either side may fill the cache.
 */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async (): Promise<Product | null> => {
      try {
        return await apiRequest<Product>(`/api/products/${encodeURIComponent(id)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
