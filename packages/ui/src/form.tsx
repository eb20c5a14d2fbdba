import { fieldErrors } from '@gi/contracts/web';
import {
  type Dispatch,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type SetStateAction,
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
 * The leaves of a form's values by dotted path ('zones.0.name'), the paths its messages have:
 * comparing two sets of values tells which fields an edit changed.
 */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, into);
  else into.set(path, value);
  return into;
}

/** The paths whose value differs between two sets of values (added and removed ones too). */
function changedPaths(before: unknown, after: unknown): string[] {
  const old = leaves(before);
  const now = leaves(after);
  return [...new Set([...old.keys(), ...now.keys()])].filter((path) => old.get(path) !== now.get(path));
}

/** Whether a message's field is, holds or lies inside one of the changed paths. */
const touches = (name: string, changed: string[]) =>
  changed.some((path) => path === name || path.startsWith(`${name}.`) || name.startsWith(`${path}.`));

interface ZodForm<Parse> {
  /** The message per field, by its dotted path. */
  errors: Record<string, string>;
  /** Sets messages of the form's own or the server's (`ApiError.fields`, whose paths are the schema's). */
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** The valid output, or null once the messages show. */
  parse: Parse;
  /** The messages of one nested part by the part's own names ('customer' gives the address's 'postalCode'). */
  errorsIn: (part: string) => Record<string, string>;
}

/** A form whose values live in React state (cascading selects, a draft): they are what is validated. */
interface ControlledOptions {
  /** The schema's input built from the state; keep its identity while the state is unchanged (useMemo). */
  values: unknown;
}

/**
 * Validates a submitted form with a shared zod schema (the same one the API
 * uses), keeping the spec's Indonesian message per field. Once a submit has
 * failed, a field's message follows what is typed: it goes as soon as the field
 * is valid. A message set from the server's answer stays until its field changes.
 * A form whose input is more than its fields (an uploaded image, picked rows)
 * passes `input` to `parse`, which builds the schema's input from the fields.
 * A controlled form passes its `values` instead: `parse()` validates them, and
 * the messages follow them as they change, by the paths that changed.
 */
export function useZodForm<Schema extends z.ZodType>(
  schema: Schema,
): ZodForm<(form: HTMLFormElement, input?: FormInput) => z.output<Schema> | null>;
export function useZodForm<Schema extends z.ZodType>(
  schema: Schema,
  options: ControlledOptions,
): ZodForm<() => z.output<Schema> | null>;
export function useZodForm<Schema extends z.ZodType>(schema: Schema, options?: ControlledOptions) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The schema's messages last shown, to tell them from the server's.
  const schemaErrors = useRef<Record<string, string>>({});
  const watched = useRef<{ form: HTMLFormElement; listener: (event: Event) => void } | null>(null);
  const inputOf = useRef(byName);

  const validate = useCallback(
    (input: unknown) => {
      const result = schema.safeParse(input);
      schemaErrors.current = result.success ? {} : fieldErrors(result.error);
      return result;
    },
    [schema],
  );

  /** Validates the input again: the edited fields' messages and the schema's own follow it. */
  const follow = useCallback(
    (input: unknown, edited: (name: string) => boolean) => {
      const previous = schemaErrors.current;
      validate(input);
      const fresh = schemaErrors.current;
      setErrors((current) => {
        let changed = false;
        const next: Record<string, string> = {};
        for (const [name, message] of Object.entries(current)) {
          const now = edited(name) || message === previous[name] ? fresh[name] : message;
          if (now) next[name] = now;
          if (now !== message) changed = true;
        }
        return changed ? next : current;
      });
    },
    [validate],
  );

  const recheck = useCallback(
    (event: Event) => {
      const edited = (event.target as Partial<HTMLInputElement>).name;
      const form = event.currentTarget as HTMLFormElement;
      follow(inputOf.current(new FormData(form)), (name) => name === edited);
    },
    [follow],
  );

  useEffect(() => () => watched.current?.form.removeEventListener('input', watched.current.listener), []);

  const values = options?.values;
  const seen = useRef(values);
  useEffect(() => {
    const changed = changedPaths(seen.current, values);
    seen.current = values;
    if (changed.length > 0) follow(values, (name) => touches(name, changed));
  }, [values, follow]);

  function watch(form: HTMLFormElement) {
    if (watched.current?.form === form && watched.current.listener === recheck) return;
    watched.current?.form.removeEventListener('input', watched.current.listener);
    form.addEventListener('input', recheck);
    watched.current = { form, listener: recheck };
  }

  function parse(form?: HTMLFormElement, input: FormInput = byName): z.output<Schema> | null {
    if (form) {
      inputOf.current = input;
      watch(form);
    }
    const result = validate(form ? input(new FormData(form)) : values);
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return null;
    }
    setErrors({});
    return result.data;
  }

  const errorsIn = (part: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([name]) => name.startsWith(`${part}.`))
        .map(([name, message]) => [name.slice(part.length + 1), message]),
    );

  return { errors, setErrors, parse, errorsIn };
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
