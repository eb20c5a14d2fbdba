import { isStaff, loginSchema, TWO_FACTOR_REQUIRED, twoFactorCodeSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { Navigate, useSearchParams } from '@gi/platform';
import { errorMessage, useSession, useSignIn } from '@gi/session';
import { useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { NO_ACCESS } from '../features/auth/no-access.tsx';
import { useSecondFactor } from '../features/auth/second-factor.ts';
import { InviteAccept } from '../features/staff/invite-accept.tsx';
import styles from './admin-login-page.module.css';

/**
 * /admin/login (product.md §2): errors in an alert, staff already signed in go to /admin. With
 * `?invite=` (a staff invitation's link, decision 052) it first asks for a name and a password. A
 * staff account with two-factor enters its code next (decision 053); `?langkah=kode` opens that
 * step, where a mailed sign-in link lands.
 */
export default function AdminLoginPage() {
  const { user } = useSession();
  const signIn = useSignIn();
  const { errors, parse } = useZodForm(loginSchema);
  const [failure, setFailure] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  const [joined, setJoined] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(params.get('langkah') === 'kode');

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
  if (codeStep) {
    return (
      <CodeStep
        onExpired={(message) => {
          setCodeStep(false);
          setFailure(message);
        }}
      />
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = parse(event.currentTarget);
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: ({ user: signedIn }) => {
        if (!isStaff(signedIn.role)) setFailure(NO_ACCESS);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === TWO_FACTOR_REQUIRED) setCodeStep(true);
        else
          setFailure(
            err instanceof ApiError ? errorMessage(err, 'Login failed') : 'An unexpected error occurred',
          );
      },
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

/** The second step: the authenticator app's 6 digits, or one recovery code. */
function CodeStep({ onExpired }: { onExpired: (message: string) => void }) {
  const verify = useSecondFactor();
  const { errors, parse } = useZodForm(twoFactorCodeSchema);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = parse(event.currentTarget);
    if (!input || verify.isPending) return;
    verify.mutate(input.code, {
      onSuccess: ({ user }) => {
        if (!isStaff(user.role)) setFailure(NO_ACCESS);
      },
      onError: (err) => {
        const message = errorMessage(err, 'Terjadi kesalahan. Silakan coba lagi.');
        if (err instanceof ApiError && err.code === 'two_factor_expired') onExpired(message);
        else setFailure(message);
      },
    });
  }

  const error = errors.code ?? failure;
  return (
    <section className={styles.wrap} aria-labelledby="admin-code-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="admin-code-title" className={styles.title}>
          Verifikasi Dua Langkah
        </h1>
        <p>Masukkan kode 6 angka dari aplikasi autentikator Anda, atau salah satu kode pemulihan.</p>
        {error && (
          <div role="alert" className={styles.alert}>
            {error}
          </div>
        )}
        <label className={styles.field}>
          <span>Kode Verifikasi</span>
          <input
            name="code"
            autoComplete="one-time-code"
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, right after the password
            autoFocus
            required
            aria-invalid={errors.code ? true : undefined}
          />
        </label>
        <button type="submit" className={styles.submit} disabled={verify.isPending}>
          {verify.isPending ? 'Memeriksa...' : 'Verifikasi'}
        </button>
      </form>
    </section>
  );
}
