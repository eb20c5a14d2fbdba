import { errorMessage } from '@gi/session';
import { toast, toastError } from '@gi/ui';
import { useConfirmReceived } from './api.ts';
import { ConfirmStep } from './confirm-step.tsx';

/**
 * 'Pesanan Diterima' on a shipped order: the customer says the parcel arrived, after a question
 * in place (the order then ends; the Cron closes it for those who never press).
 */
export function ConfirmReceived({ orderId }: { orderId: string }) {
  const received = useConfirmReceived(orderId);
  return (
    <ConfirmStep
      label="Pesanan Diterima"
      question="Sudah menerima paket dan isinya sesuai? Setelah dikonfirmasi, pesanan dinyatakan selesai."
      yes="Ya, Sudah Diterima"
      busy="Menyimpan..."
      tone="primary"
      pending={received.isPending}
      onConfirm={(done) =>
        received.mutate(undefined, {
          onSuccess: () => {
            done();
            toast({ title: 'Terima kasih! Pesanan telah diterima' });
          },
          onError: (err) => toastError(errorMessage(err, 'Gagal mengonfirmasi pesanan. Silakan coba lagi.')),
        })
      }
    />
  );
}
