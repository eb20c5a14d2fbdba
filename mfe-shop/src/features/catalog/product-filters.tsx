import type { Collection } from '@gi/contracts';
import { type ProductBrowse, parseProductBrowse } from '@gi/contracts/web';
import { buttonClass } from '@gi/ui';
import { type FormEvent, useId } from 'react';
import { urlState } from '../../shared/url-state.ts';
import styles from './product-filters.module.css';

interface ProductFiltersProps {
  /** The choices in the URL. */
  browse: ProductBrowse;
  collections: Collection[];
  /** A new choice, read from the form as the URL would carry it (page 1). */
  onChange: (next: ProductBrowse) => void;
}

/** The form's fields as the query string a plain GET of it sends. */
function formQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return params;
}

/**
 * Sort, collection and price range of /products. A plain GET form: without
 * JavaScript, 'Terapkan' loads the filtered page from the server; with it, a choice
 * becomes a new history entry (the back button returns to the previous filter), and
 * the selects apply as soon as they change.
 */
export function ProductFilters({ browse, collections, onChange }: ProductFiltersProps) {
  const id = useId();
  const apply = (form: HTMLFormElement) => onChange(parseProductBrowse(formQuery(form)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const onSelect = (event: { currentTarget: HTMLSelectElement }) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  // The price fields are the user's until applied; a new URL (back button) shows its own.
  const priceKey = `${browse.min ?? ''}-${browse.max ?? ''}`;

  return (
    <form method="get" action="/products" className={styles.filters} onSubmit={onSubmit}>
      {browse.q && <input type="hidden" name="q" value={browse.q} {...urlState} />}
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Urutkan</label>
        <select id={`${id}-sort`} name="sort" value={browse.sort ?? ''} onChange={onSelect} {...urlState}>
          <option value="">{browse.q ? 'Paling sesuai' : 'Terbaru'}</option>
          {browse.q && <option value="newest">Terbaru</option>}
          <option value="price-asc">Harga terendah</option>
          <option value="price-desc">Harga tertinggi</option>
          <option value="best-selling">Terlaris</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-collection`}>Koleksi</label>
        <select
          id={`${id}-collection`}
          name="collection"
          value={browse.collection ?? ''}
          onChange={onSelect}
          {...urlState}
        >
          <option value="">Semua koleksi</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.slug}>
              {collection.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.price} key={priceKey}>
        <legend>Harga (Rp)</legend>
        <label htmlFor={`${id}-min`} className={styles.visuallyHidden}>
          Harga minimum
        </label>
        <input
          id={`${id}-min`}
          name="min"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="Min"
          defaultValue={browse.min ?? ''}
          {...urlState}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-max`} className={styles.visuallyHidden}>
          Harga maksimum
        </label>
        <input
          id={`${id}-max`}
          name="max"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="Maks"
          defaultValue={browse.max ?? ''}
          {...urlState}
        />
      </fieldset>
      <button type="submit" className={`${buttonClass.secondary} ${styles.apply}`} {...urlState}>
        Terapkan
      </button>
    </form>
  );
}
