// Constants the storefront shows without validating anything: kept free of zod so
// importing a label never ships the schema library to a shopper (issue 7).

export const policyKinds = [
  'shipping-policy',
  'returns-policy',
  'privacy-policy',
  'terms-conditions',
] as const;
export type PolicyKind = (typeof policyKinds)[number];

/** Fixed titles of the policy records (product.md §4). */
export const policyTitles: Record<PolicyKind, string> = {
  'shipping-policy': 'Kebijakan Pengiriman',
  'returns-policy': 'Kebijakan Pengembalian',
  'privacy-policy': 'Kebijakan Privasi',
  'terms-conditions': 'Syarat & Ketentuan',
};

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const isOrderStatus = (status: string): status is OrderStatus =>
  (orderStatuses as readonly string[]).includes(status);

/** Indonesian labels of the order statuses, for badges and the admin dropdown. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Menunggu',
  processing: 'Diproses',
  shipped: 'Dikirim',
  delivered: 'Diterima',
  cancelled: 'Dibatalkan',
};
