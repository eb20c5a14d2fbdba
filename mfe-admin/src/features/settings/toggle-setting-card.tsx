import { useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, type FormSchema, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';

/**
 * An offer the admin switches on with one number beside it ('Bungkus Kado' and its fee, 'Kredit
 * Sampel' and its days): one card, so both read, validate and save the same way.
 */
export interface ToggleSetting<T extends { enabled: boolean }> {
  /** The card's heading id, also the form's label. */
  id: string;
  title: string;
  /** What the loading and result messages call it: 'pengaturan {subject}'. */
  subject: string;
  query: { queryKey: readonly unknown[]; queryFn: () => Promise<T> };
  save: (value: T) => Promise<T>;
  schema: FormSchema<T>;
  toggle: string;
  field: { label: string; name: string; hint: string };
  /** The number as the field shows it, and the form's values as the schema reads them. */
  shown: (value: T) => string;
  read: (enabled: boolean, typed: string) => unknown;
}

function ToggleForm<T extends { enabled: boolean }>({
  setting,
  value,
}: {
  setting: ToggleSetting<T>;
  value: T;
}) {
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(value.enabled);
  const [typed, setTyped] = useState(setting.shown(value));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: setting.save,
    onSuccess: (saved) => {
      client.setQueryData(setting.query.queryKey, saved);
      toast({ title: 'Berhasil', description: `Pengaturan ${setting.subject} berhasil disimpan` });
    },
    onError: (err) => toastError(errorMessage(err, `Gagal menyimpan pengaturan ${setting.subject}`)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = setting.schema.safeParse(setting.read(enabled, typed));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby={setting.id}>
      <label>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />{' '}
        {setting.toggle}
      </label>
      <Field
        label={setting.field.label}
        name={setting.field.name}
        inputMode="numeric"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        hint={setting.field.hint}
        error={error}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : `Simpan ${setting.title}`}
        </button>
      </div>
    </form>
  );
}

export function ToggleSettingCard<T extends { enabled: boolean }>({
  setting,
}: {
  setting: ToggleSetting<T>;
}) {
  const value = useQuery(setting.query);
  return (
    <section className={section.card}>
      <h3 id={setting.id} className={section.subheading}>
        {setting.title}
      </h3>
      {value.isPending ? (
        <LoadingState>Memuat pengaturan {setting.subject}...</LoadingState>
      ) : value.isError ? (
        <ErrorState message={`Gagal memuat pengaturan ${setting.subject}`} onRetry={() => value.refetch()} />
      ) : (
        <ToggleForm setting={setting} value={value.data} />
      )}
    </section>
  );
}
