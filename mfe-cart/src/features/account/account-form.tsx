import { ApiError } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, type FormSchema, type ToastMessage, toast, useZodForm } from '@gi/ui';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import styles from './account.module.css';

interface AccountFormProps<S extends FormSchema> {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  title: string;
  schema: S;
  /** Sends the valid input. */
  send: (input: z.output<S>) => Promise<unknown>;
  /** The toast of a success; the form is emptied afterwards when `reset` is set. */
  done: (input: z.output<S>) => ToastMessage;
  /** The title of a failure's toast, over the server's message. */
  failed: string;
  reset?: boolean;
  submit: string;
  children: (errors: Record<string, string>) => ReactNode;
}

/**
 * One section of the account page: a form checked with its shared schema, sent once at a time;
 * the server's refusals go to their fields and a toast.
 */
export function AccountForm<S extends FormSchema>({
  id,
  title,
  schema,
  send,
  done,
  failed,
  reset = false,
  submit,
  children,
}: AccountFormProps<S>) {
  const { errors, setErrors, parse } = useZodForm(schema);
  const mutation = useMutation({ mutationFn: send });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = parse(form);
    if (!input || mutation.isPending) return;
    mutation.mutate(input, {
      onSuccess: () => {
        toast(done(input));
        if (reset) form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast({
          title: failed,
          description: errorMessage(error, 'Terjadi kesalahan saat menyimpan data.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children(errors)}
        <button type="submit" className={buttonClass.primary} disabled={mutation.isPending}>
          {mutation.isPending ? 'Menyimpan...' : submit}
        </button>
      </form>
    </section>
  );
}
