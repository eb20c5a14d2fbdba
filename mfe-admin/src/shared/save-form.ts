import { ApiError } from '@gi/contracts/client';
import { type FormSchema, type ToastMessage, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';

/** What a form needs of its save mutation (`useMutation`'s result). */
interface SaveMutation<Variables> {
  isPending: boolean;
  mutate: (
    variables: Variables,
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
}

interface SubmitOptions<Variables> {
  /** The save's variables from the submitted form; null when its input is not valid (nothing is sent). */
  variables: (form: HTMLFormElement) => Variables | null;
  /** The toast after a save. */
  saved: ToastMessage;
  /** The error toast's text when the server refuses. */
  failed: string;
  /** After the save's toast, with the form that was submitted. */
  onSaved: (form: HTMLFormElement) => void;
}

/**
 * An admin add/edit form's submit flow on `useZodForm`: no second submit while saving or while
 * a file is still uploading, a success toast then `onSaved`, and on a refusal the server's field
 * messages on their fields with an error toast. `buttons` is what `DialogButtons` needs for the
 * form's save and 'Batal'.
 */
export function useSaveForm<Schema extends FormSchema, Variables>(
  schema: Schema,
  save: SaveMutation<Variables>,
) {
  const { errors, setErrors, parse } = useZodForm(schema);
  const [uploading, setUploading] = useState(false);

  function submit({ variables, saved, failed, onSaved }: SubmitOptions<Variables>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (save.isPending || uploading) return;
      const form = event.currentTarget;
      const values = variables(form);
      if (values === null) return;
      save.mutate(values, {
        onSuccess: () => {
          toast(saved);
          onSaved(form);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toastError(failed);
        },
      });
    };
  }

  return {
    errors,
    parse,
    submit,
    /** For the upload fields' `onUploadingChange`. */
    setUploading,
    buttons: { pending: save.isPending, blocked: uploading, cancelWhilePending: true },
  };
}
