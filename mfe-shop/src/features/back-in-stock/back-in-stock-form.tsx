import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';
import { errorMessage, useSession } from '@gi/session';
import { buttonClass, Field } from '@gi/ui';
import { type FormEvent, useId } from 'react';
import styles from './back-in-stock-form.module.css';

interface BackInStockFormProps {
  productId: string;
  variantId: string;
  /** The sold-out size, as the shopper chose it ('50 ml'). */
  size: string;
}

/**
 * 'Kabari Saya' on a sold-out size (decision 042): one email when it is back. A guest gives an
 * address; a signed-in customer is told at the account's, which the form names instead of
 * asking. The server's Indonesian messages are shown as they come (the address under its field).
 * Its own chunk: only a sold-out size's page loads it.
 */
export default function BackInStockForm({ productId, variantId, size }: BackInStockFormProps) {
  const { user } = useSession();
  const titleId = useId();
  const ask = useMutation({
    mutationFn: (email: string | undefined) =>
      api('POST /products/{id}/notify', {
        params: { id: productId },
        body: { variantId, ...(email === undefined ? {} : { email }) },
      }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ask.isPending) return;
    // A blank field is no address: the server then says it is needed.
    const email = user
      ? undefined
      : String(new FormData(event.currentTarget).get('email') ?? '') || undefined;
    ask.mutate(email);
  }

  const fieldError = ask.error instanceof ApiError ? ask.error.fields.email : undefined;
  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Kabari Saya
      </h2>
      {ask.isSuccess ? (
        <p role="status" className={styles.success}>
          {ask.data.message}
        </p>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <p className={styles.lead}>
            Ukuran {size} sedang habis.{' '}
            {user ? `Kami akan mengirim satu email ke ${user.email}` : 'Kami akan mengirim satu email'} saat
            ukuran ini tersedia lagi.
          </p>
          {!user && (
            <Field label="Email" name="email" type="email" autoComplete="email" error={fieldError} required />
          )}
          <p className={styles.consent}>
            Dengan menekan Kabari Saya, Anda setuju menerima email pemberitahuan stok ini. Setiap email memuat
            tautan untuk berhenti berlangganan.
          </p>
          {ask.isError && !fieldError && (
            <p role="alert" className={styles.error}>
              {errorMessage(ask.error, 'Permintaan gagal dikirim. Silakan coba lagi.')}
            </p>
          )}
          <button type="submit" className={buttonClass.secondary} disabled={ask.isPending}>
            {ask.isPending ? 'Mengirim...' : 'Kabari Saya'}
          </button>
        </form>
      )}
    </section>
  );
}
