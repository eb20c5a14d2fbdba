import type { SavedAddress } from '@gi/contracts';
import { AreaFields, Field, SelectField, TextAreaField } from '@gi/ui';
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
 * Recipient, phone and the address in parts: province, then regency/city, then district
 * (AreaFields), postal code and street. Checkout and the account's address book both fill an
 * address with it.
 */
export function AddressPicker({
  value,
  onChange,
  errors,
  legend = 'Alamat Pengiriman',
  book,
  children,
}: AddressPickerProps) {
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
      <AreaFields
        value={value}
        errors={errors}
        onChange={({ provinceCode, regencyCode, districtCode }) =>
          set({ provinceCode, regencyCode, districtCode })
        }
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
