import {
  type CourierCode,
  type CourierSettingsAnswer,
  courierCodes,
  courierLabels,
  courierSettingsSchema,
} from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { AddressFields, buttonClass, emptyAddress, Field, toast, toastError, useZodForm } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useMemo, useState } from 'react';
import section from '../../shared/section.module.css';
import { numberOf } from '../../shared/typed-number.ts';
import { courierSettingsQuery, useSaveCourierSettings } from './api.ts';
import styles from './shipping-editor.module.css';

type Origin = NonNullable<CourierSettingsAnswer['settings']>['origin'];

function CourierForm({ answer }: { answer: CourierSettingsAnswer }) {
  const saved = answer.settings;
  const [enabled, setEnabled] = useState(saved?.enabled ?? false);
  const [origin, setOrigin] = useState<Origin>(saved?.origin ?? emptyAddress());
  const [packaging, setPackaging] = useState(String(saved?.packagingWeightGrams ?? 100));
  // A first setup offers every courier; the admin unticks the ones the shop does not use.
  const [couriers, setCouriers] = useState<CourierCode[]>(saved?.couriers ?? [...courierCodes]);
  const [bookOnPayment, setBookOnPayment] = useState(saved?.bookOnPayment ?? false);
  const values = useMemo(
    () => ({ enabled, origin, packagingWeightGrams: numberOf(packaging), couriers, bookOnPayment }),
    [enabled, origin, packaging, couriers, bookOnPayment],
  );
  const { errors, setErrors, parse, errorsIn } = useZodForm(courierSettingsSchema, { values });
  const originErrors = errorsIn('origin');
  const courierError =
    errors.couriers ?? Object.entries(errors).find(([k]) => k.startsWith('couriers.'))?.[1];
  const save = useSaveCourierSettings();
  const set = (patch: Partial<Origin>) => setOrigin((current) => ({ ...current, ...patch }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = parse();
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => toast({ title: 'Berhasil', description: 'Tarif kurir langsung berhasil disimpan' }),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toastError(errorMessage(err, 'Gagal menyimpan tarif kurir langsung'));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="courier-rates-title">
      <h2 id="courier-rates-title">Tarif Kurir Langsung</h2>
      <p className={section.note}>
        Checkout menanyakan ongkir tiap kurir untuk berat pesanan dan alamat tujuan. Bila kurir tidak
        menjawab, checkout memakai tarif zona di bawah.
      </p>
      {!answer.configured && (
        <p className={section.note} role="status">
          Kunci API kurir belum dipasang: checkout memakai tarif zona.
        </p>
      )}
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />{' '}
        Aktifkan tarif kurir langsung
      </label>
      <fieldset className={styles.zone}>
        <legend>Alamat Penjemputan</legend>
        <AddressFields
          value={origin}
          onChange={set}
          errors={originErrors}
          labels={{
            customerName: 'Nama Pengirim',
            customerPhone: 'Nomor Telepon Pengirim',
            customerAddress: 'Alamat Penjemputan',
          }}
          streetPlaceholder="Nama jalan, nomor, RT/RW"
          namePrefix="origin."
        />
      </fieldset>
      <Field
        label="Berat kemasan (gram)"
        name="packagingWeightGrams"
        inputMode="numeric"
        hint="Ditambahkan ke setiap paket: kardus, bubble wrap"
        value={packaging}
        onChange={(e) => setPackaging(e.target.value)}
        error={errors.packagingWeightGrams}
      />
      <fieldset className={styles.zone}>
        <legend>Kurir yang ditawarkan</legend>
        {courierCodes.map((code) => (
          <label key={code}>
            <input
              type="checkbox"
              checked={couriers.includes(code)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                // In the list's order, so a save sends the same array whatever the clicks' order.
                setCouriers((current) =>
                  on
                    ? courierCodes.filter((c) => c === code || current.includes(c))
                    : current.filter((c) => c !== code),
                );
              }}
            />{' '}
            {courierLabels[code]}
          </label>
        ))}
        {courierError && <p className={styles.error}>{courierError}</p>}
      </fieldset>
      <label>
        <input
          type="checkbox"
          checked={bookOnPayment}
          onChange={(e) => setBookOnPayment(e.currentTarget.checked)}
        />{' '}
        Pesan kurir otomatis setelah pembayaran dikonfirmasi
      </label>
      <p className={section.note}>
        Pesanan yang ongkirnya dari tarif kurir langsung dipesankan kurirnya begitu lunas, tanpa menekan 'Buat
        Pengiriman'. Bila kurir menolak, pesanan tampil di 'Perlu Perhatian' pada dasbor.
      </p>
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Tarif Kurir'}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Tarif Kurir Langsung' (decision 032): whether checkout prices by the couriers' live rates,
 * where parcels are picked up, the packaging weight and the couriers offered.
 */
export function CourierSettingsEditor() {
  const answer = useQuery(courierSettingsQuery);
  if (answer.isPending) return <LoadingState>Memuat tarif kurir...</LoadingState>;
  if (answer.isError)
    return <ErrorState message="Gagal memuat tarif kurir" onRetry={() => answer.refetch()} />;
  return <CourierForm answer={answer.data} />;
}
