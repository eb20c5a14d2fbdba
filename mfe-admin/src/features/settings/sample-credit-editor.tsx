import { type SampleCreditSettings, sampleCreditSettingsSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';

/** The offer the storefront reads too (GET /api/sample-credit). */
const sampleCreditQuery = queryOptions({
  queryKey: ['sample-credit'] as const,
  queryFn: () => api('GET /sample-credit'),
});

/** Whole days as a number; anything else stays text, which the schema refuses in Indonesian. */
const daysOf = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

function SampleCreditForm({ settings }: { settings: SampleCreditSettings }) {
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [days, setDays] = useState(String(settings.validDays));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (input: SampleCreditSettings) => api('PUT /admin/settings/sample-credit', { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(sampleCreditQuery.queryKey, saved);
      toast({ title: 'Berhasil', description: 'Pengaturan Kredit Sampel berhasil disimpan' });
    },
    onError: (err) => toastError(errorMessage(err, 'Gagal menyimpan pengaturan Kredit Sampel')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = sampleCreditSettingsSchema.safeParse({ enabled, validDays: daysOf(days) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby="sample-credit-title">
      <label>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />{' '}
        Beri Kredit Sampel untuk sampel dan set discovery
      </label>
      <Field
        label="Masa berlaku (hari)"
        name="sampleCreditValidDays"
        inputMode="numeric"
        value={days}
        onChange={(event) => setDays(event.currentTarget.value)}
        hint="Dihitung sejak pesanan sampel diterima; berlaku untuk kredit yang diberikan setelah disimpan"
        error={error}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Kredit Sampel'}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Kredit Sampel' (decision 061 part B): whether a sample or a discovery set bought gives credit
 * toward a full bottle of the same scent, and for how many days after its order is delivered.
 */
export function SampleCreditEditor() {
  const settings = useQuery(sampleCreditQuery);
  return (
    <section className={section.card}>
      <h3 id="sample-credit-title" className={section.subheading}>
        Kredit Sampel
      </h3>
      {settings.isPending ? (
        <LoadingState>Memuat pengaturan Kredit Sampel...</LoadingState>
      ) : settings.isError ? (
        <ErrorState message="Gagal memuat pengaturan Kredit Sampel" onRetry={() => settings.refetch()} />
      ) : (
        <SampleCreditForm settings={settings.data} />
      )}
    </section>
  );
}
