import { buttonClass, Field } from '@gi/ui';
import type { FormEvent, ReactNode } from 'react';
import styles from './auth-card.module.css';

interface AuthFormProps<T> {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  title: string;
  /** Reads the form (useZodForm's parse): the valid input, or null once the field errors show. */
  parse: (form: HTMLFormElement) => T | null;
  /** Called with the valid input only. */
  onValid: (input: T) => void;
  children: ReactNode;
  /** The `<li>` links under the form. */
  links: ReactNode;
}

/** The customer's account screens (login, register, password): a titled card, its fields and links. */
export function AuthForm<T>({ id, title, parse, onValid, children, links }: AuthFormProps<T>) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (input) onValid(input);
  }

  return (
    <section className={styles.wrap} aria-labelledby={`${id}-title`}>
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        {children}
        <ul className={styles.links}>{links}</ul>
      </form>
    </section>
  );
}

/** The card's introduction under its title. */
export function AuthLead({ children }: { children: ReactNode }) {
  return <p className={styles.lead}>{children}</p>;
}

/**
 * The submit button, disabled and saying what it does while the request runs, and while the
 * security check has no token yet (`waiting`).
 */
export function SubmitButton({
  pending,
  text,
  pendingText,
  waiting = false,
}: {
  pending: boolean;
  text: string;
  pendingText: string;
  waiting?: boolean;
}) {
  return (
    <button type="submit" className={buttonClass.primary} disabled={pending || waiting}>
      {pending ? pendingText : text}
    </button>
  );
}

/** A new password typed twice (register, reset); the schema checks that both match. */
export function NewPasswordFields({
  label,
  errors,
}: {
  label: string;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <Field
        label={label}
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
    </>
  );
}
