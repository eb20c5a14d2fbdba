import { useQuery } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { SearchBox } from '../../shared/list-controls.tsx';
import section from '../../shared/section.module.css';
import { PRODUCT_OPTIONS_PAGE_SIZE, productOptionsQuery } from './api.ts';
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
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const options = useQuery(productOptionsQuery(q, page));
  const chosen = new Set(selected.map((p) => p.id));
  const pageCount = Math.max(1, Math.ceil((options.data?.total ?? 0) / PRODUCT_OPTIONS_PAGE_SIZE));

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
        <ul className={styles.chosen} aria-label="Produk terpilih">
          {selected.map((product) => (
            <li key={product.id}>
              {product.name}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Keluarkan ${product.name} dari koleksi`}
                onClick={() => toggle(product, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchBox
        label="Cari produk untuk koleksi"
        value={q}
        onSearch={(text) => {
          setQ(text.trim());
          setPage(1);
        }}
        placeholder="Nama produk"
      />
      {options.isPending ? (
        <LoadingState>Memuat produk...</LoadingState>
      ) : options.isError ? (
        <ErrorState message="Gagal memuat produk" onRetry={() => options.refetch()} />
      ) : options.data.items.length === 0 ? (
        <p className={styles.count}>{q ? 'Tidak ada produk yang cocok.' : 'Belum ada produk tersedia.'}</p>
      ) : (
        <ul className={styles.options}>
          {options.data.items.map((product) => (
            <li key={product.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.has(product.id)}
                  onChange={(event) => toggle({ id: product.id, name: product.name }, event.target.checked)}
                />
                <img src={product.image} alt="" width={36} height={36} loading="lazy" />
                <span>{product.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <div className={styles.pages}>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            ← Sebelumnya
          </button>
          <span>
            Halaman {page} dari {pageCount}
          </span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= pageCount}
            onClick={() => setPage(page + 1)}
          >
            Berikutnya →
          </button>
        </div>
      )}
    </fieldset>
  );
}
