import { api, initialApiAnswer } from '@gi/contracts/api';
import { FIRST_REVIEWS_QUERY } from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';
import { productKeys } from '../catalog/api.ts';

export type ReviewSort = 'newest' | 'helpful';

/** A product's published reviews: public, under the product's key (signing out keeps them). */
export const reviewKeys = {
  product: (id: string) => [...productKeys.detail(id), 'reviews'] as const,
  page: (id: string, sort: ReviewSort, after: string | undefined) =>
    [...reviewKeys.product(id), sort, after ?? ''] as const,
};

/**
 * One page of a product's published reviews with its figures. The newest first page is the one
 * the product page is served with (FIRST_REVIEWS_QUERY): the rating under the name shows at once.
 */
export function reviewsQuery(id: string, sort: ReviewSort = 'newest', after?: string) {
  const query = { ...FIRST_REVIEWS_QUERY, sort, ...(after ? { after } : {}) };
  return queryOptions({
    queryKey: reviewKeys.page(id, sort, after),
    queryFn: () => api('GET /products/{id}/reviews', { params: { id }, query }),
    initialData: () =>
      sort === 'newest' && !after
        ? initialApiAnswer('GET /products/{id}/reviews', { params: { id }, query: FIRST_REVIEWS_QUERY })
        : undefined,
  });
}
