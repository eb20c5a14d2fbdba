import { staffAcceptFormSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { Field, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import styles from '../../pages/admin-login-page.module.css';

interface InviteAcceptProps {
  /** The signed token of the invitation's link (`?invite=`). */
  token: string;
  /** The account is made: the login takes over, with its address. */
  onAccepted: (email: string) => void;
}

/**
 * The page an invitation's link opens (decision 052): the invitee gives a name and sets their own
 * password; the role is the one the owner chose. Then they sign in like everyone.
 */
export function InviteAccept({ token, onAccepted }: InviteAcceptProps) {
  const { errors, setErrors, parse } = useZodForm(staffAcceptFormSchema);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (input: { name: string; password: string; confirmPassword: string }) =>
      api('POST /auth/staff-invite', { body: { token, ...input } }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = parse(event.currentTarget);
    if (!input) return;
    accept.mutate(input, {
      onSuccess: ({ email }) => onAccepted(email),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        setFailure(errorMessage(err, 'Gagal menyimpan. Silakan coba lagi.'));
      },
    });
  }

  const error = failure ?? Object.values(errors)[0];
  return (
    <section className={styles.wrap} aria-labelledby="invite-title">
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id="invite-title" className={styles.title}>
          Terima Undangan Staf
        </h1>
        <p>Isi nama Anda dan buat password untuk masuk ke dasbor toko.</p>
        {error && (
          <div role="alert" className={styles.alert}>
            {error}
          </div>
        )}
        <Field label="Nama" name="name" autoComplete="name" error={errors.name} required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          required
        />
        <Field
          label="Ulangi Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <button type="submit" className={styles.submit} disabled={accept.isPending}>
          {accept.isPending ? 'Menyimpan...' : 'Simpan Password'}
        </button>
      </form>
    </section>
  );
}
