import {
  isOrderStatus,
  type Order,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
  shortOrderId,
} from '@gi/contracts';
import { toast, toastError } from '@gi/ui';
import { LabelledOptions } from '../../components/list-controls.tsx';
import table from '../../components/table.module.css';
import { useDeleteOrder, useUpdateOrderStatus } from './api.ts';

export const DELETE_ORDER_QUESTION =
  'Apakah Anda yakin ingin menghapus pesanan ini? Tindakan ini tidak dapat dibatalkan dan juga akan menghapus semua item pesanan.';

/** The status dropdown of an order: the new value shows at once and is saved on the server. */
export function OrderStatusSelect({ order }: { order: Order }) {
  const update = useUpdateOrderStatus();
  const pending = update.isPending && update.variables.id === order.id;
  const value = pending ? update.variables.status : order.status;

  function onChange(status: OrderStatus) {
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: () => toast({ title: 'Status berhasil diperbarui' }),
        onError: () => toastError('Gagal memperbarui status pesanan'),
      },
    );
  }

  return (
    <select
      className={table.inlineSelect}
      aria-label={`Ubah status pesanan ${shortOrderId(order.id)}`}
      value={value}
      disabled={pending}
      onChange={(event) => {
        if (isOrderStatus(event.target.value)) onChange(event.target.value);
      }}
    >
      {!isOrderStatus(order.status) && (
        <option value={order.status} disabled>
          {order.status}
        </option>
      )}
      <LabelledOptions values={orderStatuses} labels={orderStatusLabels} />
    </select>
  );
}

/** Deletes an order and its items after the confirmation that says so. */
export function DeleteOrderButton({ order, onDeleted }: { order: Order; onDeleted?: () => void }) {
  const remove = useDeleteOrder();

  function onClick() {
    if (!window.confirm(DELETE_ORDER_QUESTION)) return;
    remove.mutate(order.id, {
      onSuccess: () => {
        toast({ title: 'Pesanan berhasil dihapus' });
        onDeleted?.();
      },
      onError: () => toastError('Gagal menghapus pesanan'),
    });
  }

  return (
    <button
      type="button"
      className={table.danger}
      aria-label={`Hapus pesanan ${shortOrderId(order.id)}`}
      disabled={remove.isPending}
      onClick={onClick}
    >
      Hapus
    </button>
  );
}
