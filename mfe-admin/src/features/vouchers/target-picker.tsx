import type { VoucherDetail } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { Chips } from '../../shared/chips.tsx';
import section from '../../shared/section.module.css';
import { collectionListQuery } from '../collections/api.ts';
import { ProductOptions } from '../collections/product-options.tsx';
import styles from './vouchers.module.css';

/** The voucher's targets by name, as the API's detail answers them; all empty: the whole order. */
export type Targets = VoucherDetail['targets'];
export const noTargets: Targets = { products: [], collections: [], variants: [] };

interface TargetPickerProps {
  value: Targets;
  onChange: (targets: Targets) => void;
  /** The API's message on a target list, if any. */
  error?: string | undefined;
}

const sizeName = (v: Targets['variants'][number]) =>
  v.size_ml === null ? v.product_name : `${v.product_name} ${v.size_ml} ml`;

/** Chips of what is chosen, each with its remove button. */
function Chosen({ value, onChange }: Omit<TargetPickerProps, 'error'>) {
  const chips = [
    ...value.collections.map((c) => ({
      key: `c:${c.id}`,
      name: `Koleksi ${c.name}`,
      removeLabel: `Hapus target Koleksi ${c.name}`,
      remove: () => onChange({ ...value, collections: value.collections.filter((x) => x.id !== c.id) }),
    })),
    ...value.products.map((p) => ({
      key: `p:${p.id}`,
      name: p.name,
      removeLabel: `Hapus target ${p.name}`,
      remove: () => onChange({ ...value, products: value.products.filter((x) => x.id !== p.id) }),
    })),
    ...value.variants.map((v) => ({
      key: `v:${v.id}`,
      name: sizeName(v),
      removeLabel: `Hapus target ${sizeName(v)}`,
      remove: () => onChange({ ...value, variants: value.variants.filter((x) => x.id !== v.id) }),
    })),
  ];
  if (chips.length === 0) return <p className={styles.muted}>Berlaku untuk semua produk.</p>;
  return <Chips label="Target terpilih" chips={chips} />;
}

/**
 * What a voucher applies to: collections, whole products, or single sizes (decision 041).
 * Products are searched and paged on the server, each with its sizes.
 */
export function TargetPicker({ value, onChange, error }: TargetPickerProps) {
  // The API's largest page: a shop keeps a handful of collections (the seed has six).
  const collections = useQuery(collectionListQuery({ q: '', page: 1, pageSize: 50 }));
  const has = (list: { id: string }[], id: string) => list.some((x) => x.id === id);
  const toggle = <K extends keyof Targets>(key: K, item: Targets[K][number], on: boolean) =>
    onChange({
      ...value,
      [key]: on ? [...value[key], item] : value[key].filter((x: { id: string }) => x.id !== item.id),
    });

  return (
    <fieldset className={section.fieldset}>
      <legend>Berlaku untuk</legend>
      <p className={styles.muted}>
        Kosongkan untuk seluruh pesanan. Pilih koleksi, produk, atau ukuran tertentu untuk membatasi potongan.
      </p>
      <Chosen value={value} onChange={onChange} />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <fieldset className={styles.group}>
        <legend>Koleksi</legend>
        {collections.isPending ? (
          <LoadingState>Memuat koleksi...</LoadingState>
        ) : collections.isError ? (
          <ErrorState message="Gagal memuat koleksi" onRetry={() => collections.refetch()} />
        ) : (
          <ul className={styles.options}>
            {collections.data.items.map((c) => (
              <li key={c.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={has(value.collections, c.id)}
                    onChange={(event) =>
                      toggle('collections', { id: c.id, name: c.name }, event.target.checked)
                    }
                  />
                  {c.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Produk dan ukuran</legend>
        <ProductOptions label="Cari produk untuk voucher" className={styles.products}>
          {(product) => (
            <>
              <label>
                <input
                  type="checkbox"
                  checked={has(value.products, product.id)}
                  onChange={(event) =>
                    toggle('products', { id: product.id, name: product.name }, event.target.checked)
                  }
                />
                <strong>{product.name}</strong> (semua ukuran)
              </label>
              {product.variants.length > 1 && (
                <span className={styles.sizes}>
                  {product.variants.map((variant) => {
                    const item = {
                      id: variant.id,
                      product_id: product.id,
                      product_name: product.name,
                      size_ml: variant.size_ml,
                    };
                    return (
                      <label key={variant.id}>
                        <input
                          type="checkbox"
                          checked={has(value.variants, variant.id)}
                          onChange={(event) => toggle('variants', item, event.target.checked)}
                          aria-label={`Ukuran ${sizeName(item)}`}
                        />
                        {variant.size_ml === null ? 'Ukuran' : `${variant.size_ml} ml`}
                      </label>
                    );
                  })}
                </span>
              )}
            </>
          )}
        </ProductOptions>
      </fieldset>
    </fieldset>
  );
}
