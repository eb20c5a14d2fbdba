/**
 * The orders' query keys, under 'orders' like the latest orders: signing out or placing an order
 * refreshes them all. Checkout puts the order it placed under its detail key, so the order page
 * it lands on draws at once.
 */
export const orderKeys = {
  detail: (id: string) => ['orders', 'detail', id] as const,
  account: (cursor: string | null) => ['orders', 'account', cursor] as const,
};
