// Paths of the orders' and payments' API (decision 015). Only the order pages, the
// checkout and the admin use them, so they live apart from apiPaths, which every page's
// first visit loads.

export const orderPaths = {
  order: (id: string) => `/api/orders/${encodeURIComponent(id)}`,
  orderReceipt: (id: string) => `/api/orders/${encodeURIComponent(id)}/receipt`,
  orderCancel: (id: string) => `/api/orders/${encodeURIComponent(id)}/cancel`,
  orderReceived: (id: string) => `/api/orders/${encodeURIComponent(id)}/received`,
  myOrders: (cursor?: string | null) =>
    cursor ? `/api/orders?cursor=${encodeURIComponent(cursor)}` : '/api/orders',
  adminPaymentReviews: (page: number) => `/api/admin/orders/payment-reviews?page=${page}&pageSize=10`,
  adminOrder: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`,
  adminOrderStatus: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/status`,
  adminPaymentConfirm: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/payment/confirm`,
  adminRefunds: (page: number) => `/api/admin/orders/refunds?page=${page}&pageSize=10`,
  adminRefunded: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/refund`,
  adminPaymentReject: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/payment/reject`,
};
