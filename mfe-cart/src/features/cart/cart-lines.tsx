import { formatRupiah, formatSize, imageSrcSet, maxPerOrderMessage, SOLD_OUT } from '@gi/contracts/web';
import styles from './cart-lines.module.css';
import { type CartItem, isShort, maxQuantity, perOrderLimit, removeItem, setQuantity } from './cart-store.ts';

/** What a line whose size ran short says before checkout (the server refuses it too). */
export function stockNote(item: CartItem): string | null {
  if (!isShort(item)) return null;
  return item.stock === 0
    ? `${SOLD_OUT}. Hapus dari keranjang untuk melanjutkan.`
    : `Stok tinggal ${item.stock}.`;
}

/** Why '+' stops at the size's maximum per order (decision 025), when that and not stock is the bound. */
function limitNote(item: CartItem): string | null {
  const limit = perOrderLimit(item);
  return item.maxPerOrder !== undefined && item.quantity >= limit && maxQuantity(item) === limit
    ? `${maxPerOrderMessage(limit)}.`
    : null;
}

export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <ul className={styles.lines} aria-label="Produk di keranjang">
      {items.map((item) => {
        const label = `${item.name} ${formatSize(item.sizeMl)}`;
        const note = stockNote(item);
        const limit = note ? null : limitNote(item);
        return (
          <li key={item.variantId} className={styles.line}>
            {/* An 80 px thumbnail: the smallest stored copy, never the full photo. */}
            <img
              src={item.image}
              srcSet={imageSrcSet({ url: item.image, widths: item.imageWidths ?? [] })}
              sizes="80px"
              alt=""
              width={80}
              height={80}
              className={styles.image}
            />
            <div className={styles.info}>
              <p className={styles.name}>{item.name}</p>
              <p className={styles.price}>
                {formatSize(item.sizeMl)} · {formatRupiah(item.price)}
              </p>
              <p className={styles.subtotal}>
                Subtotal <strong>{formatRupiah(item.price * item.quantity)}</strong>
              </p>
              {note && (
                <p className={styles.short} role="alert">
                  {note}
                </p>
              )}
              {limit && <p className={styles.limit}>{limit}</p>}
            </div>
            <div className={styles.qty}>
              <button
                type="button"
                aria-label={`Kurangi jumlah ${label}`}
                onClick={() => setQuantity(item.variantId, item.quantity - 1)}
              >
                −
              </button>
              <output aria-label={`Jumlah ${label}`}>{item.quantity}</output>
              <button
                type="button"
                aria-label={`Tambah jumlah ${label}`}
                disabled={item.quantity >= maxQuantity(item)}
                onClick={() => setQuantity(item.variantId, item.quantity + 1)}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className={styles.remove}
              aria-label={`Hapus ${label}`}
              onClick={() => removeItem(item.variantId)}
            >
              Hapus
            </button>
          </li>
        );
      })}
    </ul>
  );
}
