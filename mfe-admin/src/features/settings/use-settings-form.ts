import type { SiteSettings } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { type FormInput, type FormSchema, toastError, useZodForm } from '@gi/ui';
import { useSaveSettings } from './api.ts';

interface SaveMessages {
  /** Tells the admin the settings were saved. */
  onSaved: () => void;
  /** The error toast when the API refuses or fails. */
  failure: string;
}

/**
 * The settings editors' form: `useZodForm` over the editor's part of the settings
 * (`siteSettingsSchema.pick(...)`) and, if valid, a save of what changed; the API's
 * field errors are shown like the form's own.
 */
export function useSettingsForm<Schema extends FormSchema<Partial<SiteSettings>>>(
  schema: Schema,
  { onSaved, failure }: SaveMessages,
) {
  const { errors, setErrors, parse } = useZodForm(schema);
  const save = useSaveSettings();

  function submit(form: HTMLFormElement, input?: FormInput) {
    const values = parse(form, input);
    if (!values) return;
    save.mutate(values, {
      onSuccess: () => onSaved(),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError(failure);
      },
    });
  }

  return { errors, saving: save.isPending, submit };
}
