import { formatRupiah, MAX_LINE_QUANTITY } from '@gi/contracts/web';
import styles from './cart-lines.module.css';
import { type CartItem, removeItem, setQuantity } from './cart-store.ts';

export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <ul className={styles.lines} aria-label="Produk di keranjang">
      {items.map((item) => (
        <li key={item.id} className={styles.line}>
          <img src={item.image} alt="" width={80} height={80} className={styles.image} />
          <div className={styles.info}>
            <p className={styles.name}>{item.name}</p>
            <p className={styles.price}>{formatRupiah(item.price)}</p>
          </div>
          <div className={styles.qty}>
            <button
              type="button"
              aria-label={`Kurangi jumlah ${item.name}`}
              onClick={() => setQuantity(item.id, item.quantity - 1)}
            >
              −
            </button>
            <output aria-label={`Jumlah ${item.name}`}>{item.quantity}</output>
            <button
              type="button"
              aria-label={`Tambah jumlah ${item.name}`}
              disabled={item.quantity >= MAX_LINE_QUANTITY}
              onClick={() => setQuantity(item.id, item.quantity + 1)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className={styles.remove}
            aria-label={`Hapus ${item.name}`}
            onClick={() => removeItem(item.id)}
          >
            Hapus
          </button>
        </li>
      ))}
    </ul>
  );
}
