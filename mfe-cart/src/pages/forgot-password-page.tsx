import { forgotPasswordSchema } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { Link, useMutation } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toastError, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import styles from './auth-card.module.css';

/** /forgot-password: asks the API to email a reset link (same answer whether or not the email exists). */
export default function ForgotPasswordPage() {
  const { errors, parse } = useZodForm(forgotPasswordSchema);
  const send = useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<{ message: string }>('/api/auth/password/forgot', {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onError: (error) => toastError(errorMessage(error, 'Gagal mengirim tautan. Silakan coba lagi.')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (input) send.mutate(input);
  }

  return (
    <section className={styles.wrap} aria-labelledby="forgot-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="forgot-title" className={styles.title}>
          Lupa Password
        </h1>
        {send.isSuccess ? (
          <p role="status" className={styles.lead}>
            {send.data.message}
          </p>
        ) : (
          <>
            <p className={styles.lead}>
              Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru.
            </p>
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              error={errors.email}
              required
            />
            <button type="submit" className={buttonClass.primary} disabled={send.isPending}>
              {send.isPending ? 'Mengirim...' : 'Kirim Tautan'}
            </button>
          </>
        )}
        <ul className={styles.links}>
          <li>
            <Link to="/customer/login">Kembali ke halaman masuk</Link>
          </li>
        </ul>
      </form>
    </section>
  );
}
