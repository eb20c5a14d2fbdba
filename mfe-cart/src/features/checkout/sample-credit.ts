import { capSampleCredit, type VoucherCheck } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { SAMPLE_MAX_ML } from '@gi/contracts/web';
import { queryOptions, useQuery } from '@gi/platform';
import type { CartItem } from '../cart/cart-store.ts';
import { orderItems } from './api.ts';

/** The server's refusal when a credit was used (or changed) between the preview and 'Buat Pesanan'. */
export const SAMPLE_CREDIT_USED = 'sample_credit_used';

export const isCreditRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code === SAMPLE_CREDIT_USED;

/** The note under the summary's row: the 'once', said where the shopper decides. */
export const CREDIT_NOTE = 'Dipakai sekali untuk botol penuh; sisa kredit tidak dikembalikan';

/** Every preview the checkout holds: the account's credits change with an order placed or cancelled. */
export const creditPreviewKey = ['sample-credit-preview'] as const;

const previewQuery = (items: CartItem[]) =>
  queryOptions({
    queryKey: [...creditPreviewKey, items.map((l) => `${l.variantId}:${l.quantity}`).join()],
    queryFn: () => api('POST /sample-credits/preview', { body: { items: orderItems(items) } }),
    retry: false,
    // A credit delivered, used or given back since: asked again each time checkout opens.
    staleTime: 0,
  });

/**
 * 'Kredit Sampel' at checkout (decision 061 part B): the credits the server would apply to this
 * cart, capped as the server caps them (after the voucher's discount on the items; a shipping
 * voucher takes nothing off them). Asked only for a signed-in customer whose cart holds a full
 * bottle, the only line a credit pays toward; the server applies it itself at 'Buat Pesanan'.
 */
export function useSampleCredit(items: CartItem[], signedIn: boolean) {
  const hasBottle = items.some((item) => item.sizeMl !== null && item.sizeMl > SAMPLE_MAX_ML);
  const preview = useQuery({ ...previewQuery(items), enabled: signedIn && hasBottle });
  const found = signedIn && hasBottle ? (preview.data?.credit_amount ?? 0) : 0;
  return {
    /** What comes off this subtotal with this voucher. */
    amount: (subtotal: number, voucher: VoucherCheck | null) =>
      capSampleCredit({
        credit: found,
        subtotal,
        itemsDiscount: voucher && voucher.kind !== 'shipping' ? voucher.discount_amount : 0,
      }),
    refresh: () => void preview.refetch(),
  };
}
