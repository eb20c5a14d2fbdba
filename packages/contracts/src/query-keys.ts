import type { PolicyKind } from './labels.ts';

/** The first element of every key below (what @gi/session keeps on sign-out, without the whole table). */
export const PUBLIC_QUERIES = 'public';

/**
 * TanStack Query keys that more than one remote uses on the one QueryClient: the storefront
 * and the cart read them, the admin invalidates them after a change. Everything under
 * 'public' is the same for every visitor, so signing out keeps it (@gi/session drops the rest).
 */
export const publicKeys = {
  settings: ['public', 'settings'] as const,
  products: ['public', 'products'] as const,
  product: (id: string) => ['public', 'products', 'detail', id] as const,
  collections: ['public', 'collections'] as const,
  faq: ['public', 'faq'] as const,
  policy: (kind: PolicyKind) => ['public', 'policies', kind] as const,
  shipping: ['public', 'shipping'] as const,
};
