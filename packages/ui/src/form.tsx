import { fieldErrors } from '@gi/contracts/web';
import {
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { z } from 'zod';
import styles from './form.module.css';

/** A shared schema a form validates with, whose valid output is a `T`. */
export type FormSchema<T = unknown> = z.ZodType<T>;

/** A form's values as the schema reads them (`parse`'s `input`): by default its fields by name. */
export type FormInput = (data: FormData) => unknown;

/**
 * The fields by name, where a dotted name nests ('variants.0.price' is `variants[0].price`,
 * a number making an array), so a field's name is its error's path.
 */
export const byName: FormInput = (data) => {
  const root: Record<string, unknown> = {};
  for (const [name, value] of data) {
    const path = name.split('.');
    let node: Record<string, unknown> = root;
    path.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[path.at(-1) as string] = value;
  }
  return root;
};

/**
 * Validates a submitted form with a shared zod schema (the same one the API
 * uses), keeping the spec's Indonesian message per field. Once a submit has
 * failed, a field's message follows what is typed: it goes as soon as the field
 * is valid. A message set from the server's answer stays until its field changes.
 * A form whose input is more than its fields (an uploaded image, picked rows)
 * passes `input` to `parse`, which builds the schema's input from the fields.
 */
export function useZodForm<Schema extends z.ZodType>(schema: Schema) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The schema's messages last shown, to tell them from the server's.
  const schemaErrors = useRef<Record<string, string>>({});
  const watched = useRef<{ form: HTMLFormElement; listener: (event: Event) => void } | null>(null);
  const inputOf = useRef(byName);

  const validate = useCallback(
    (form: HTMLFormElement) => {
      const result = schema.safeParse(inputOf.current(new FormData(form)));
      schemaErrors.current = result.success ? {} : fieldErrors(result.error);
      return result;
    },
    [schema],
  );

  const recheck = useCallback(
    (event: Event) => {
      const edited = (event.target as Partial<HTMLInputElement>).name;
      const previous = schemaErrors.current;
      validate(event.currentTarget as HTMLFormElement);
      const fresh = schemaErrors.current;
      setErrors((current) => {
        let changed = false;
        const next: Record<string, string> = {};
        for (const [name, message] of Object.entries(current)) {
          const now = name === edited || message === previous[name] ? fresh[name] : message;
          if (now) next[name] = now;
          if (now !== message) changed = true;
        }
        return changed ? next : current;
      });
    },
    [validate],
  );

  useEffect(() => () => watched.current?.form.removeEventListener('input', watched.current.listener), []);

  function watch(form: HTMLFormElement) {
    if (watched.current?.form === form && watched.current.listener === recheck) return;
    watched.current?.form.removeEventListener('input', watched.current.listener);
    form.addEventListener('input', recheck);
    watched.current = { form, listener: recheck };
  }

  function parse(form: HTMLFormElement, input: FormInput = byName): z.output<Schema> | null {
    inputOf.current = input;
    watch(form);
    const result = validate(form);
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

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  /** The frame's class in place of Field's look (the admin toolbar's compact controls). */
  frameClass?: string | undefined;
}

/** A labelled `<select>` with its message, styled like Field; the options are its children. */
export function SelectField({ label, error, frameClass, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={frameClass ?? styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
