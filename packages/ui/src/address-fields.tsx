import { type AreaCodes, AreaFields } from './area-fields.tsx';
import { Field, TextAreaField } from './form.tsx';

/** An address as a form holds it: the names of deliveryAddressFields, area codes as chosen. */
export interface AddressValue extends AreaCodes {
  customerName: string;
  customerPhone: string;
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

interface AddressFieldsProps {
  value: AddressValue;
  onChange: (patch: Partial<AddressValue>) => void;
  /** Messages by the fields' names ('postalCode'). */
  errors: Record<string, string>;
  /** Whose address it is: the recipient's ('Nama Penerima') or the sender's ('Nama Pengirim'). */
  labels: { customerName: string; customerPhone: string; customerAddress: string };
  streetPlaceholder: string;
  /** Put before the inputs' names where the address is one part of a larger body ('origin.'). */
  namePrefix?: string;
  /** The shopper's own address, which the browser may fill in; never the shop's. */
  autoComplete?: boolean;
}

/**
 * Name, phone, the areas (AreaFields), postal code and street of deliveryAddressFields: checkout's
 * and the address book's delivery address, the admin's pickup origin.
 */
export function AddressFields({
  value,
  onChange,
  errors,
  labels,
  streetPlaceholder,
  namePrefix = '',
  autoComplete = false,
}: AddressFieldsProps) {
  const auto = (token: string) => (autoComplete ? token : undefined);
  return (
    <>
      <Field
        label={labels.customerName}
        name={`${namePrefix}customerName`}
        autoComplete={auto('name')}
        value={value.customerName}
        onChange={(event) => onChange({ customerName: event.target.value })}
        error={errors.customerName}
        required
      />
      <Field
        label={labels.customerPhone}
        name={`${namePrefix}customerPhone`}
        type="tel"
        autoComplete={auto('tel')}
        hint="Contoh: 0812-3456-7890"
        value={value.customerPhone}
        onChange={(event) => onChange({ customerPhone: event.target.value })}
        error={errors.customerPhone}
        required
      />
      <AreaFields
        value={value}
        errors={errors}
        onChange={({ provinceCode, regencyCode, districtCode }) =>
          onChange({ provinceCode, regencyCode, districtCode })
        }
      />
      <Field
        label="Kode Pos"
        name={`${namePrefix}postalCode`}
        inputMode="numeric"
        autoComplete={auto('postal-code')}
        maxLength={5}
        value={value.postalCode}
        onChange={(event) => onChange({ postalCode: event.target.value })}
        error={errors.postalCode}
        required
      />
      <TextAreaField
        label={labels.customerAddress}
        name={`${namePrefix}customerAddress`}
        autoComplete={auto('street-address')}
        placeholder={streetPlaceholder}
        rows={3}
        value={value.customerAddress}
        onChange={(event) => onChange({ customerAddress: event.target.value })}
        error={errors.customerAddress}
        required
      />
    </>
  );
}
