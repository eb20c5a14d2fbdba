import type { PaymentChannel } from '@gi/contracts/gateway-labels';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import frame from '../../shared/fieldset.module.css';

// An order with nothing to pay (decision 062): the server places it paid whatever method it names,
// so checkout asks for none. The form still sends a method (the schema requires one): the
// shopper's, or the transfer when none was chosen; the server does not use it.

/**
 * Whether the total checkout computes (undefined until a shipping option is chosen) leaves nothing
 * to pay; while it does, a method is set for the form to send.
 */
export function useNothingToPay(
  total: number | undefined,
  setChannel: Dispatch<SetStateAction<PaymentChannel | ''>>,
): boolean {
  const nothing = total !== undefined && total <= 0;
  useEffect(() => {
    if (nothing) setChannel((current) => current || 'bank_transfer');
  }, [nothing, setChannel]);
  return nothing;
}

/** In place of the choice of method. */
export function NoPaymentNeeded() {
  return (
    <fieldset className={frame.fieldset}>
      <legend>Cara Pembayaran</legend>
      <p>
        <strong>Tidak perlu pembayaran.</strong> Potongan pesanan menutup seluruh total: pesanan langsung kami
        proses setelah dibuat.
      </p>
    </fieldset>
  );
}
