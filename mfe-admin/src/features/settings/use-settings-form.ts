import { fieldErrors, type SiteSettings } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { toastError } from '@gi/ui';
import { useState } from 'react';
import { useSaveSettings } from './api.ts';

/** The part of a zod schema this hook uses: `siteSettingsSchema.pick(...)` fits. */
interface SettingsSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

interface SaveMessages {
  /** Tells the admin the settings were saved. */
  onSaved: () => void;
  /** The error toast when the API refuses or fails. */
  failure: string;
}

/**
 * Validation, field errors and saving shared by the settings editors: `submit`
 * checks the editor's part of the settings and, if valid, saves it; the API's
 * field errors are shown like the form's own.
 */
export function useSettingsForm<T extends Partial<SiteSettings>>(
  schema: SettingsSchema<T>,
  { onSaved, failure }: SaveMessages,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();

  function submit(input: unknown) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => onSaved(),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError(failure);
      },
    });
  }

  return { errors, saving: save.isPending, submit };
}
