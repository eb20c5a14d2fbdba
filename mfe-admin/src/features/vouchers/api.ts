import type { voucherBulkSchema, voucherInputSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

export interface VoucherListParams {
  q: string;
  page: number;
  pageSize: number;
}

const voucherKeys = {
  all: ['admin', 'vouchers'] as const,
  list: (params: VoucherListParams) => [...voucherKeys.all, 'list', params] as const,
  detail: (id: string) => [...voucherKeys.all, 'detail', id] as const,
};

/** One page, newest first, with each code's uses, discount given and sales (decision 041). */
export const voucherListQuery = (params: VoucherListParams) =>
  queryOptions({
    queryKey: voucherKeys.list(params),
    queryFn: () => api('GET /admin/vouchers', { query: { ...params, q: params.q || undefined } }),
    placeholderData: keepPreviousData,
  });

/** One voucher with its targets named. */
export const voucherQuery = (id: string) =>
  queryOptions({
    queryKey: voucherKeys.detail(id),
    queryFn: () => api('GET /admin/vouchers/{id}', { params: { id } }),
  });

export type VoucherValues = ReturnType<typeof voucherInputSchema.parse>;
export type BulkValues = ReturnType<typeof voucherBulkSchema.parse>;

function useInvalidateVouchers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: voucherKeys.all });
}

/** Creates a voucher, or replaces it whole when editing (PUT). */
export function useSaveVoucher() {
  const invalidate = useInvalidateVouchers();
  return useAdminMutation({
    mutationFn: ({ id, values }: { id?: string | undefined; values: VoucherValues }) =>
      id
        ? api('PUT /admin/vouchers/{id}', { params: { id }, body: values })
        : api('POST /admin/vouchers', { body: values }),
    refresh: invalidate,
  });
}

/** Turns a code on or off without touching the rest. */
export function useSetVoucherActive() {
  const invalidate = useInvalidateVouchers();
  return useAdminMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api('PATCH /admin/vouchers/{id}', { params: { id }, body: { active } }),
    refresh: invalidate,
  });
}

/** Deletes an unused voucher; the API deactivates one an order used (`deleted: false`). */
export function useDeleteVoucher() {
  const invalidate = useInvalidateVouchers();
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /admin/vouchers/{id}', { params: { id } }),
    refresh: invalidate,
  });
}

/** Single-use codes `<PREFIX>-<8>` made in one request. */
export function useBulkVouchers() {
  const invalidate = useInvalidateVouchers();
  return useAdminMutation({
    mutationFn: ({ values }: { id?: string | undefined; values: BulkValues }) =>
      api('POST /admin/vouchers/bulk', { body: values }),
    refresh: invalidate,
  });
}
