import { type GiftWrapSettings, giftWrapSettingsSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';

/** The offer checkout reads too (GET /api/gift-wrap). */
const giftWrapQuery = queryOptions({
  queryKey: ['gift-wrap'] as const,
  queryFn: () => api('GET /gift-wrap'),
});

/** '10.000' or '10000' as rupiah; anything else stays text, which the schema refuses in Indonesian. */
const rupiahOf = (text: string): unknown => {
  const digits = text.trim().replace(/\./g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : text;
};

function GiftWrapForm({ settings }: { settings: GiftWrapSettings }) {
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [fee, setFee] = useState(String(settings.fee));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (input: GiftWrapSettings) => api('PUT /admin/settings/gift-wrap', { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(giftWrapQuery.queryKey, saved);
      toast({ title: 'Berhasil', description: 'Pengaturan bungkus kado berhasil disimpan' });
    },
    onError: (err) => toastError(errorMessage(err, 'Gagal menyimpan pengaturan bungkus kado')),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = giftWrapSettingsSchema.safeParse({ enabled, fee: rupiahOf(fee) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby="gift-wrap-title">
      <label>
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />{' '}
        Tawarkan bungkus kado di checkout
      </label>
      <Field
        label="Biaya bungkus kado (Rp)"
        name="giftWrapFee"
        inputMode="numeric"
        value={fee}
        onChange={(event) => setFee(event.currentTarget.value)}
        hint="Ditambahkan ke pesanan sebagai baris tersendiri; 0 berarti gratis"
        error={error}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Bungkus Kado'}
        </button>
      </div>
    </form>
  );
}

/** 'Biaya bungkus kado' (decision 045): whether checkout offers gift wrapping, and its fee. */
export function GiftWrapEditor() {
  const settings = useQuery(giftWrapQuery);
  return (
    <section className={section.card}>
      <h3 id="gift-wrap-title" className={section.subheading}>
        Bungkus Kado
      </h3>
      {settings.isPending ? (
        <LoadingState>Memuat pengaturan bungkus kado...</LoadingState>
      ) : settings.isError ? (
        <ErrorState message="Gagal memuat pengaturan bungkus kado" onRetry={() => settings.refetch()} />
      ) : (
        <GiftWrapForm settings={settings.data} />
      )}
    </section>
  );
}
