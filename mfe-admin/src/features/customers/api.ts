import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

// The admin's customers (issue 42, decision 059).

export interface CustomerListParams {
  q: string;
  page: number;
  pageSize: number;
  after: string;
  before: string;
}

const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (params: CustomerListParams) => [...customerKeys.all, 'list', params] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  orders: (id: string, page: number) => [...customerKeys.all, 'orders', id, page] as const,
};

/** One page of customers, newest first, by keyset from a neighbour's cursor. */
export const customerListQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: () =>
      api('GET /admin/customers', {
        query: {
          q: params.q || undefined,
          page: params.page,
          pageSize: params.pageSize,
          after: params.after || undefined,
          before: params.before || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** One customer: profile, figures and saved addresses. */
export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: () => api('GET /admin/customers/{id}', { params: { id } }),
  });

export const CUSTOMER_ORDERS_PAGE_SIZE = 10;

/** A page of the customer's orders, newest first. */
export const customerOrdersQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: customerKeys.orders(id, page),
    queryFn: () =>
      api('GET /admin/customers/{id}/orders', {
        params: { id },
        query: { page, pageSize: CUSTOMER_ORDERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** Erases the customer's personal data (UU PDP); the orders' financial record stays. */
export function useEraseCustomer() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (id: string) =>
      api('POST /admin/customers/{id}/erase', { params: { id }, body: { confirm: true } }),
    // The list, the page and the orders all showed the person.
    refresh: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
