import { errorMessage } from '@gi/session';
import { buttonClass, toast, toastError } from '@gi/ui';
import { useEffect, useRef, useState } from 'react';
import { useCancelOrder } from './api.ts';
import styles from './order.module.css';

/** 'Batalkan Pesanan' for an unpaid order, after a confirmation in place. */
export function CancelOrder({ orderId }: { orderId: string }) {
  const cancel = useCancelOrder(orderId);
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Pesanan dibatalkan' });
      },
      onError: (err) => toastError(errorMessage(err, 'Gagal membatalkan pesanan. Silakan coba lagi.')),
    });
  }

  if (!asking)
    return (
      <button type="button" className={buttonClass.secondary} onClick={() => setAsking(true)}>
        Batalkan Pesanan
      </button>
    );
  return (
    <div
      ref={questionRef}
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="cancel-question"
      tabIndex={-1}
    >
      <p id="cancel-question">
        Batalkan pesanan ini? Pesanan yang dibatalkan tidak dapat diaktifkan kembali.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.danger} onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? 'Membatalkan...' : 'Ya, Batalkan Pesanan'}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setAsking(false)}
          disabled={cancel.isPending}
        >
          Tidak
        </button>
      </div>
    </div>
  );
}
