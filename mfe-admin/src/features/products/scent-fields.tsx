import type { ProductDetail } from '@gi/contracts';
import {
  concentrationLabels,
  concentrations,
  genderLabels,
  genders,
  NOTE_MAX_LENGTH,
  noteLayerLabels,
} from '@gi/contracts/web';
import { Field, SelectField } from '@gi/ui';

/** Form field of each layer's notes (productFormSchema). */
const noteFields = { top: 'notesTop', heart: 'notesHeart', base: 'notesBase' } as const;

/** A layer's first message: the form's (`notesTop.1`) or the API's (`notes.top.1`) for any of its notes. */
function layerError(errors: ScentFieldsProps['errors'], layer: keyof typeof noteFields) {
  const paths = [noteFields[layer], `notes.${layer}`];
  return Object.entries(errors).find(([path]) =>
    paths.some((p) => path === p || path.startsWith(`${p}.`)),
  )?.[1];
}

interface ScentFieldsProps {
  product?: ProductDetail | undefined;
  errors: Record<string, string | undefined>;
}

/** Concentration, gender and the scent pyramid of the product form (decision 017). */
export function ScentFields({ product, errors }: ScentFieldsProps) {
  return (
    <>
      <SelectField
        label="Konsentrasi"
        name="concentration"
        defaultValue={product?.concentration ?? ''}
        error={errors.concentration}
      >
        <option value="">Tidak disebutkan</option>
        {concentrations.map((c) => (
          <option key={c} value={c}>
            {concentrationLabels[c]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Gender" name="gender" defaultValue={product?.gender ?? ''} error={errors.gender}>
        <option value="">Tidak disebutkan</option>
        {genders.map((g) => (
          <option key={g} value={g}>
            {genderLabels[g]}
          </option>
        ))}
      </SelectField>
      {(Object.keys(noteFields) as (keyof typeof noteFields)[]).map((layer) => (
        <Field
          key={layer}
          label={noteLayerLabels[layer]}
          name={noteFields[layer]}
          defaultValue={product?.notes[layer].join(', ')}
          placeholder="Contoh: Jeruk, Lemon"
          hint={`Pisahkan dengan koma; setiap aroma maksimal ${NOTE_MAX_LENGTH} karakter.`}
          error={layerError(errors, layer)}
        />
      ))}
    </>
  );
}
