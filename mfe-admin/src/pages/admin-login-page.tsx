import { isStaff, loginSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { Navigate, useSearchParams } from '@gi/platform';
import { errorMessage, useSession, useSignIn } from '@gi/session';
import { useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { NO_ACCESS } from '../features/auth/no-access.tsx';
import { InviteAccept } from '../features/staff/invite-accept.tsx';
import styles from './admin-login-page.module.css';

/**
 * /admin/login (product.md §2): errors in an alert, staff already signed in go to /admin. With
 * `?invite=` (a staff invitation's link, decision 052) it first asks for a name and a password.
 */
export default function AdminLoginPage() {
  const { user } = useSession();
  const signIn = useSignIn();
  const { errors, parse } = useZodForm(loginSchema);
  const [failure, setFailure] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  const [joined, setJoined] = useState<string | null>(null);

  if (invite)
    return (
      <InviteAccept
        token={invite}
        onAccepted={(email) => {
          setJoined(email);
          setParams({}, { replace: true });
        }}
      />
    );
  // Signing in updates the shared session, and with it this redirect.
  if (isStaff(user?.role) && !signIn.isPending) return <Navigate to="/admin" replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = parse(event.currentTarget);
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: ({ user: signedIn }) => {
        if (!isStaff(signedIn.role)) setFailure(NO_ACCESS);
      },
      onError: (err) =>
        setFailure(
          err instanceof ApiError ? errorMessage(err, 'Login failed') : 'An unexpected error occurred',
        ),
    });
  }

  const error = Object.values(errors)[0] ?? failure;
  return (
    <section className={styles.wrap} aria-labelledby="admin-login-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="admin-login-title" className={styles.title}>
          Login Admin
        </h1>
        {joined && !error && (
          <p role="status">Akun staf Anda siap. Masuk dengan email dan password yang baru Anda buat.</p>
        )}
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
            defaultValue={joined ?? undefined}
            required
            aria-invalid={errors.email ? true : undefined}
          />
        </label>
        <label className={styles.field}>
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
          />
        </label>
        <button type="submit" className={styles.submit} disabled={signIn.isPending}>
          {signIn.isPending ? 'Masuk...' : 'Login'}
        </button>
      </form>
    </section>
  );
}
