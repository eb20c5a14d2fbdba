import { formatRupiah, GIFT_MESSAGE_MAX, type GiftInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useQuery } from '@gi/platform';
import { TextAreaField } from '@gi/ui';
import { useMemo, useState } from 'react';
import frame from '../../shared/fieldset.module.css';
import styles from './checkout-form.module.css';
import type { CheckoutDraft } from './draft.ts';

/** GET /api/gift-wrap: whether the shop wraps gifts, and the admin's fee. */
export const giftWrapQuery = queryOptions({
  queryKey: ['gift-wrap'] as const,
  queryFn: () => api('GET /gift-wrap'),
});

type GiftDraft = NonNullable<CheckoutDraft['gift']>;

/**
 * 'Kirim sebagai hadiah' (decision 045): a message for the packing slip and, when the shop
 * offers it, gift wrapping at the admin's fee. The order asks for wrapping; the server prices it.
 */
export function useGift(initial: GiftDraft | null) {
  const [asGift, setAsGift] = useState(initial !== null);
  const [message, setMessage] = useState(initial?.message ?? '');
  const [wrap, setWrap] = useState(initial?.wrap ?? false);
  // Asked only when the order is a gift: most checkouts never need it.
  const offer = useQuery({ ...giftWrapQuery, enabled: asGift }).data;
  const wrapped = asGift && wrap && offer?.enabled === true;
  // Memoised: the form's values follow it, and a new object each render would re-check them each render.
  const value = useMemo<GiftInput | undefined>(
    () => (asGift ? { wrap: wrapped, ...(message.trim() ? { message } : {}) } : undefined),
    [asGift, wrapped, message],
  );
  /** The fee the summary shows; the server charges its own. */
  const wrapFee = wrapped ? (offer?.fee ?? 0) : 0;

  const field = (errors: Record<string, string>) => (
    <fieldset className={frame.fieldset}>
      <legend>Hadiah</legend>
      <label className={styles.check}>
        <input type="checkbox" checked={asGift} onChange={(e) => setAsGift(e.target.checked)} />
        Kirim sebagai hadiah
      </label>
      {asGift && (
        <>
          <TextAreaField
            label={`Pesan hadiah (opsional, maks. ${GIFT_MESSAGE_MAX} karakter)`}
            name="giftMessage"
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors['gift.message']}
          />
          <p className={styles.muted}>Pesan dicetak pada slip di dalam paket, tanpa harga.</p>
          {offer?.enabled && (
            <label className={styles.check}>
              <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} />
              Bungkus kado ({offer.fee > 0 ? `+${formatRupiah(offer.fee)}` : 'gratis'})
            </label>
          )}
          {errors['gift.wrap'] && <p className={styles.error}>{errors['gift.wrap']}</p>}
        </>
      )}
    </fieldset>
  );

  /** What the checkout draft keeps: the choices as ticked, whatever the shop offers on return. */
  const draft = useMemo<GiftDraft | null>(() => (asGift ? { message, wrap } : null), [asGift, message, wrap]);

  return { value, wrapFee, field, draft };
}
