import { adminLoginSchema } from '@gi/contracts';
import { ApiError, apiRequest } from '@gi/contracts/client';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './admin-login-page.module.css';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = adminLoginSchema.safeParse(data);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Login failed');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await apiRequest('/api/auth/login', { method: 'POST', body: JSON.stringify(parsed.data) });
      navigate('/admin');
    } catch (err) {
      setError(err instanceof ApiError ? err.message || 'Login failed' : 'An unexpected error occurred');
    } finally {
      setSubmitting(false);
    }
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
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className={styles.field}>
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className={styles.submit} disabled={submitting}>
          {submitting ? 'Masuk...' : 'Login'}
        </button>
      </form>
    </section>
  );
}
