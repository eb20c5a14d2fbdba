import { customerLoginSchema } from '@gi/contracts';
import { Link, Navigate, useNavigate, useSearchParams } from '@gi/platform';
import { errorMessage, useSession, useSignIn } from '@gi/session';
import { buttonClass, Field, toast, useZodForm } from '@gi/ui';
import type { FormEvent } from 'react';
import styles from './auth-card.module.css';

/** Where to go after signing in: a path of this shop from `?next=` (an order page's link), else home. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
}

/** /login and /customer/login (product.md §2): the same customer sign-in screen. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const signIn = useSignIn();
  const { errors, parse } = useZodForm(customerLoginSchema);
  const next = safeNext(useSearchParams()[0].get('next'));

  if (!isLoading && user && !signIn.isPending && !signIn.isSuccess) return <Navigate to={next} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Login berhasil', description: 'Selamat datang kembali!' });
        navigate(next);
      },
      onError: (error) =>
        toast({
          title: 'Login gagal',
          description: errorMessage(error, 'Email atau password salah'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <section className={styles.wrap} aria-labelledby="login-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="login-title" className={styles.title}>
          Masuk
        </h1>
        <p className={styles.lead}>Masuk untuk checkout dan melihat pesanan Anda.</p>
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
        />
        <button type="submit" className={buttonClass.primary} disabled={signIn.isPending}>
          {signIn.isPending ? 'Masuk...' : 'Masuk'}
        </button>
        <ul className={styles.links}>
          <li>
            Belum punya akun? <Link to="/customer/register">Daftar di sini</Link>
          </li>
          <li>
            <Link to="/forgot-password">Lupa password?</Link>
          </li>
          <li>
            <Link to="/admin/login">Login sebagai admin</Link>
          </li>
          <li>
            <Link to="/">Kembali ke beranda</Link>
          </li>
        </ul>
      </form>
    </section>
  );
}
