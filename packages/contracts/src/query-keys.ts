import type { PolicyKind } from './labels.ts';

/**
 * TanStack Query keys that more than one remote uses on the one QueryClient: the storefront
 * and the cart read them, the admin invalidates them after a change. Everything under
 * 'public' is the same for every visitor, so signing out keeps it (@gi/session drops the rest).
 * Separate constants, not one object, so each bundle keeps only the keys it uses.
 */
export const PUBLIC_QUERIES = 'public';
export const publicSettingsKey = [PUBLIC_QUERIES, 'settings'] as const;
export const publicProductsKey = [PUBLIC_QUERIES, 'products'] as const;
export const publicProductKey = (id: string) => [...publicProductsKey, 'detail', id] as const;
export const publicCollectionsKey = [PUBLIC_QUERIES, 'collections'] as const;
export const publicFaqKey = [PUBLIC_QUERIES, 'faq'] as const;
export const publicPolicyKey = (kind: PolicyKind) => [PUBLIC_QUERIES, 'policies', kind] as const;
export const publicShippingKey = [PUBLIC_QUERIES, 'shipping'] as const;
