import { forgotPasswordSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { Link, useMutation } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { Field, toastError, useZodForm } from '@gi/ui';
import { useSecurityCheck } from '../shared/security-check.tsx';
import styles from './auth-card.module.css';
import { AuthForm, AuthLead, SubmitButton } from './auth-card.tsx';

/** /forgot-password: asks the API to email a reset link (same answer whether or not the email exists). */
export default function ForgotPasswordPage() {
  const { errors, parse } = useZodForm(forgotPasswordSchema);
  // Always asked while the check is on (decision 036).
  const check = useSecurityCheck('forgot');
  const send = useMutation({
    mutationFn: (input: { email: string; turnstileToken?: string }) =>
      api('POST /auth/password/forgot', { body: input }),
    onError: (error) => toastError(errorMessage(error, 'Gagal mengirim tautan. Silakan coba lagi.')),
    // The token is spent, whatever the answer: a second try needs a new one.
    onSettled: check.spend,
  });

  return (
    <AuthForm
      id="forgot"
      title="Lupa Password"
      parse={parse}
      onValid={({ email }) => send.mutate(check.token ? { email, turnstileToken: check.token } : { email })}
      links={
        <li>
          <Link to="/customer/login">Kembali ke halaman masuk</Link>
        </li>
      }
    >
      {send.isSuccess ? (
        <p role="status" className={styles.lead}>
          {send.data.message}
        </p>
      ) : (
        <>
          <AuthLead>
            Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru.
          </AuthLead>
          <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
          {check.widget}
          <SubmitButton
            pending={send.isPending}
            waiting={check.waiting}
            text="Kirim Tautan"
            pendingText="Mengirim..."
          />
        </>
      )}
    </AuthForm>
  );
}
