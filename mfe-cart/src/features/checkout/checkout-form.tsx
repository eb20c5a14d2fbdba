import { checkoutSchema, formatRupiah, type Order, shortOrderId } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { useMutation, useQueryClient } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass, Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import styles from './checkout-form.module.css';

export interface CheckoutLine {
  id: string;
  quantity: number;
}

interface CheckoutFormProps {
  lines: CheckoutLine[];
  /** What the browser believes; the order's real total comes back from the server. */
  estimatedTotal: number;
  onBack: () => void;
  onOrdered: (order: Order) => void;
}

/** Spec §2 'Informasi Pengiriman': sends product ids and quantities only. */
export function CheckoutForm({ lines, estimatedTotal, onBack, onOrdered }: CheckoutFormProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const { errors, parse } = useZodForm(checkoutSchema);
  // One key per attempt at this cart: a double click or a retry after a lost
  // answer returns the same order instead of creating a second one.
  // A new cart content is a new attempt. Kept in state, not useMemo: React may drop
  // a memo, and a new key there would let a retry create a second order.
  const signature = lines.map((l) => `${l.id}:${l.quantity}`).join();
  const [attempt, setAttempt] = useState(() => ({ signature, key: crypto.randomUUID() }));
  if (attempt.signature !== signature) setAttempt({ signature, key: crypto.randomUUID() });
  const idempotencyKey = attempt.key;

  const createOrder = useMutation({
    mutationFn: (customer: ReturnType<typeof checkoutSchema.parse>) =>
      apiRequest<Order>('/api/orders', {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify({
          items: lines.map(({ id, quantity }) => ({ productId: id, quantity })),
          customer,
        }),
      }),
    onSuccess: (order) => {
      client.invalidateQueries({ queryKey: ['orders', 'mine'] });
      toast({
        title: 'Pesanan berhasil dibuat',
        description: `Pesanan dengan ID ${shortOrderId(order.id)}... telah berhasil dibuat`,
      });
      onOrdered(order);
    },
    onError: () => toastError('Gagal membuat pesanan. Silakan coba lagi.'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createOrder.isPending) return;
    if (!user) return toastError('Anda harus login terlebih dahulu');
    if (lines.length === 0) return toastError('Keranjang belanja kosong');
    const customer = parse(event.currentTarget);
    if (customer) createOrder.mutate(customer);
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="checkout-title">
      <div className={styles.header}>
        <button type="button" className={buttonClass.secondary} onClick={onBack}>
          ← Kembali
        </button>
        <h2 id="checkout-title">Informasi Pengiriman</h2>
      </div>
      <Field
        label="Nama Lengkap"
        name="customerName"
        autoComplete="name"
        defaultValue={user?.name ?? ''}
        error={errors.customerName}
        required
      />
      <Field
        label="Email"
        name="customerEmail"
        type="email"
        autoComplete="email"
        defaultValue={user?.email ?? ''}
        error={errors.customerEmail}
        required
      />
      <Field
        label="Nomor Telepon (opsional)"
        name="customerPhone"
        type="tel"
        autoComplete="tel"
        error={errors.customerPhone}
      />
      <TextAreaField
        label="Alamat Lengkap"
        name="customerAddress"
        autoComplete="street-address"
        rows={3}
        error={errors.customerAddress}
        required
      />
      <p className={styles.total}>
        Total Pesanan: <strong>{formatRupiah(estimatedTotal)}</strong>
      </p>
      <button type="submit" className={buttonClass.primary} disabled={createOrder.isPending}>
        {createOrder.isPending ? 'Memproses...' : 'Buat Pesanan'}
      </button>
    </form>
  );
}
