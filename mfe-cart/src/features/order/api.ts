import type { GatewayPaymentInput, OrderCancelInput, OrderDetail } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQueryClient } from '@gi/platform';
import { downsizeImage } from '@gi/ui';
import { orderKeys } from '../../shared/order-keys.ts';

/** Whether the order waits on the gateway: the shopper is paying on its page right now. */
export const awaitingGateway = (order: OrderDetail | undefined) =>
  order?.status === 'pending' &&
  order.payments[0]?.method === 'midtrans' &&
  order.payments[0].status === 'pending';

/**
 * GET /api/orders/:id: the owner's (or an admin's) order with its payments and timeline. While
 * the gateway's answer is awaited it is read again, every 4 s for the first minute then every
 * 15 s, only while the tab is visible (decision 026): the notification usually lands first.
 */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => api('GET /orders/{id}', { params: { id } }),
    refetchInterval: (query) =>
      awaitingGateway(query.state.data) ? (query.state.dataUpdateCount < 15 ? 4_000 : 15_000) : false,
  });

/** One page of the customer's orders; `cursor` is the page before's `nextCursor`. */
export const accountOrdersQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: orderKeys.account(cursor),
    queryFn: () => api('GET /orders', { query: { cursor: cursor ?? undefined } }),
  });

function useOrderMutation<Input>(id: string, send: (input: Input) => Promise<OrderDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(id), order);
      return client.invalidateQueries({ queryKey: ['orders'], predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

/** POST /api/orders/:id/receipt: the transfer receipt, downsized like the admin's photos. */
export function useUploadReceipt(id: string) {
  return useOrderMutation(id, async (file: File) => {
    const body = new FormData();
    body.set('file', await downsizeImage(file));
    return api('POST /orders/{id}/receipt', { params: { id }, body });
  });
}

/** POST /api/orders/:id/cancel; `confirmPaid` once the shopper has read the refund warning. */
export function useCancelOrder(id: string) {
  return useOrderMutation(id, (input: OrderCancelInput) =>
    api('POST /orders/{id}/cancel', { params: { id }, body: input }),
  );
}

/** POST /api/orders/:id/received: the customer's 'Pesanan Diterima' on a shipped order. */
export function useConfirmReceived(id: string) {
  return useOrderMutation(id, () => api('POST /orders/{id}/received', { params: { id } }));
}

/** POST /api/orders/:id/payment-method: a gateway channel (a new attempt and its page) or 'bank_transfer'. */
export function useChoosePayment(id: string) {
  return useOrderMutation(id, (input: GatewayPaymentInput) =>
    api('POST /orders/{id}/payment-method', { params: { id }, body: input }),
  );
}
