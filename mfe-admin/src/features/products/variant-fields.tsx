import { formatRupiah, MAX_PRODUCT_VARIANTS, type ProductVariant, priceToNumber } from '@gi/contracts';
import { buttonClass, Field } from '@gi/ui';
import { useRef, useState } from 'react';
import styles from './variant-fields.module.css';

/** One size row as typed; `id` names a size already saved. */
interface Row {
  key: number;
  id?: string;
  size: string;
  price: string;
  stock: string;
  sku: string;
}

/** What the typed price will be stored as ('Rp 250.000' → Rp 250.000). */
function pricePreview(price: string): string {
  const amount = priceToNumber(price);
  return Number.isFinite(amount) ? `Tersimpan sebagai ${formatRupiah(amount)}` : 'Contoh: Rp 250.000';
}

const blank = (key: number): Row => ({ key, size: '', price: '', stock: '', sku: '' });

interface VariantFieldsProps {
  /** The sizes saved; none for a new product (it starts with one empty row). */
  variants?: ProductVariant[] | undefined;
  /** Messages by field name ('variants.0.price'), from the form's schema or the server. */
  errors: Record<string, string>;
}

/**
 * The product form's sizes: size in ml, price (the strict rupiah parsing), stock and an
 * optional SKU per row; rows are added and removed, at least one stays. Inputs are named
 * `variants.<i>.<field>`, so the form's values and the errors share their paths.
 */
export function VariantFields({ variants, errors }: VariantFieldsProps) {
  const next = useRef(0);
  const [rows, setRows] = useState<Row[]>(() =>
    variants?.length
      ? variants.map((v) => ({
          key: next.current++,
          id: v.id,
          size: v.size_ml === null ? '' : String(v.size_ml),
          price: formatRupiah(v.price),
          stock: v.stock === null ? '' : String(v.stock),
          sku: v.sku ?? '',
        }))
      : [blank(next.current++)],
  );
  const edit = (key: number, field: 'size' | 'price' | 'stock' | 'sku', value: string) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  return (
    <fieldset className={styles.variants}>
      <legend>Ukuran, Harga dan Stok</legend>
      {errors.variants && <p className={styles.error}>{errors.variants}</p>}
      {rows.map((row, i) => {
        const name = (field: string) => `variants.${i}.${field}`;
        return (
          <fieldset key={row.key} className={styles.row} aria-label={`Ukuran ${i + 1}`}>
            {row.id && <input type="hidden" name={name('id')} value={row.id} />}
            <Field
              label="Ukuran (ml)"
              name={name('size_ml')}
              inputMode="numeric"
              placeholder="50"
              value={row.size}
              onChange={(e) => edit(row.key, 'size', e.target.value)}
              error={errors[name('size_ml')]}
            />
            <Field
              label="Harga"
              name={name('price')}
              inputMode="numeric"
              placeholder="Rp 250.000"
              value={row.price}
              onChange={(e) => edit(row.key, 'price', e.target.value)}
              hint={pricePreview(row.price)}
              error={errors[name('price')]}
            />
            <Field
              label="Stok"
              name={name('stock')}
              inputMode="numeric"
              placeholder="0"
              value={row.stock}
              onChange={(e) => edit(row.key, 'stock', e.target.value)}
              error={errors[name('stock')]}
            />
            <Field
              label="SKU (opsional)"
              name={name('sku')}
              value={row.sku}
              onChange={(e) => edit(row.key, 'sku', e.target.value)}
              error={errors[name('sku')]}
            />
            {rows.length > 1 && (
              <button
                type="button"
                className={`${buttonClass.secondary} ${styles.remove}`}
                onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
              >
                Hapus Ukuran
              </button>
            )}
          </fieldset>
        );
      })}
      {rows.length < MAX_PRODUCT_VARIANTS && (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setRows((list) => [...list, blank(next.current++)])}
        >
          + Tambah Ukuran
        </button>
      )}
    </fieldset>
  );
}
