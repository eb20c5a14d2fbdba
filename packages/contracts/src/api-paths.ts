// GET paths of the API that pages read on arrival. The storefront requests them and
// the Worker, which inlines their answers into the page (see `initialData` in
// routes.ts), builds the very same strings: one definition keeps the two in step.

/** Products per page of the catalogue (the API allows 10, 25 or 50). */
export const PRODUCTS_PAGE_SIZE = 25;
/** Spec §9: the home page features the 3 newest products. */
export const FEATURED_COUNT = 3;
/** Collections per page: the API's largest page, so the seeded six (and many more) fit one. */
export const COLLECTIONS_PAGE_SIZE = 50;

/** `?page=` as the pages read it: anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const apiPaths = {
  session: '/api/auth/session',
  settings: '/api/settings',
  faq: '/api/content/faq',
  policy: (kind: string) => `/api/content/policies/${kind}`,
  shipping: '/api/shipping',
  featuredProducts: `/api/products?limit=${FEATURED_COUNT}`,
  products(q: string, page: number): string {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    params.set('page', String(page));
    params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
    return `/api/products?${params}`;
  },
  product: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  collections: (page: number) => `/api/collections?page=${page}&pageSize=${COLLECTIONS_PAGE_SIZE}`,
  collection: (slug: string, page: number) =>
    `/api/collections/${encodeURIComponent(slug)}?page=${page}&pageSize=${PRODUCTS_PAGE_SIZE}`,
};
