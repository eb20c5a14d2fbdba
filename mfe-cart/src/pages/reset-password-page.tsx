import { newPasswordSchema } from '@gi/contracts';
import { apiRequest } from '@gi/contracts/client';
import { Link, useMutation, useNavigate, useSearchParams } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import styles from './auth-card.module.css';

/** /reset-password?token=…: the page the emailed reset link opens. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { errors, parse } = useZodForm(newPasswordSchema);
  const reset = useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ message: string }>('/api/auth/password/reset', {
        method: 'POST',
        body: JSON.stringify({ token, password }),
      }),
    onSuccess: ({ message }) => {
      toast({ title: 'Password diperbarui', description: message });
      navigate('/customer/login');
    },
    onError: (error) => toastError(errorMessage(error, 'Gagal memperbarui password. Silakan coba lagi.')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (input) reset.mutate(input.password);
  }

  return (
    <section className={styles.wrap} aria-labelledby="reset-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="reset-title" className={styles.title}>
          Buat Password Baru
        </h1>
        {token ? (
          <>
            <Field
              label="Password Baru"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              required
            />
            <Field
              label="Konfirmasi Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              required
            />
            <button type="submit" className={buttonClass.primary} disabled={reset.isPending}>
              {reset.isPending ? 'Menyimpan...' : 'Simpan Password'}
            </button>
          </>
        ) : (
          <p className={styles.lead}>Tautan tidak lengkap. Minta tautan baru dari halaman lupa password.</p>
        )}
        <ul className={styles.links}>
          <li>
            <Link to="/forgot-password">Minta tautan baru</Link>
          </li>
        </ul>
      </form>
    </section>
  );
}
