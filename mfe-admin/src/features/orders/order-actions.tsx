import {
  canTransition,
  isOrderStatus,
  type Order,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
  shortOrderId,
} from '@gi/contracts';
import { toast, toastError } from '@gi/ui';
import { useState } from 'react';
import table from '../../shared/table.module.css';
import { useDeleteOrder } from './api.ts';
import { StatusChangeDialog } from './status-change-dialog.tsx';

export const DELETE_ORDER_QUESTION =
  'Apakah Anda yakin ingin menghapus pesanan ini? Tindakan ini tidak dapat dibatalkan dan juga akan menghapus semua item pesanan.';

/**
 * The status dropdown of an order (product.md §4): only the moves the lifecycle allows, each
 * after a confirmation (and, for 'Dikirim', the courier and resi); it shows the stored status until then.
 */
export function OrderStatusSelect({ order }: { order: Order }) {
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const known = isOrderStatus(order.status);

  return (
    <>
      <select
        className={table.inlineSelect}
        aria-label={`Ubah status pesanan ${shortOrderId(order.id)}`}
        value={order.status}
        onChange={(event) => {
          const next = event.target.value;
          if (isOrderStatus(next) && next !== order.status) setTarget(next);
        }}
      >
        {!known && (
          <option value={order.status} disabled>
            {order.status}
          </option>
        )}
        {orderStatuses.map((status) => (
          <option
            key={status}
            value={status}
            disabled={status !== order.status && !(known && canTransition(order.status, status))}
          >
            {orderStatusLabels[status]}
          </option>
        ))}
      </select>
      {target && <StatusChangeDialog order={order} status={target} onClose={() => setTarget(null)} />}
    </>
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
