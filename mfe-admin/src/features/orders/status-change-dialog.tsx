import {
  type Order,
  type OrderStatus,
  orderStatusLabels,
  orderStatusUpdateSchema,
  shortOrderId,
} from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import section from '../../shared/section.module.css';
import { useUpdateOrderStatus } from './api.ts';

interface StatusChangeDialogProps {
  order: Order;
  status: OrderStatus;
  onClose: () => void;
}

/** Asks before an order's status changes; 'shipped' needs the courier and resi, 'cancelled' may say why. */
export function StatusChangeDialog({ order, status, onClose }: StatusChangeDialogProps) {
  const update = useUpdateOrderStatus();
  const { errors, setErrors, parse } = useZodForm(orderStatusUpdateSchema);

  /** The fields with the chosen status; a blank reason is no reason. */
  function statusInput(data: FormData) {
    const fields = Object.fromEntries(data);
    if (fields.reason === '') delete fields.reason;
    return { ...fields, status };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = parse(event.currentTarget, statusInput);
    if (!parsed) return;
    update.mutate(
      { id: order.id, input: parsed },
      {
        onSuccess: () => {
          toast({ title: 'Status berhasil diperbarui' });
          onClose();
        },
        onError: (error) => {
          // The server's word on a move it refuses (e.g. from 'Dikirim' back to 'Menunggu').
          if (error instanceof ApiError && error.status < 500)
            setErrors({ ...error.fields, form: error.message });
          toastError('Gagal memperbarui status pesanan');
        },
      },
    );
  }

  return (
    <Dialog title={`Ubah status pesanan #${shortOrderId(order.id)}?`} onClose={onClose} error={errors.form}>
      <form className={section.form} onSubmit={onSubmit} noValidate>
        <p>
          Dari <strong>{orderStatusLabels[order.status] ?? order.status}</strong> menjadi{' '}
          <strong>{orderStatusLabels[status]}</strong>. Perubahan dicatat di riwayat pesanan dan pelanggan
          diberi tahu lewat email.
        </p>
        {status === 'shipped' && (
          <>
            <Field
              label="Kurir"
              name="courier"
              placeholder="mis. JNE, J&T, SiCepat"
              error={errors.courier}
              required
            />
            <Field label="Nomor Resi" name="trackingNumber" error={errors.trackingNumber} required />
          </>
        )}
        {status === 'cancelled' && (
          <TextAreaField label="Alasan (opsional)" name="reason" rows={3} error={errors.reason} />
        )}
        <DialogButtons confirm="Ya, Ubah Status" pending={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
