import type { Order } from '@gi/contracts';
import { shortOrderId } from '@gi/contracts/web';
import { errorMessage } from '@gi/session';
import { buttonClass, toast, toastError } from '@gi/ui';
import { useMarkRefunded } from './api.ts';

/** 'Tandai Sudah Direfund' for a cancelled order whose money the shop has returned. */
export function MarkRefunded({ order }: { order: Pick<Order, 'id'> }) {
  const mark = useMarkRefunded();
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={mark.isPending}
      aria-label={`Tandai pesanan ${shortOrderId(order.id)} sudah direfund`}
      onClick={() =>
        mark.mutate(order.id, {
          onSuccess: () => toast({ title: 'Berhasil', description: 'Pesanan ditandai sudah direfund' }),
          onError: (err) => toastError(errorMessage(err, 'Gagal menandai refund. Silakan coba lagi.')),
        })
      }
    >
      {mark.isPending ? 'Menyimpan...' : 'Tandai Sudah Direfund'}
    </button>
  );
}
