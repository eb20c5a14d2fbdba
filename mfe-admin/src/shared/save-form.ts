import { ApiError } from '@gi/contracts/client';
import { errorMessage } from '@gi/session';
import { type FormInput, type FormSchema, type ToastMessage, toast, toastError, useZodForm } from '@gi/ui';
import { type Dispatch, type FormEvent, type SetStateAction, useState } from 'react';

/** What a form needs of its save mutation (`useMutation`'s result): an add without `id`, else an edit. */
interface SaveMutation<Values> {
  isPending: boolean;
  mutate: (
    variables: { id?: string | undefined; values: Values },
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
}

interface SaveFormOptions<Input, Extra> {
  /** The shared schema the form's input is validated with (the API's). */
  schema: FormSchema<Input>;
  save: SaveMutation<NoInfer<Input> & Extra>;
  /** The record being edited; none to add one. */
  id: string | undefined;
  /** The schema's input when it is more than the form's fields (`useZodForm`'s `input`). */
  input?: FormInput;
  /** What is saved beside the valid input (the product's photos). */
  extra?: Extra;
  /** On each submit that is not held back, before the input is validated (the product's photo reminder). */
  check?: () => void;
  /** After the save's toast, with the form that was submitted. */
  onSaved: (form: HTMLFormElement) => void;
  /** The toast after a save. */
  saved: ToastMessage;
  /** The error toast's text when the server refuses. */
  failed: string;
  /** Told of a refusal by the server, after its field messages are shown (the product form's stale stock). */
  onRefused?: (error: ApiError) => void;
}

/**
 * An admin add/edit form's submit flow on `useZodForm`: no second submit while saving or while
 * a file is still uploading, a valid input saved with a success toast then `onSaved`, and on a
 * refusal the server's field messages on their fields with an error toast. `buttons` is what
 * `DialogButtons` needs for the form's save and 'Batal'.
 */
export function useSaveForm<Input, Extra = object>(options: SaveFormOptions<Input, Extra>) {
  const { schema, save, id, input, extra, check, onSaved, saved, failed, onRefused } = options;
  const { errors, setErrors, parse } = useZodForm(schema);
  const [uploading, setUploading] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const form = event.currentTarget;
    const parsed = parse(form, input);
    check?.();
    if (parsed === null) return;
    save.mutate(
      // Without `extra`, `Extra` is its default (`object`): what is saved is the input alone.
      { id, values: { ...parsed, ...extra } as Input & Extra },
      {
        onSuccess: () => {
          toast(saved);
          onSaved(form);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fields);
            onRefused?.(error);
          }
          toastError(failed);
        },
      },
    );
  }

  return {
    errors,
    onSubmit,
    /** For the upload fields' `onUploadingChange`. */
    setUploading,
    buttons: { pending: save.isPending, blocked: uploading, cancelWhilePending: true },
  };
}

/**
 * A form's `onError` that tells the server's own words: its field messages on their fields
 * (`useZodForm`'s `setErrors`) and its message, else a general one, in an error toast titled `title`.
 */
export function showRefusal(setErrors: Dispatch<SetStateAction<Record<string, string>>>, title: string) {
  return (error: Error) => {
    if (error instanceof ApiError) setErrors(error.fields);
    toast({
      title,
      description: errorMessage(error, 'Terjadi kesalahan saat menyimpan data.'),
      variant: 'destructive',
    });
  };
}
