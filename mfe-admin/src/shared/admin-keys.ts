/** Query keys that several admin areas invalidate: a change in one area refreshes the others' views. */
export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  stock: ['admin', 'stock'] as const,
  products: ['admin', 'products'] as const,
  collections: ['admin', 'collections'] as const,
};
