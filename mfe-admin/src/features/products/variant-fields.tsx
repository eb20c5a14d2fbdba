import {
  DEFAULT_MAX_PER_ORDER,
  formatRupiah,
  MAX_PRODUCT_VARIANTS,
  type ProductVariant,
  priceToNumber,
} from '@gi/contracts';
import { buttonClass, Field } from '@gi/ui';
import { useRef, useState } from 'react';
import { StockHistory } from './stock-history.tsx';
import styles from './variant-fields.module.css';

/** One size row as typed; `id` names a size already saved, `read` the stock the form read of it. */
interface Row {
  key: number;
  id?: string;
  read?: string;
  size: string;
  price: string;
  stock: string;
  max: string;
  sku: string;
}

/** What the typed price will be stored as ('Rp 250.000' → Rp 250.000). */
function pricePreview(price: string): string {
  const amount = priceToNumber(price);
  return Number.isFinite(amount) ? `Tersimpan sebagai ${formatRupiah(amount)}` : 'Contoh: Rp 250.000';
}

const blank = (key: number): Row => ({
  key,
  size: '',
  price: '',
  stock: '',
  max: String(DEFAULT_MAX_PER_ORDER),
  sku: '',
});

interface VariantFieldsProps {
  /** The sizes saved; none for a new product (it starts with one empty row). */
  variants?: ProductVariant[] | undefined;
  /** Messages by field name ('variants.0.price'), from the form's schema or the server. */
  errors: Record<string, string>;
}

/**
 * The product form's sizes: size in ml, price (the strict rupiah parsing), stock, the maximum one
 * customer may hold in unpaid orders and an optional SKU per row, and a saved size's stock
 * history; rows are added and removed, at least one stays. Inputs are named
 * `variants.<i>.<field>`, so the form's values and the errors share their paths.
 */
export function VariantFields({ variants, errors }: VariantFieldsProps) {
  const next = useRef(0);
  const [rows, setRows] = useState<Row[]>(() =>
    variants?.length
      ? variants.map((v) => ({
          key: next.current++,
          id: v.id,
          read: v.stock === null ? '' : String(v.stock),
          size: v.size_ml === null ? '' : String(v.size_ml),
          price: formatRupiah(v.price),
          stock: v.stock === null ? '' : String(v.stock),
          max: String(v.max_per_order),
          sku: v.sku ?? '',
        }))
      : [blank(next.current++)],
  );
  const [history, setHistory] = useState<string | null>(null);
  const edit = (key: number, field: 'size' | 'price' | 'stock' | 'max' | 'sku', value: string) =>
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
            {/* The server changes the stock only while it still is what this form read (decision 025). */}
            {row.id && <input type="hidden" name={name('expected_stock')} value={row.read} />}
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
              label="Maks. per pesanan"
              name={name('max_per_order')}
              inputMode="numeric"
              value={row.max}
              onChange={(e) => edit(row.key, 'max', e.target.value)}
              hint="Per pelanggan, termasuk pesanannya yang belum dibayar"
              error={errors[name('max_per_order')]}
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
            {row.id && (
              <button
                type="button"
                className={`${buttonClass.secondary} ${styles.remove}`}
                aria-expanded={history === row.id}
                onClick={() => setHistory(history === row.id ? null : (row.id as string))}
              >
                Riwayat Stok
              </button>
            )}
            {row.id && history === row.id && <StockHistory variantId={row.id} />}
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
