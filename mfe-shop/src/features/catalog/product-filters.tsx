import type { Collection, ScentNoteOption } from '@gi/contracts';
import { api, initialApiAnswer } from '@gi/contracts/api';
import {
  concentrationLabels,
  concentrations,
  formatSize,
  genderLabels,
  genders,
  type ProductBrowse,
  parseProductBrowse,
} from '@gi/contracts/web';
import { queryOptions } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { urlState } from '../../shared/url-state.ts';
import { productKeys } from './api.ts';
import styles from './product-filters.module.css';

/** The notes the catalogue can be filtered by (inlined into /products for the form without JavaScript). */
export const scentNotesQuery = queryOptions({
  queryKey: [...productKeys.all, 'notes'],
  queryFn: async () => (await api('GET /products/notes')).items,
  initialData: () => initialApiAnswer('GET /products/notes')?.items,
});

const RANGE_UPSIDE_DOWN = 'Harga minimum tidak boleh lebih dari harga maksimum';

interface ProductFiltersProps {
  /** The choices in the URL. */
  browse: ProductBrowse;
  collections: Collection[];
  /** The sizes sold, in ml. */
  sizes: number[];
  /** The scent notes in use (GET /api/products/notes). */
  notes: ScentNoteOption[];
  /** A new choice, read from the form as the URL would carry it (page 1). */
  onChange: (next: ProductBrowse) => void;
}

/**
 * Sort, collection, size, scent note, concentration, for whom and price range of /products. A plain GET form: without
 * JavaScript, 'Terapkan' loads the filtered page from the server; with it, a choice
 * becomes a new history entry (the back button returns to the previous filter), and
 * the selects apply as soon as they change.
 */
export function ProductFilters({ browse, collections, sizes, notes, onChange }: ProductFiltersProps) {
  // A range typed upside down is not applied: the shopper is told and can fix it.
  const [rangeRefused, setRangeRefused] = useState(false);
  // The form's fields as the query string a plain GET of it sends (no file fields here).
  const apply = (form: HTMLFormElement | null) =>
    form && onChange(parseProductBrowse(new URLSearchParams(new FormData(form) as unknown as string[][])));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const [min, max] = (['min', 'max'] as const).map((name) =>
      form.elements.namedItem(name),
    ) as HTMLInputElement[];
    if (min?.value && max?.value && Number(min.value) > Number(max.value)) {
      setRangeRefused(true);
      min.focus();
      return;
    }
    apply(form);
  };
  const rangeError = rangeRefused
    ? RANGE_UPSIDE_DOWN
    : browse.priceRangeIgnored
      ? `${RANGE_UPSIDE_DOWN}, jadi filter harga tidak dipakai.`
      : null;
  const onSelect = (event: { currentTarget: HTMLSelectElement }) => apply(event.currentTarget.form);

  return (
    <form method="get" action="/products" className={styles.filters} onSubmit={onSubmit}>
      {browse.q && <input type="hidden" name="q" value={browse.q} {...urlState} />}
      <label className={styles.field}>
        Urutkan
        <select name="sort" value={browse.sort ?? ''} onChange={onSelect} {...urlState}>
          <option value="">{browse.q ? 'Paling sesuai' : 'Terbaru'}</option>
          {browse.q && <option value="newest">Terbaru</option>}
          <option value="price-asc">Harga terendah</option>
          <option value="price-desc">Harga tertinggi</option>
          <option value="best-selling">Terlaris</option>
        </select>
      </label>
      <label className={styles.field}>
        Koleksi
        <select name="collection" value={browse.collection ?? ''} onChange={onSelect} {...urlState}>
          <option value="">Semua koleksi</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.slug}>
              {collection.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Ukuran
        <select name="size" value={browse.size ?? ''} onChange={onSelect} {...urlState}>
          <option value="">Semua ukuran</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {formatSize(size)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Aroma
        <select name="note" value={browse.note ?? ''} onChange={onSelect} {...urlState}>
          <option value="">Semua aroma</option>
          {notes.map((note) => (
            <option key={note.key} value={note.key}>
              {note.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Konsentrasi
        <select name="concentration" value={browse.concentration ?? ''} onChange={onSelect} {...urlState}>
          <option value="">Semua konsentrasi</option>
          {concentrations.map((concentration) => (
            <option key={concentration} value={concentration}>
              {concentrationLabels[concentration]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Untuk
        <select name="gender" value={browse.gender ?? ''} onChange={onSelect} {...urlState}>
          <option value="">Semua</option>
          {genders.map((gender) => (
            <option key={gender} value={gender}>
              {genderLabels[gender]}
            </option>
          ))}
        </select>
      </label>
      {/* The price fields are the shopper's until applied; a new URL (back button) shows its own. */}
      <fieldset
        className={styles.price}
        key={`${browse.min}-${browse.max}`}
        aria-describedby={rangeError ? 'price-range-error' : undefined}
        onInput={() => setRangeRefused(false)}
      >
        <legend>Harga (Rp)</legend>
        <input
          name="min"
          type="number"
          min={0}
          placeholder="Min"
          aria-label="Harga minimum"
          aria-invalid={rangeError ? true : undefined}
          defaultValue={browse.min}
          {...urlState}
        />
        –
        <input
          name="max"
          type="number"
          min={0}
          placeholder="Maks"
          aria-label="Harga maksimum"
          aria-invalid={rangeError ? true : undefined}
          defaultValue={browse.max}
          {...urlState}
        />
      </fieldset>
      {rangeError && (
        <p id="price-range-error" className={styles.error} role="alert">
          {rangeError}
        </p>
      )}
      <button type="submit" className={buttonClass.secondary} {...urlState}>
        Terapkan
      </button>
    </form>
  );
}
