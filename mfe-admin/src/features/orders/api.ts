import { type OrderStatusUpdateInput, orderStatuses } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

export interface OrderListParams {
  q: string;
  status: string;
  page: number;
  pageSize: number;
  /** Keyset cursors of the page beside this one ('' for none). */
  after: string;
  before: string;
}

const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: OrderListParams) => [...orderKeys.all, 'list', params] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  reviews: (page: number) => [...orderKeys.all, 'reviews', page] as const,
  refunds: (page: number) => [...orderKeys.all, 'refunds', page] as const,
};

/** GET /api/admin/orders: newest first with their items; search by id prefix, name or email; status filter. */
export const orderListQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: () =>
      api('GET /admin/orders', {
        // The filter as the API's enum: '' (every status) is none.
        query: { ...params, status: orderStatuses.find((status) => status === params.status) },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/orders/:id: the order with its payments and timeline. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => api('GET /admin/orders/{id}', { params: { id } }),
  });

/** GET /api/admin/orders/:id/gateway: the flag and the gateway's notifications, newest first (decision 026). */
export const gatewayHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKeys.detail(id), 'gateway'] as const,
    queryFn: () => api('GET /admin/orders/{id}/gateway', { params: { id } }),
  });

/** 'Menunggu Verifikasi': orders whose uploaded receipt waits for the admin, oldest first. */
export const paymentReviewsQuery = (page: number) =>
  queryOptions({
    queryKey: orderKeys.reviews(page),
    queryFn: () => api('GET /admin/orders/payment-reviews', { query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

/** 'Perlu Refund': cancelled orders that had been paid, oldest first, until marked refunded. */
export const refundsQuery = (page: number) =>
  queryOptions({
    queryKey: orderKeys.refunds(page),
    queryFn: () => api('GET /admin/orders/refunds', { query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

/**
 * Orders changed: the lists, the details, the dashboard's totals and stock (a cancel returns
 * it), except a deleted order's own detail.
 */
function useInvalidateOrders() {
  const client = useQueryClient();
  return (deletedId?: string) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (query) => !deletedId || query.queryKey[3] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: adminKeys.stats }),
      client.invalidateQueries({ queryKey: adminKeys.stock }),
    ]);
}

/** PATCH /api/admin/orders/:id/status: a move the lifecycle allows; 'shipped' with courier and resi. */
export function useUpdateOrderStatus() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: ({ id, input }: { id: string; input: OrderStatusUpdateInput }) =>
      api('PATCH /admin/orders/{id}/status', { params: { id }, body: input }),
    refresh: () => invalidate(),
  });
}

/** POST …/payment/confirm (the order moves to processing) or …/payment/reject with a reason. */
export function useReviewPayment() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: ({ id, reject }: { id: string; reject: { reason: string } | null }) =>
      reject
        ? api('POST /admin/orders/{id}/payment/reject', { params: { id }, body: reject })
        : api('POST /admin/orders/{id}/payment/confirm', { params: { id } }),
    refresh: () => invalidate(),
  });
}

/** POST /api/admin/orders/:id/refund: the money of a cancelled paid order went back. */
export function useMarkRefunded() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: (id: string) => api('POST /admin/orders/{id}/refund', { params: { id } }),
    refresh: () => invalidate(),
  });
}

/** DELETE /api/admin/orders/:id: the order and its items together. */
export function useDeleteOrder() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /admin/orders/{id}', { params: { id } }),
    // Refetching the deleted order's detail would only answer 404 while its view closes.
    refresh: (_, id) => invalidate(id),
  });
}

/** POST /api/admin/orders/:id/shipment: 'Buat Pengiriman', the order shipped with the courier's resi. */
export function useBookShipment() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: (id: string) => api('POST /admin/orders/{id}/shipment', { params: { id } }),
    refresh: () => invalidate(),
  });
}

/** POST /api/admin/shipments/bulk: bulk 'Buat Pengiriman' (decision 058), one result per order. */
export function useBookShipments() {
  const invalidate = useInvalidateOrders();
  return useAdminMutation({
    mutationFn: (ids: string[]) => api('POST /admin/shipments/bulk', { body: { ids } }),
    refresh: () => invalidate(),
  });
}
