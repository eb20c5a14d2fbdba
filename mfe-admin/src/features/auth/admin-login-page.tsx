import { adminLoginSchema, fieldErrors } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { Navigate } from '@gi/platform';
import { errorMessage, useSession, useSignIn } from '@gi/session';
import { type FormEvent, useState } from 'react';
import styles from './admin-login-page.module.css';
import { NO_ACCESS } from './no-access.tsx';

/** /admin/login (spec §2): errors in an alert, an admin already signed in goes to /admin. */
export default function AdminLoginPage() {
  const { user } = useSession();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});

  // Signing in updates the shared session, and with it this redirect.
  if (user?.role === 'admin' && !signIn.isPending) return <Navigate to="/admin" replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = adminLoginSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setInvalid(fields);
      setError(Object.values(fields)[0] ?? 'Login failed');
      return;
    }
    setInvalid({});
    setError(null);
    signIn.mutate(parsed.data, {
      onSuccess: ({ user: signedIn }) => {
        if (signedIn.role !== 'admin') setError(NO_ACCESS);
      },
      onError: (err) =>
        setError(
          err instanceof ApiError ? errorMessage(err, 'Login failed') : 'An unexpected error occurred',
        ),
    });
  }

  return (
    <section className={styles.wrap} aria-labelledby="admin-login-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="admin-login-title" className={styles.title}>
          Login Admin
        </h1>
        {error && (
          <div role="alert" className={styles.alert}>
            {error}
          </div>
        )}
        <label className={styles.field}>
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            aria-invalid={invalid.email ? true : undefined}
          />
        </label>
        <label className={styles.field}>
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={invalid.password ? true : undefined}
          />
        </label>
        <button type="submit" className={styles.submit} disabled={signIn.isPending}>
          {signIn.isPending ? 'Masuk...' : 'Login'}
        </button>
      </form>
    </section>
  );
}
