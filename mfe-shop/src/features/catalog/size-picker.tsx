import type { ProductVariant, SetContent } from '@gi/contracts';
import { formatSize, inStock, SOLD_OUT } from '@gi/contracts/web';
import styles from './size-picker.module.css';

interface SizePickerProps {
  variants: ProductVariant[];
  chosen: ProductVariant;
  onChoose: (variant: ProductVariant) => void;
}

/** The product page's sizes as radio buttons; a sold-out size can be looked at, not bought. */
export function SizePicker({ variants, chosen, onChoose }: SizePickerProps) {
  return (
    <fieldset className={styles.sizes}>
      <legend className={styles.legend}>Ukuran</legend>
      {variants.map((variant) => (
        <label key={variant.id} className={`${styles.size} ${inStock(variant) ? '' : styles.soldOut}`}>
          <input
            type="radio"
            name="size"
            value={variant.id}
            checked={variant.id === chosen.id}
            onChange={() => onChoose(variant)}
          />
          <span>{formatSize(variant.size_ml)}</span>
          {!inStock(variant) && <span className={styles.note}>{SOLD_OUT}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** Few units left is worth saying; plenty or uncounted stock is simply available. */
const FEW = 5;

/** The chosen size's availability as the page says it. */
export function availability(variant: ProductVariant): string {
  if (!inStock(variant)) return SOLD_OUT;
  return variant.stock !== null && variant.stock <= FEW ? `Sisa ${variant.stock}` : 'Tersedia';
}

/** A discovery set's samples, as the page names the chosen size's contents (decision 061). */
export function SetContents({ contents }: { contents: SetContent[] }) {
  const items = contents.map(
    (item) =>
      `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.product_name} ${formatSize(item.size_ml)}`,
  );
  return <p className={styles.contents}>Isi: {items.join(', ')}</p>;
}
