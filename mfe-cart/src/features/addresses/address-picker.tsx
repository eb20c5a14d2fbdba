import type { Area, SavedAddress } from '@gi/contracts';
import { districtsQuery, provincesQuery, regenciesQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { Field, SelectField, TextAreaField } from '@gi/ui';
import type { ReactNode } from 'react';
import frame from '../../shared/fieldset.module.css';

/** The delivery address as the form holds it: the API's field names, area codes as chosen. */
export interface AddressValue {
  customerName: string;
  customerPhone: string;
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  postalCode: string;
  customerAddress: string;
}

export const emptyAddress = (customerName = ''): AddressValue => ({
  customerName,
  customerPhone: '',
  provinceCode: '',
  regencyCode: '',
  districtCode: '',
  postalCode: '',
  customerAddress: '',
});

export const fromSaved = (saved: SavedAddress): AddressValue => ({
  customerName: saved.customerName,
  customerPhone: saved.customerPhone,
  provinceCode: saved.province.code,
  regencyCode: saved.regency.code,
  districtCode: saved.district.code,
  postalCode: saved.postalCode,
  customerAddress: saved.customerAddress,
});

interface SelectProps {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: Area[] | undefined;
  loading: boolean;
  disabled?: boolean;
  error: string | undefined;
  onChange: (code: string) => void;
}

function AreaSelect({
  label,
  name,
  value,
  placeholder,
  options,
  loading,
  disabled,
  error,
  onChange,
}: SelectProps) {
  return (
    <SelectField
      label={label}
      name={name}
      value={value}
      disabled={disabled || loading}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{loading ? 'Memuat...' : placeholder}</option>
      {options?.map((area) => (
        <option key={area.code} value={area.code}>
          {area.name}
        </option>
      ))}
    </SelectField>
  );
}

interface AddressPickerProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  errors: Record<string, string>;
  /** The frame's title. */
  legend?: string;
  /** Checkout's choice among the saved addresses; picking one fills the fields. */
  book?: {
    saved: SavedAddress[];
    savedId: string;
    onPickSaved: (saved: SavedAddress | null) => void;
  };
  children?: ReactNode;
}

/**
 * Recipient, phone and the address in parts: province, then regency/city, then district,
 * each list fetched when the level above is chosen (never all districts at once). Checkout
 * and the account's address book both fill an address with it.
 */
export function AddressPicker({
  value,
  onChange,
  errors,
  legend = 'Alamat Pengiriman',
  book,
  children,
}: AddressPickerProps) {
  const provinces = useQuery(provincesQuery());
  const regencies = useQuery({ ...regenciesQuery(value.provinceCode), enabled: value.provinceCode !== '' });
  const districts = useQuery({ ...districtsQuery(value.regencyCode), enabled: value.regencyCode !== '' });
  const set = (patch: Partial<AddressValue>) => onChange({ ...value, ...patch });

  return (
    <fieldset className={frame.fieldset}>
      <legend>{legend}</legend>
      {book && book.saved.length > 0 && (
        <SelectField
          label="Alamat Tersimpan"
          value={book.savedId}
          onChange={(event) => book.onPickSaved(book.saved.find((a) => a.id === event.target.value) ?? null)}
        >
          <option value="">Alamat baru</option>
          {book.saved.map((address) => (
            <option key={address.id} value={address.id}>
              {address.customerName} — {address.customerAddress}, {address.district.name}
              {address.isDefault ? ' (utama)' : ''}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label="Nama Penerima"
        name="customerName"
        autoComplete="name"
        value={value.customerName}
        onChange={(event) => set({ customerName: event.target.value })}
        error={errors.customerName}
        required
      />
      <Field
        label="Nomor Telepon"
        name="customerPhone"
        type="tel"
        autoComplete="tel"
        hint="Contoh: 0812-3456-7890"
        value={value.customerPhone}
        onChange={(event) => set({ customerPhone: event.target.value })}
        error={errors.customerPhone}
        required
      />
      <AreaSelect
        label="Provinsi"
        name="provinceCode"
        value={value.provinceCode}
        placeholder="Pilih provinsi"
        options={provinces.data}
        loading={provinces.isPending}
        error={errors.provinceCode}
        onChange={(provinceCode) => set({ provinceCode, regencyCode: '', districtCode: '' })}
      />
      <AreaSelect
        label="Kabupaten/Kota"
        name="regencyCode"
        value={value.regencyCode}
        placeholder="Pilih kabupaten/kota"
        options={regencies.data}
        loading={value.provinceCode !== '' && regencies.isPending}
        disabled={value.provinceCode === ''}
        error={errors.regencyCode}
        onChange={(regencyCode) => set({ regencyCode, districtCode: '' })}
      />
      <AreaSelect
        label="Kecamatan"
        name="districtCode"
        value={value.districtCode}
        placeholder="Pilih kecamatan"
        options={districts.data}
        loading={value.regencyCode !== '' && districts.isPending}
        disabled={value.regencyCode === ''}
        error={errors.districtCode}
        onChange={(districtCode) => set({ districtCode })}
      />
      <Field
        label="Kode Pos"
        name="postalCode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={value.postalCode}
        onChange={(event) => set({ postalCode: event.target.value })}
        error={errors.postalCode}
        required
      />
      <TextAreaField
        label="Alamat Lengkap"
        name="customerAddress"
        autoComplete="street-address"
        placeholder="Nama jalan, nomor rumah, RT/RW"
        rows={3}
        value={value.customerAddress}
        onChange={(event) => set({ customerAddress: event.target.value })}
        error={errors.customerAddress}
        required
      />
      {children}
    </fieldset>
  );
}
