import { policyKinds } from '@gi/contracts';

// customer_service doubles as the content store (product.md §3): these categories hold
// the FAQ and the four policies, not customer-service work.
export const FAQ_CATEGORY = 'faq';
export const CONTENT_CATEGORIES: readonly string[] = [FAQ_CATEGORY, ...policyKinds];

/**
 * The WHERE of the partial unique index customer_service_one_policy. An upsert on
 * that index must repeat it word for word for SQLite to accept it as the conflict target.
 */
export const ONE_POLICY_WHERE = `category IN (${policyKinds.map((kind) => `'${kind}'`).join(', ')})`;
