import { type InvoiceSettings, invoiceSettingsSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, SelectField, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import type { FormEvent } from 'react';
import section from '../../shared/section.module.css';

/** 'Faktur' (decision 057): null until the admin saves it. */
const invoiceSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'invoice'] as const,
  queryFn: () => api('GET /admin/settings/invoice'),
});

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettings | null }) {
  const client = useQueryClient();
  const { errors, setErrors, parse } = useZodForm(invoiceSettingsSchema);
  const save = useMutation({
    mutationFn: (input: InvoiceSettings) => api('PUT /admin/settings/invoice', { body: input }),
    onSuccess: (saved) => {
      client.setQueryData(invoiceSettingsQuery.queryKey, saved);
      toast({ title: 'Berhasil', description: 'Pengaturan faktur berhasil disimpan' });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toastError(errorMessage(err, 'Gagal menyimpan pengaturan faktur'));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (input) save.mutate(input);
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby="invoice-settings-title">
      <Field
        label="Nama perusahaan"
        name="companyName"
        defaultValue={settings?.companyName ?? 'PT. Global Imperium'}
        error={errors.companyName}
      />
      <Field
        label="NPWP"
        name="npwp"
        inputMode="numeric"
        defaultValue={settings?.npwp ?? ''}
        hint="16 digit (NPWP lama 15 digit); titik dan tanda hubung boleh"
        error={errors.npwp}
      />
      <TextAreaField
        label="Alamat perusahaan"
        name="address"
        rows={3}
        defaultValue={settings?.address ?? ''}
        error={errors.address}
      />
      <SelectField
        label="Status PPN"
        name="tax"
        defaultValue={settings?.tax ?? 'included'}
        error={errors.tax}
      >
        <option value="included">PKP: harga sudah termasuk PPN 12% (DPP nilai lain 11/12)</option>
        <option value="none">Bukan PKP: faktur tanpa PPN</option>
      </SelectField>
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Faktur'}
        </button>
      </div>
    </form>
  );
}

/** The seller printed on every invoice and shipping label: name, NPWP, address and PPN status. */
export function InvoiceSettingsEditor() {
  const settings = useQuery(invoiceSettingsQuery);
  return (
    <section className={section.card}>
      <h3 id="invoice-settings-title" className={section.subheading}>
        Faktur
      </h3>
      {settings.isPending ? (
        <LoadingState>Memuat pengaturan faktur...</LoadingState>
      ) : settings.isError ? (
        <ErrorState message="Gagal memuat pengaturan faktur" onRetry={() => settings.refetch()} />
      ) : (
        <InvoiceSettingsForm settings={settings.data} />
      )}
    </section>
  );
}
