import {
  canTransition,
  isOrderStatus,
  type Order,
  type OrderPayment,
  type OrderStatus,
  orderStateLabel,
  orderStatuses,
  orderStatusLabels,
  paidOrderStatuses,
  shortOrderId,
} from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { toast, toastError } from '@gi/ui';
import { useId, useState } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import table from '../../shared/table.module.css';
import { useDeleteOrder } from './api.ts';
import { StatusChangeDialog } from './status-change-dialog.tsx';

export const DELETE_ORDER_QUESTION =
  'Apakah Anda yakin ingin menghapus pesanan ini? Tindakan ini tidak dapat dibatalkan dan juga akan menghapus semua item pesanan.';

/** Why a paid order has no 'Hapus' (issue 37). */
export const PAID_ORDER_KEPT =
  'Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus.';

/**
 * An order the shop took money for: past payment in the lifecycle, a paid attempt (the detail
 * lists them all), or money owed back or returned. The Worker refuses to delete it as well
 * (409 order_has_payment), which covers what a list row cannot tell.
 */
export function wasPaid(order: Order & { payments?: OrderPayment[] }): boolean {
  return (
    (paidOrderStatuses as readonly OrderStatus[]).includes(order.status) ||
    order.payment_status === 'paid' ||
    Boolean(order.refund_status) ||
    (order.payments ?? []).some((payment) => payment.status === 'paid')
  );
}

/**
 * The status dropdown of an order (product.md §4): only the moves the lifecycle allows, each
 * after a confirmation (and, for 'Dikirim', the courier and resi); it shows the stored status until
 * then, named as the badge names it ('Menunggu Verifikasi' while a receipt waits).
 */
export function OrderStatusSelect({ order }: { order: Order }) {
  // The move asked about, from the status it was asked from: once the order moves by itself (a
  // payment or the courier, seen by the detail's refresh) the question no longer holds.
  const [move, setMove] = useState<{ from: string; to: OrderStatus } | null>(null);
  const known = isOrderStatus(order.status);

  return (
    <>
      <select
        className={table.inlineSelect}
        aria-label={`Ubah status pesanan ${shortOrderId(order.id)}`}
        value={order.status}
        onChange={(event) => {
          const next = event.target.value;
          if (isOrderStatus(next) && next !== order.status) setMove({ from: order.status, to: next });
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
            {status === order.status
              ? orderStateLabel(status, order.payment_status)
              : orderStatusLabels[status]}
          </option>
        ))}
      </select>
      {move?.from === order.status && (
        <StatusChangeDialog order={order} status={move.to} onClose={() => setMove(null)} />
      )}
    </>
  );
}

interface DeleteOrderButtonProps {
  order: Order & { payments?: OrderPayment[] };
  onDeleted?: () => void;
  /** The order's own page: a paid order's disabled button says why beside it (a list row, in its tooltip). */
  explain?: boolean;
}

/**
 * Deletes an order and its items after the question that says so; a paid order cannot be
 * deleted (PAID_ORDER_KEPT). The server's refusal shows in the question's dialog.
 */
export function DeleteOrderButton({ order, onDeleted, explain = false }: DeleteOrderButtonProps) {
  const remove = useDeleteOrder();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const noteId = useId();
  const paid = wasPaid(order);
  const short = shortOrderId(order.id);

  function onConfirm() {
    remove.mutate(order.id, {
      onSuccess: () => {
        toast({ title: 'Pesanan berhasil dihapus' });
        setAsking(false);
        onDeleted?.();
      },
      onError: (error) => {
        // The server's word on an order it keeps, such as one with a payment (order_has_payment).
        if (error instanceof ApiError && error.status < 500) setRefusal(error.message);
        toastError('Gagal menghapus pesanan');
      },
    });
  }

  return (
    <>
      <button
        type="button"
        className={table.danger}
        aria-label={`Hapus pesanan ${short}`}
        title={paid ? PAID_ORDER_KEPT : undefined}
        aria-describedby={paid && explain ? noteId : undefined}
        disabled={paid || remove.isPending}
        onClick={() => {
          setRefusal(undefined);
          setAsking(true);
        }}
      >
        Hapus
      </button>
      {paid && explain && (
        <p id={noteId} className={table.muted}>
          {PAID_ORDER_KEPT}
        </p>
      )}
      {asking && (
        <Dialog title={`Hapus pesanan #${short}?`} onClose={() => setAsking(false)} error={refusal}>
          <p>{DELETE_ORDER_QUESTION}</p>
          <DialogButtons
            confirm="Ya, Hapus"
            pending={remove.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={onConfirm}
          />
        </Dialog>
      )}
    </>
  );
}
