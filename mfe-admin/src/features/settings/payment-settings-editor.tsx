import {
  type BankAccount,
  MAX_BANK_ACCOUNTS,
  type PaymentSettings,
  paymentSettingsSchema,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { buttonClass, byName, Field, toast, toastError, useErrorToast, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../shared/image-field.tsx';
import { type Row, RowList, withRowId } from '../../shared/row-list.tsx';
import section from '../../shared/section.module.css';
import styles from './contact-editor.module.css';

const paymentSettingsQuery = queryOptions({
  queryKey: ['admin', 'payment-settings'] as const,
  queryFn: () => api('GET /admin/settings/payment'),
});

const blankAccount = (): BankAccount => ({ bank: '', accountNumber: '', holder: '' });

/**
 * The schema's input read from the form's fields alone (the bank rows' and the QRIS's inputs
 * too), so a message rechecked as the admin types sees what is typed; the numbers as numbers,
 * a blank one NaN (the schema's message for it, not 0).
 */
function paymentInput(data: FormData) {
  const number = (name: string) => {
    const typed = String(data.get(name) ?? '').trim();
    return typed === '' ? Number.NaN : Number(typed);
  };
  return {
    ...(byName(data) as object),
    paymentWindowHours: number('paymentWindowHours'),
    unpaidOrdersPerCustomer: number('unpaidOrdersPerCustomer'),
    unpaidOrdersPerClient: number('unpaidOrdersPerClient'),
  };
}

function PaymentForm({ settings }: { settings: PaymentSettings }) {
  const client = useQueryClient();
  const [accounts, setAccounts] = useState<Row<BankAccount>[]>(() =>
    (settings.bankAccounts.length > 0 ? settings.bankAccounts : [blankAccount()]).map(withRowId),
  );
  const [qris, setQris] = useState(settings.qrisImage ?? '');
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, parse } = useZodForm(paymentSettingsSchema);
  const save = useMutation({
    mutationFn: (input: PaymentSettings) => api('PUT /admin/settings/payment', { body: input }),
    onSuccess: (saved) => client.setQueryData(paymentSettingsQuery.queryKey, saved),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = parse(event.currentTarget, paymentInput);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => toast({ title: 'Berhasil', description: 'Pengaturan pembayaran berhasil disimpan' }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError('Gagal menyimpan pengaturan pembayaran');
      },
    });
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <fieldset
        className={section.fieldset}
        aria-describedby={errors.bankAccounts ? 'bank-accounts-error' : undefined}
      >
        <legend>Rekening Bank</legend>
        <RowList
          rows={accounts}
          onChange={setAccounts}
          blank={blankAccount}
          max={MAX_BANK_ACCOUNTS}
          min={1}
          rowClassName={styles.accountRow}
          addLabel="Tambah Rekening"
          removeLabel={(index) => `Hapus rekening ${index + 1}`}
          after={
            errors.bankAccounts && (
              <p id="bank-accounts-error" className={styles.error}>
                {errors.bankAccounts}
              </p>
            )
          }
        >
          {(account, index, set) => (
            <>
              <Field
                label={`Bank ${index + 1}`}
                name={`bankAccounts.${index}.bank`}
                value={account.bank}
                placeholder="mis. BCA"
                onChange={(event) => set('bank', event.target.value)}
                error={errors[`bankAccounts.${index}.bank`]}
              />
              <Field
                label={`Nomor Rekening ${index + 1}`}
                name={`bankAccounts.${index}.accountNumber`}
                inputMode="numeric"
                value={account.accountNumber}
                onChange={(event) => set('accountNumber', event.target.value)}
                error={errors[`bankAccounts.${index}.accountNumber`]}
              />
              <Field
                label={`Atas Nama ${index + 1}`}
                name={`bankAccounts.${index}.holder`}
                value={account.holder}
                onChange={(event) => set('holder', event.target.value)}
                error={errors[`bankAccounts.${index}.holder`]}
              />
            </>
          )}
        </RowList>
      </fieldset>
      <Field
        label="Batas Waktu Pembayaran (jam)"
        name="paymentWindowHours"
        type="number"
        inputMode="numeric"
        min={1}
        max={168}
        defaultValue={settings.paymentWindowHours}
        error={errors.paymentWindowHours}
        required
      />
      <ImageField
        label="Gambar QRIS (opsional)"
        name="qrisImage"
        value={qris}
        onChange={setQris}
        optional
        error={errors.qrisImage}
        onUploadingChange={setUploading}
      />
      <Field
        label="Email Notifikasi Toko"
        name="notificationEmail"
        type="email"
        defaultValue={settings.notificationEmail}
        error={errors.notificationEmail}
        required
      />
      <Field
        label="Maks. Pesanan Belum Dibayar per Pelanggan"
        name="unpaidOrdersPerCustomer"
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        defaultValue={settings.unpaidOrdersPerCustomer}
        hint="Pelanggan harus membayar atau membatalkan pesanan yang terbuka sebelum membuat pesanan baru."
        error={errors.unpaidOrdersPerCustomer}
        required
      />
      <Field
        label="Maks. Pesanan Belum Dibayar per Alamat Jaringan"
        name="unpaidOrdersPerClient"
        type="number"
        inputMode="numeric"
        min={1}
        max={500}
        defaultValue={settings.unpaidOrdersPerClient}
        hint="Lebih longgar: banyak pengguna seluler berbagi satu alamat IP operator."
        error={errors.unpaidOrdersPerClient}
        required
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || uploading}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Pengaturan Pembayaran'}
        </button>
      </div>
    </form>
  );
}

/** Where customers transfer to, how long they have, the optional QRIS and where the shop is told. */
export function PaymentSettingsEditor() {
  const settings = useQuery(paymentSettingsQuery);
  useErrorToast(settings.isError, 'Gagal memuat pengaturan pembayaran');
  if (settings.isPending) return <LoadingState>Memuat pengaturan...</LoadingState>;
  if (settings.isError)
    return <ErrorState message="Gagal memuat pengaturan pembayaran" onRetry={() => settings.refetch()} />;
  return <PaymentForm settings={settings.data} />;
}
