import { type Area, type ShippingConfig, shippingConfigInputSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { provincesQuery, shippingConfigQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useMemo, useState } from 'react';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { LabelledTable } from '../../shared/table-region.tsx';
import { numberOf } from '../../shared/typed-number.ts';
import { useSaveShipping } from './api.ts';
import styles from './shipping-editor.module.css';

/** `id`: the saved row's, sent back so a save keeps it (open checkouts name services by id). */
interface ServiceRow {
  key: number;
  id?: string;
  name: string;
  baseFee: string;
  perItemFee: string;
  etaMinDays: string;
  etaMaxDays: string;
}

interface ZoneRow {
  key: number;
  id?: string;
  name: string;
  provinces: string[];
  /** Regency/city codes ('32.71'), comma separated: they win over their province's zone. */
  regencies: string;
  services: ServiceRow[];
}

let lastKey = 0;
const nextKey = () => ++lastKey;

const SERVICE_COLUMNS = [
  'Layanan',
  'Ongkir (Rp)',
  'Per barang tambahan (Rp)',
  'Estimasi min (hari)',
  'Estimasi maks (hari)',
  'Aksi',
] as const;

const newService = (): ServiceRow => ({
  key: nextKey(),
  name: '',
  baseFee: '',
  perItemFee: '0',
  etaMinDays: '',
  etaMaxDays: '',
});

function toRows(config: ShippingConfig): ZoneRow[] {
  return config.zones.map((zone) => ({
    key: nextKey(),
    id: zone.id,
    name: zone.name,
    provinces: zone.areas.filter((a) => !a.code.includes('.')).map((a) => a.code),
    regencies: zone.areas
      .filter((a) => a.code.includes('.'))
      .map((a) => a.code)
      .join(', '),
    services: zone.services.map((s) => ({
      key: nextKey(),
      id: s.id,
      name: s.name,
      baseFee: String(s.baseFee),
      perItemFee: String(s.perItemFee),
      etaMinDays: String(s.etaMinDays),
      etaMaxDays: String(s.etaMaxDays),
    })),
  }));
}

function toInput(zones: ZoneRow[], threshold: string): unknown {
  return {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      areaCodes: [
        ...zone.provinces,
        ...zone.regencies
          .split(/[\s,]+/)
          .map((code) => code.trim())
          .filter(Boolean),
      ],
      services: zone.services.map((s) => ({
        id: s.id,
        name: s.name,
        baseFee: numberOf(s.baseFee),
        perItemFee: numberOf(s.perItemFee || '0'),
        etaMinDays: numberOf(s.etaMinDays),
        etaMaxDays: numberOf(s.etaMaxDays),
      })),
    })),
    freeShippingThreshold: threshold.trim() === '' ? null : numberOf(threshold),
  };
}

interface ZoneFieldsProps {
  zone: ZoneRow;
  index: number;
  provinces: Area[];
  errors: Record<string, string>;
  onChange: (zone: ZoneRow) => void;
  onRemove: () => void;
}

function ZoneFields({ zone, index, provinces, errors, onChange, onRemove }: ZoneFieldsProps) {
  const path = `zones.${index}`;
  const setService = (key: number, patch: Partial<ServiceRow>) =>
    onChange({ ...zone, services: zone.services.map((s) => (s.key === key ? { ...s, ...patch } : s)) });
  const areaError = Object.entries(errors).find(([k]) => k.startsWith(`${path}.areaCodes`))?.[1];

  return (
    <fieldset className={styles.zone}>
      <legend>Zona {index + 1}</legend>
      <Field
        label="Nama Zona"
        name={`${path}.name`}
        value={zone.name}
        onChange={(e) => onChange({ ...zone, name: e.target.value })}
        error={errors[`${path}.name`]}
      />
      <details className={styles.provinces}>
        <summary>Provinsi ({zone.provinces.length} dipilih)</summary>
        <div className={styles.provinceGrid}>
          {provinces.map((p) => (
            <label key={p.code}>
              <input
                type="checkbox"
                checked={zone.provinces.includes(p.code)}
                onChange={(e) =>
                  onChange({
                    ...zone,
                    provinces: e.target.checked
                      ? [...zone.provinces, p.code]
                      : zone.provinces.filter((c) => c !== p.code),
                  })
                }
              />
              {p.name}
            </label>
          ))}
        </div>
      </details>
      <Field
        label="Kode Kabupaten/Kota (opsional)"
        name={`${path}.regencies`}
        hint="Mis. 32.71, 32.76: kabupaten/kota ini masuk zona ini walau provinsinya di zona lain."
        value={zone.regencies}
        onChange={(e) => onChange({ ...zone, regencies: e.target.value })}
      />
      {areaError && <p className={styles.error}>{areaError}</p>}
      <LabelledTable caption={`Layanan zona ${zone.name || index + 1}`} columns={SERVICE_COLUMNS}>
        <tbody>
          {zone.services.map((s, i) => {
            const at = `${path}.services.${i}`;
            const cell = (field: keyof Omit<ServiceRow, 'key'>, label: string, numeric: boolean) => (
              <td>
                <input
                  aria-label={`${label} layanan ${i + 1} zona ${index + 1}`}
                  inputMode={numeric ? 'numeric' : undefined}
                  value={s[field]}
                  aria-invalid={errors[`${at}.${field}`] ? true : undefined}
                  title={errors[`${at}.${field}`]}
                  onChange={(e) => setService(s.key, { [field]: e.target.value })}
                />
                {errors[`${at}.${field}`] && <p className={styles.error}>{errors[`${at}.${field}`]}</p>}
              </td>
            );
            return (
              <tr key={s.key}>
                {cell('name', 'Nama', false)}
                {cell('baseFee', 'Ongkir', true)}
                {cell('perItemFee', 'Per barang tambahan', true)}
                {cell('etaMinDays', 'Estimasi min', true)}
                {cell('etaMaxDays', 'Estimasi maks', true)}
                <td>
                  <button
                    type="button"
                    className={table.danger}
                    onClick={() =>
                      onChange({ ...zone, services: zone.services.filter((x) => x.key !== s.key) })
                    }
                  >
                    Hapus
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </LabelledTable>
      {errors[`${path}.services`] && <p className={styles.error}>{errors[`${path}.services`]}</p>}
      {errors.zones ? (
        <p className={styles.error} role="alert">
          {errors.zones}
        </p>
      ) : null}
      <div className={section.buttons}>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => onChange({ ...zone, services: [...zone.services, newService()] })}
        >
          Tambah Layanan
        </button>
        <button type="button" className={table.danger} onClick={onRemove}>
          Hapus Zona
        </button>
      </div>
    </fieldset>
  );
}

function ShippingForm({ config, provinces }: { config: ShippingConfig; provinces: Area[] }) {
  const [zones, setZones] = useState(() => toRows(config));
  const [threshold, setThreshold] = useState(config.freeShippingThreshold?.toString() ?? '');
  const values = useMemo(() => toInput(zones, threshold), [zones, threshold]);
  const { errors, setErrors, parse } = useZodForm(shippingConfigInputSchema, { values });
  const save = useSaveShipping();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = parse();
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: (saved) => {
        setZones(toRows(saved));
        toast({ title: 'Berhasil', description: 'Pengaturan pengiriman berhasil disimpan' });
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toastError(errorMessage(err, 'Gagal menyimpan pengaturan pengiriman'));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="shipping-zones-title">
      <h2 id="shipping-zones-title">Zona & Ongkos Kirim</h2>
      <p className={section.note}>
        Setiap zona berisi provinsi (dan bila perlu kabupaten/kota) dengan layanan pengirimannya. Ongkir =
        tarif dasar + tarif per barang setelah barang pertama. Wilayah tanpa zona tidak dapat memesan.
      </p>
      {zones.map((zone, index) => (
        <ZoneFields
          key={zone.key}
          zone={zone}
          index={index}
          provinces={provinces}
          errors={errors}
          onChange={(next) => setZones(zones.map((z) => (z.key === zone.key ? next : z)))}
          onRemove={() => setZones(zones.filter((z) => z.key !== zone.key))}
        />
      ))}
      {errors.zones ? (
        <p className={styles.error} role="alert">
          {errors.zones}
        </p>
      ) : null}
      <div className={section.buttons}>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() =>
            setZones([
              ...zones,
              { key: nextKey(), name: '', provinces: [], regencies: '', services: [newService()] },
            ])
          }
        >
          Tambah Zona
        </button>
      </div>
      <Field
        label="Gratis ongkir mulai belanja (Rp, kosongkan bila tidak ada)"
        name="freeShippingThreshold"
        inputMode="numeric"
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
        error={errors.freeShippingThreshold}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Pengiriman'}
        </button>
      </div>
    </form>
  );
}

/** 'Pengiriman': the shipping zones, their services and fees, and the free-shipping threshold. */
export function ShippingEditor() {
  const config = useQuery(shippingConfigQuery);
  const provinces = useQuery(provincesQuery());
  if (config.isError || provinces.isError) return <p role="alert">Gagal memuat pengaturan pengiriman</p>;
  if (!config.data || !provinces.data) return <p>Memuat pengaturan pengiriman...</p>;
  return <ShippingForm config={config.data} provinces={provinces.data} />;
}
