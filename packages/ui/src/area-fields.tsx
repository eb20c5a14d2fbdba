import type { Area } from '@gi/contracts';
import { districtsQuery, provincesQuery, regenciesQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { SelectField } from './form.tsx';

/** An address's areas as a form holds them: codes as chosen, '' while none is. */
export interface AreaCodes {
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
}

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

interface AreaFieldsProps {
  value: AreaCodes;
  /** A choice clears the levels below it. */
  onChange: (next: AreaCodes) => void;
  /** Messages by the codes' names ('districtCode'). */
  errors: Record<string, string>;
}

/**
 * Province, then regency/city, then district from Indonesia's official areas, each list
 * fetched when the level above is chosen (never all districts at once): checkout's and the
 * address book's delivery address, the admin's pickup origin.
 */
export function AreaFields({ value, onChange, errors }: AreaFieldsProps) {
  const provinces = useQuery(provincesQuery());
  const regencies = useQuery({ ...regenciesQuery(value.provinceCode), enabled: value.provinceCode !== '' });
  const districts = useQuery({ ...districtsQuery(value.regencyCode), enabled: value.regencyCode !== '' });
  return (
    <>
      <AreaSelect
        label="Provinsi"
        name="provinceCode"
        value={value.provinceCode}
        placeholder="Pilih provinsi"
        options={provinces.data}
        loading={provinces.isPending}
        error={errors.provinceCode}
        onChange={(provinceCode) => onChange({ provinceCode, regencyCode: '', districtCode: '' })}
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
        onChange={(regencyCode) => onChange({ ...value, regencyCode, districtCode: '' })}
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
        onChange={(districtCode) => onChange({ ...value, districtCode })}
      />
    </>
  );
}
