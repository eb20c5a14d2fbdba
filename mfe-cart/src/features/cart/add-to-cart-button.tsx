import { toast } from '@gi/ui';
import styles from './add-to-cart-button.module.css';
import { addItem, type CartProduct } from './cart-store.ts';

/** The buy button mfe-shop places on its pages: the cart team owns what it does. */
export default function AddToCartButton({ product }: { product: CartProduct }) {
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        addItem(product);
        toast({ title: 'Produk ditambahkan', description: `${product.name} masuk ke keranjang.` });
      }}
    >
      Tambah ke Keranjang
    </button>
  );
}
