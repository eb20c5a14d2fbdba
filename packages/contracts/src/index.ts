import './zod-locale.ts';

export {
  type ApiErrorBody,
  CHALLENGE_FAILED,
  CHALLENGE_REQUIRED,
  NOT_SIGNED_IN,
  TOKEN_EXPIRED,
} from './errors.ts';
export * from './gateway-labels.ts';
export { remotesConfigSchema } from './remotes.ts';
export * from './sample-credit.ts';
export * from './schemas/analytics.ts';
export * from './schemas/audit.ts';
export * from './schemas/auth.ts';
export * from './schemas/catalog.ts';
export * from './schemas/content.ts';
export * from './schemas/customers.ts';
export * from './schemas/discovery-sets.ts';
export * from './schemas/documents.ts';
export * from './schemas/exports.ts';
export * from './schemas/favorites.ts';
export * from './schemas/gateway.ts';
export * from './schemas/gifts.ts';
export * from './schemas/marketing.ts';
export * from './schemas/operations.ts';
export * from './schemas/orders.ts';
export * from './schemas/payments.ts';
export * from './schemas/reviews.ts';
export * from './schemas/roles.ts';
export * from './schemas/sales.ts';
export * from './schemas/sample-credits.ts';
export * from './schemas/saved-cart.ts';
export * from './schemas/scent-finder.ts';
export * from './schemas/shipping.ts';
export * from './schemas/staff.ts';
export { controlCharacterMessage, invisibleTextMessage } from './schemas/text.ts';
export * from './schemas/trust-marks.ts';
export * from './schemas/two-factor.ts';
export * from './schemas/vouchers.ts';
export * from './web.ts';
