import type { SavedAddress } from '@gi/contracts';
import { AddressFields, type AddressValue, SelectField } from '@gi/ui';
import type { ReactNode } from 'react';
import frame from '../../shared/fieldset.module.css';

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
 * The shopper's delivery address (AddressFields), with checkout's choice among the saved ones:
 * checkout and the account's address book both fill an address with it.
 */
export function AddressPicker({
  value,
  onChange,
  errors,
  legend = 'Alamat Pengiriman',
  book,
  children,
}: AddressPickerProps) {
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
      <AddressFields
        value={value}
        onChange={(patch) => onChange({ ...value, ...patch })}
        errors={errors}
        labels={{
          customerName: 'Nama Penerima',
          customerPhone: 'Nomor Telepon',
          customerAddress: 'Alamat Lengkap',
        }}
        streetPlaceholder="Nama jalan, nomor rumah, RT/RW"
        autoComplete
      />
      {children}
    </fieldset>
  );
}
