// Paths of the orders' and payments' API (decision 015). Only the order pages, the
// checkout and the admin use them, so they live apart from apiPaths, which every page's
// first visit loads.

export const orderPaths = {
  adminPaymentSettings: '/api/admin/settings/payment',
};
