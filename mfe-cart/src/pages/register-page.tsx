import { registerSchema } from '@gi/contracts';
import { Link, Navigate, useNavigate } from '@gi/platform';
import { errorMessage, useRegister, useSession } from '@gi/session';
import { buttonClass, Field, toast, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import styles from './auth-card.module.css';

/** /register and /customer/register (product.md §2). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const register = useRegister();
  const { errors, setErrors, parse } = useZodForm(registerSchema);

  if (!isLoading && user) return <Navigate to="/" replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input) return;
    register.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Registrasi berhasil', description: 'Silakan login dengan akun baru Anda.' });
        navigate('/customer/login');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Terjadi kesalahan saat registrasi');
        if (message === 'Email sudah terdaftar') setErrors({ email: message });
        toast({ title: 'Registrasi gagal', description: message, variant: 'destructive' });
      },
    });
  }

  return (
    <section className={styles.wrap} aria-labelledby="register-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="register-title" className={styles.title}>
          Daftar Akun
        </h1>
        <Field label="Nama" name="name" autoComplete="name" error={errors.name} required />
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
        <Field
          label="Password"
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
        <button type="submit" className={buttonClass.primary} disabled={register.isPending}>
          {register.isPending ? 'Mendaftar...' : 'Daftar'}
        </button>
        <ul className={styles.links}>
          <li>
            Sudah punya akun? <Link to="/customer/login">Masuk di sini</Link>
          </li>
          <li>
            <Link to="/">Kembali ke beranda</Link>
          </li>
        </ul>
      </form>
    </section>
  );
}
