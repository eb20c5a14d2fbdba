import { BPOM_REMINDER_DAYS, INGREDIENTS_MAX_LENGTH, type TrustMarks } from '@gi/contracts';
import { Field, TextAreaField } from '@gi/ui';
import section from '../../shared/section.module.css';

interface TrustFieldsProps {
  marks: TrustMarks | null | undefined;
  errors: Record<string, string | undefined>;
}

/**
 * The product's trust marks (decision 043): the BPOM notification and its last valid day, a halal
 * certificate and the ingredients. All blank: the product has none.
 */
export function TrustFields({ marks, errors }: TrustFieldsProps) {
  return (
    <fieldset className={section.fieldset}>
      <legend>Legalitas dan Komposisi</legend>
      <Field
        label="Nomor Notifikasi BPOM"
        name="trust_marks.bpom_number"
        defaultValue={marks?.bpom_number ?? ''}
        autoCapitalize="characters"
        placeholder="NA18201200456"
        hint="2 huruf dan 11 angka seperti tercetak di kemasan (kit: NKIT dan 9 angka)."
        error={errors['trust_marks.bpom_number']}
      />
      <Field
        label="Notifikasi BPOM Berlaku Sampai"
        name="trust_marks.bpom_valid_until"
        type="date"
        defaultValue={marks?.bpom_valid_until ?? ''}
        hint={`Admin diingatkan lewat email ${BPOM_REMINDER_DAYS.join(' dan ')} hari sebelum tanggal ini.`}
        error={errors['trust_marks.bpom_valid_until']}
      />
      <Field
        label="Nomor Sertifikat Halal (opsional)"
        name="trust_marks.halal_number"
        defaultValue={marks?.halal_number ?? ''}
        error={errors['trust_marks.halal_number']}
      />
      <TextAreaField
        label="Komposisi (opsional)"
        name="trust_marks.ingredients"
        rows={4}
        maxLength={INGREDIENTS_MAX_LENGTH}
        defaultValue={marks?.ingredients ?? ''}
        placeholder="Alcohol Denat., Parfum (Fragrance), Aqua"
        error={errors['trust_marks.ingredients']}
      />
    </fieldset>
  );
}
