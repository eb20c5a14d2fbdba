import { errorMessage } from '@gi/session';
import { toast, toastError } from '@gi/ui';
import { useCancelOrder } from './api.ts';
import { ConfirmStep } from './confirm-step.tsx';

/**
 * 'Batalkan Pesanan' for an unpaid order, after a confirmation in place. When the shopper has
 * uploaded a receipt (`paid`), the question says the money comes back by a refund from the shop
 * and the cancel is sent as confirmed (decision 023).
 */
export function CancelOrder({ orderId, paid }: { orderId: string; paid: boolean }) {
  const cancel = useCancelOrder(orderId);
  return (
    <ConfirmStep
      label="Batalkan Pesanan"
      question={
        paid
          ? 'Bukti transfer Anda akan diperiksa lebih dulu sebelum dana dikembalikan: setelah transfer Anda ditemukan, toko mengembalikan dananya dan menghubungi Anda. Pesanan yang dibatalkan tidak dapat diaktifkan kembali. Tetap batalkan?'
          : 'Batalkan pesanan ini? Pesanan yang dibatalkan tidak dapat diaktifkan kembali.'
      }
      yes="Ya, Batalkan Pesanan"
      busy="Membatalkan..."
      tone="danger"
      pending={cancel.isPending}
      onConfirm={(done) =>
        cancel.mutate(paid ? { confirmPaid: true } : {}, {
          onSuccess: () => {
            done();
            toast({
              title: 'Pesanan dibatalkan',
              ...(paid
                ? {
                    description:
                      'Toko akan memeriksa bukti transfer Anda lebih dulu, lalu mengembalikan dananya.',
                  }
                : {}),
            });
          },
          onError: (err) => toastError(errorMessage(err, 'Gagal membatalkan pesanan. Silakan coba lagi.')),
        })
      }
    />
  );
}
