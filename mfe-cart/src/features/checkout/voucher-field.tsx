import { formatRupiah, type VoucherCheck, voucherCodeSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import type { CartLine } from '@gi/contracts/web';
import { useMutation } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field } from '@gi/ui';
import { useEffect, useRef, useState } from 'react';
import { orderItems, postalReady } from './api.ts';
import styles from './voucher-field.module.css';

/** The shipping choice a shipping voucher is priced on; null before one is made. */
export interface VoucherShipping {
  districtCode: string;
  postalCode: string;
  shippingServiceId: string;
  shippingQuoteId?: string;
}

/** Whether an API refusal is a voucher's own (decision 041): its message belongs under 'Kode Voucher'. */
export const isVoucherRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code.startsWith('voucher_');

/**
 * 'Kode Voucher' at checkout (decision 045): 'Pakai' asks POST /api/vouchers/check with the cart
 * and the shipping choice; the server's discount is shown until the code is removed, and asked
 * again when the cart or the shipping choice changes. The order sends only the code. A code kept
 * by the checkout draft (`restored`) is asked again on return: its discount may have changed.
 */
export function useVoucher(lines: CartLine[], shipping: VoucherShipping | null, restored = '') {
  const [typed, setTyped] = useState(restored);
  const [applied, setApplied] = useState<VoucherCheck | null>(null);
  const [error, setError] = useState('');
  const check = useMutation({
    mutationFn: (code: string) =>
      api('POST /vouchers/check', {
        body: {
          voucherCode: code,
          items: orderItems(lines),
          ...(shipping && postalReady(shipping.districtCode, shipping.postalCode) ? { shipping } : {}),
        },
      }),
    onSuccess: (answer) => {
      setApplied(answer);
      setError('');
    },
    onError: (err) => {
      setApplied(null);
      setError(errorMessage(err, 'Gagal memeriksa kode voucher. Silakan coba lagi.'));
    },
  });

  // Another cart or shipping choice may change what the code takes off: ask the server again.
  const basis = JSON.stringify([lines, shipping]);
  const lastBasis = useRef(basis);
  const code = applied?.voucher_code;
  const { mutate } = check;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on return to checkout.
  useEffect(() => {
    if (restored) mutate(restored);
  }, []);
  useEffect(() => {
    if (basis === lastBasis.current) return;
    lastBasis.current = basis;
    if (code) mutate(code);
  }, [basis, code, mutate]);

  function apply() {
    const parsed = voucherCodeSchema.safeParse(typed);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Kode voucher tidak valid');
    check.mutate(parsed.data);
  }

  function remove() {
    setApplied(null);
    setTyped('');
    setError('');
  }

  /** The server refused the code when placing (used up meanwhile): drop it and say why under the field. */
  function refuse(err: ApiError) {
    setApplied(null);
    setError(err.message);
  }

  const field = (
    <div className={styles.voucher}>
      {applied ? (
        <div className={styles.applied}>
          <p role="status">
            Kode <strong>{applied.voucher_code}</strong> dipakai: hemat{' '}
            <span className={styles.money}>{formatRupiah(applied.discount_amount)}</span>
          </p>
          <button type="button" className={buttonClass.secondary} onClick={remove}>
            Hapus
          </button>
        </div>
      ) : (
        <div className={styles.entry}>
          <Field
            label="Kode Voucher"
            name="voucherCode"
            autoComplete="off"
            autoCapitalize="characters"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter applies the code rather than placing the order.
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            error={error || undefined}
          />
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={apply}
            disabled={check.isPending || typed.trim() === ''}
          >
            {check.isPending ? 'Memeriksa...' : 'Pakai'}
          </button>
        </div>
      )}
    </div>
  );

  return { applied, field, refuse };
}
