import {
  type AdminProductVariant,
  DEFAULT_MAX_PER_ORDER,
  formatRupiah,
  MAX_PRODUCT_VARIANTS,
  priceToNumber,
} from '@gi/contracts';
import { SAMPLE_MAX_ML } from '@gi/contracts/web';
import { buttonClass, Field } from '@gi/ui';
import { useRef, useState } from 'react';
import { SetComponentsEditor } from './set-components.tsx';
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
  weight: string;
  length: string;
  width: string;
  height: string;
  /** 'Kredit Sampel (Rp)' of a sample or a set: blank gives the price paid, 0 none. */
  credit: string;
  /** The weight migration 0029 estimated, while nobody has entered the real one. */
  estimate?: number;
  /** A discovery set's stock, drawn from its samples (decision 061): its own is not counted. */
  setStock?: number | null;
}

type Typed = Exclude<keyof Row, 'key' | 'id' | 'read' | 'estimate' | 'setStock'>;

const cm = (value: number | null) => (value === null ? '' : String(value));

/**
 * Whether a row may give 'Kredit Sampel' (decision 061 part B): a sample size (at most
 * SAMPLE_MAX_ML ml) or a discovery set; a full bottle is what a credit pays toward.
 */
const givesCredit = (row: Row) => {
  const ml = Number(row.size.trim());
  return row.setStock !== undefined || (row.size.trim() !== '' && ml > 0 && ml <= SAMPLE_MAX_ML);
};

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
  weight: '',
  length: '',
  width: '',
  height: '',
  credit: '',
});

/** A saved size as its row: an estimated weight stays blank, so saving asks for the real one. */
const saved = (key: number, v: AdminProductVariant): Row => ({
  key,
  id: v.id,
  // A set's own stock is not counted: the answer's stock is its samples' (decision 061).
  read: v.stock === null || v.contents ? '' : String(v.stock),
  size: v.size_ml === null ? '' : String(v.size_ml),
  price: formatRupiah(v.price),
  stock: v.stock === null || v.contents ? '' : String(v.stock),
  max: String(v.max_per_order),
  sku: v.sku ?? '',
  weight: v.weight_estimated ? '' : String(v.weight_grams),
  length: cm(v.length_cm),
  width: cm(v.width_cm),
  height: cm(v.height_cm),
  credit: v.sample_credit === null ? '' : String(v.sample_credit),
  ...(v.weight_estimated && { estimate: v.weight_grams }),
  ...(v.contents && { setStock: v.stock }),
});

interface VariantFieldsProps {
  /** The product edited (none while adding one): a saved size can be composed as a discovery set. */
  productId?: string | undefined;
  /** The sizes saved; none for a new product (it starts with one empty row). */
  variants?: AdminProductVariant[] | undefined;
  /** Messages by field name ('variants.0.price'), from the form's schema or the server. */
  errors: Record<string, string>;
  /**
   * The role may not set prices or stock (the content editor, decision 052): they are sent as
   * read, shown as text, and no size is added or removed. The server refuses them anyway.
   */
  locked?: boolean;
}

/**
 * The product form's sizes: size in ml, price (the strict rupiah parsing), stock, the maximum one
 * customer may hold in unpaid orders, an optional SKU, the shipping weight (required: couriers
 * price by it, decision 032) and the box's optional sides per row, and a saved size's stock
 * history; rows are added and removed, at least one stays. Inputs are named
 * `variants.<i>.<field>`, so the form's values and the errors share their paths.
 */
export function VariantFields({ productId, variants, errors, locked = false }: VariantFieldsProps) {
  const next = useRef(0);
  const [rows, setRows] = useState<Row[]>(() =>
    variants?.length ? variants.map((v) => saved(next.current++, v)) : [blank(next.current++)],
  );
  const [history, setHistory] = useState<string | null>(null);
  const [composing, setComposing] = useState<string | null>(null);
  const edit = (key: number, field: Typed, value: string) =>
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
            {locked ? (
              <>
                <input type="hidden" name={name('price')} value={row.price} />
                {/* An uncounted stock (a discovery set's) is left out, as the set's own row does. */}
                {row.stock !== '' && <input type="hidden" name={name('stock')} value={row.stock} />}
                <p className={styles.locked}>
                  Harga {row.price}, stok {row.stock || 'tidak dihitung'}: hanya Pemilik dan Admin yang dapat
                  mengubahnya.
                </p>
              </>
            ) : (
              <>
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
                {row.setStock === undefined ? (
                  <Field
                    label="Stok"
                    name={name('stock')}
                    inputMode="numeric"
                    placeholder="0"
                    value={row.stock}
                    onChange={(e) => edit(row.key, 'stock', e.target.value)}
                    error={errors[name('stock')]}
                  />
                ) : (
                  <>
                    {/* A set counts no stock of its own: no stock is sent, it stays uncounted (decision 061). */}
                    <p className={styles.locked}>
                      Stok set: {row.setStock ?? 'tidak dihitung'}, dari stok sampel isinya
                    </p>
                  </>
                )}
              </>
            )}
            <Field
              label="Maks. per pesanan"
              name={name('max_per_order')}
              inputMode="numeric"
              value={row.max}
              onChange={(e) => edit(row.key, 'max', e.target.value)}
              hint="Per pelanggan, termasuk pesanannya yang belum dibayar"
              error={errors[name('max_per_order')]}
            />
            {givesCredit(row) &&
              (locked ? (
                <input type="hidden" name={name('sample_credit')} value={row.credit} />
              ) : (
                <Field
                  label="Kredit Sampel (Rp)"
                  name={name('sample_credit')}
                  inputMode="numeric"
                  placeholder="Harga dibayar"
                  value={row.credit}
                  onChange={(e) => edit(row.key, 'credit', e.target.value)}
                  hint="Untuk botol penuh aroma yang sama. Kosong = harga yang dibayar; 0 = tanpa kredit"
                  error={errors[name('sample_credit')]}
                />
              ))}
            <Field
              label="SKU (opsional)"
              name={name('sku')}
              value={row.sku}
              onChange={(e) => edit(row.key, 'sku', e.target.value)}
              error={errors[name('sku')]}
            />
            <Field
              label="Berat (gram)"
              name={name('weight_grams')}
              inputMode="numeric"
              placeholder={row.estimate ? String(row.estimate) : '270'}
              value={row.weight}
              onChange={(e) => edit(row.key, 'weight', e.target.value)}
              hint={
                row.estimate
                  ? `Masih perkiraan (${row.estimate} g): timbang paketnya lalu isi beratnya`
                  : 'Botol, isi dan kotaknya, siap dikirim'
              }
              error={errors[name('weight_grams')]}
              required
            />
            <fieldset className={styles.box}>
              <legend>Dimensi (cm, opsional)</legend>
              {(
                [
                  ['length', 'length_cm', 'Panjang (cm)'],
                  ['width', 'width_cm', 'Lebar (cm)'],
                  ['height', 'height_cm', 'Tinggi (cm)'],
                ] as const
              ).map(([field, input, label]) => (
                <Field
                  key={field}
                  label={label}
                  name={name(input)}
                  inputMode="numeric"
                  value={row[field]}
                  onChange={(e) => edit(row.key, field, e.target.value)}
                  error={errors[name(input)]}
                />
              ))}
            </fieldset>
            {rows.length > 1 && !locked && (
              <button
                type="button"
                className={`${buttonClass.secondary} ${styles.remove}`}
                onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
              >
                Hapus Ukuran
              </button>
            )}
            {row.id && !locked && (
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
            {row.id && productId && !locked && (
              <button
                type="button"
                className={`${buttonClass.secondary} ${styles.remove}`}
                aria-expanded={composing === row.id}
                onClick={() => setComposing(composing === row.id ? null : (row.id as string))}
              >
                {row.setStock === undefined ? 'Jadikan Set Discovery' : 'Isi Set'}
              </button>
            )}
            {row.id && productId && composing === row.id && (
              <SetComponentsEditor
                variantId={row.id}
                productId={productId}
                onSaved={(saved) =>
                  // The set's own stock changed on the server (uncounted, or 0 again): the row reads it anew.
                  setRows((list) =>
                    list.map((r) => {
                      if (r.key !== row.key) return r;
                      const { setStock: _, ...plain } = r;
                      return saved.components.length > 0
                        ? { ...plain, read: '', stock: '', setStock: saved.stock }
                        : {
                            ...plain,
                            read: r.setStock === undefined ? r.read : '0',
                            stock: r.setStock === undefined ? r.stock : '0',
                          };
                    }),
                  )
                }
              />
            )}
          </fieldset>
        );
      })}
      {rows.length < MAX_PRODUCT_VARIANTS && !locked && (
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
