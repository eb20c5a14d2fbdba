import { formatRupiah, type Order, paymentRejectSchema, shortOrderId } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { useReviewPayment } from './api.ts';

type Asking = 'confirm' | 'reject' | null;

/** 'Konfirmasi' (the order moves to 'Diproses') or 'Tolak' with a reason, each after a question. */
export function PaymentReviewActions({ order }: { order: Order }) {
  const review = useReviewPayment();
  const [asking, setAsking] = useState<Asking>(null);
  const { errors, setErrors, parse } = useZodForm(paymentRejectSchema);
  const short = shortOrderId(order.id);

  function close() {
    setAsking(null);
    setErrors({});
  }

  function send(reject: { reason: string } | null) {
    review.mutate(
      { id: order.id, reject },
      {
        onSuccess: () => {
          toast({ title: reject ? 'Pembayaran ditolak' : 'Pembayaran dikonfirmasi' });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status < 500)
            setErrors({ ...error.fields, form: error.message });
          toastError(reject ? 'Gagal menolak pembayaran' : 'Gagal mengonfirmasi pembayaran');
        },
      },
    );
  }

  function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (review.isPending) return;
    const parsed = parse(event.currentTarget);
    if (parsed) send(parsed);
  }

  return (
    <>
      <button
        type="button"
        className={table.action}
        aria-label={`Konfirmasi pembayaran ${short}`}
        onClick={() => setAsking('confirm')}
      >
        Konfirmasi
      </button>
      <button
        type="button"
        className={table.danger}
        aria-label={`Tolak pembayaran ${short}`}
        onClick={() => setAsking('reject')}
      >
        Tolak
      </button>
      {asking === 'confirm' && (
        <Dialog title={`Konfirmasi pembayaran #${short}?`} onClose={close} error={errors.form}>
          <p>
            Pastikan dana <strong>{formatRupiah(order.total_amount)}</strong> sudah masuk ke rekening toko.
            Pesanan akan berstatus Diproses dan pelanggan diberi tahu lewat email.
          </p>
          <DialogButtons
            confirm="Ya, Konfirmasi"
            pending={review.isPending}
            onCancel={close}
            onConfirm={() => send(null)}
          />
        </Dialog>
      )}
      {asking === 'reject' && (
        <Dialog title={`Tolak pembayaran #${short}?`} onClose={close} error={errors.form}>
          <form className={section.form} onSubmit={onReject} noValidate>
            <TextAreaField
              label="Alasan penolakan"
              name="reason"
              rows={3}
              placeholder="mis. Nominal transfer tidak sesuai"
              error={errors.reason}
              required
            />
            <p>Pelanggan melihat alasan ini dan dapat mengunggah bukti transfer baru.</p>
            <DialogButtons confirm="Tolak Pembayaran" pending={review.isPending} onCancel={close} />
          </form>
        </Dialog>
      )}
    </>
  );
}
