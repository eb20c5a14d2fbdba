import { Chips } from '../../shared/chips.tsx';
import section from '../../shared/section.module.css';
import { ProductOptions } from './product-options.tsx';
import styles from './product-picker.module.css';

export interface PickedProduct {
  id: string;
  name: string;
}

interface ProductPickerProps {
  /** In display order: the order they were added in. */
  selected: PickedProduct[];
  onChange: (selected: PickedProduct[]) => void;
}

/** Checkboxes over the products (searched and paged on the server) choosing a collection's members. */
export function ProductPicker({ selected, onChange }: ProductPickerProps) {
  const chosen = new Set(selected.map((p) => p.id));

  function toggle(product: PickedProduct, checked: boolean) {
    onChange(checked ? [...selected, product] : selected.filter((p) => p.id !== product.id));
  }

  return (
    <fieldset className={section.fieldset}>
      <legend>Produk dalam Koleksi</legend>
      <p className={styles.count} aria-live="polite">
        {selected.length} produk dipilih
      </p>
      {selected.length > 0 && (
        <Chips
          label="Produk terpilih"
          chips={selected.map((product) => ({
            key: product.id,
            name: product.name,
            removeLabel: `Keluarkan ${product.name} dari koleksi`,
            remove: () => toggle(product, false),
          }))}
        />
      )}
      <ProductOptions label="Cari produk untuk koleksi" className={styles.options}>
        {(product) => (
          <label>
            <input
              type="checkbox"
              checked={chosen.has(product.id)}
              onChange={(event) => toggle({ id: product.id, name: product.name }, event.target.checked)}
            />
            <img src={product.image} alt="" width={36} height={36} loading="lazy" />
            <span>{product.name}</span>
          </label>
        )}
      </ProductOptions>
    </fieldset>
  );
}
