import { fieldErrors } from '@gi/contracts/web';
import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react';
import type { z } from 'zod';
import styles from './form.module.css';

/**
 * Validates a submitted form with a shared zod schema (the same one the API
 * uses), keeping the spec's Indonesian message per field.
 */
export function useZodForm<Schema extends z.ZodType>(schema: Schema) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function parse(form: HTMLFormElement): z.output<Schema> | null {
    const result = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return null;
    }
    setErrors({});
    return result.data;
  }
  return { errors, setErrors, parse };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string | undefined;
}

export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
