import { errorMessage } from '@gi/session';
import { buttonClass, toast, toastError } from '@gi/ui';
import { useEffect, useRef, useState } from 'react';
import { useCancelOrder } from './api.ts';
import styles from './order.module.css';

/**
 * 'Batalkan Pesanan' for an unpaid order, after a confirmation in place. When the shopper has
 * uploaded a receipt (`paid`), the question says the money comes back by a refund from the shop
 * and the cancel is sent as confirmed (decision 023).
 */
export function CancelOrder({ orderId, paid }: { orderId: string; paid: boolean }) {
  const cancel = useCancelOrder(orderId);
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  function confirm() {
    cancel.mutate(paid ? { confirmPaid: true } : {}, {
      onSuccess: () => {
        setAsking(false);
        toast({
          title: 'Pesanan dibatalkan',
          ...(paid ? { description: 'Toko telah diberi tahu dan akan mengembalikan dana Anda.' } : {}),
        });
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
        {paid
          ? 'Bukti transfer Anda sedang diperiksa admin. Jika pesanan dibatalkan, dana dikembalikan lewat refund oleh toko (toko akan menghubungi Anda). Pesanan yang dibatalkan tidak dapat diaktifkan kembali. Tetap batalkan?'
          : 'Batalkan pesanan ini? Pesanan yang dibatalkan tidak dapat diaktifkan kembali.'}
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
