import { formatSize, inStock, SOLD_OUT } from '@gi/contracts/web';
import { toast } from '@gi/ui';
import styles from './add-to-cart-button.module.css';
import { addItem, type CartProduct } from './cart-store.ts';

interface AddToCartButtonProps {
  /** The product in the size to add. */
  product: CartProduct;
  /** The small form of a product card's quick add. */
  compact?: boolean;
}

/** The buy button mfe-shop places on its pages: the cart team owns what it does. */
export default function AddToCartButton({ product, compact = false }: AddToCartButtonProps) {
  const what = `${product.name} ${formatSize(product.sizeMl)}`;
  const soldOut = !inStock(product);
  return (
    <button
      type="button"
      className={`${styles.button} ${compact ? styles.compact : ''}`}
      disabled={soldOut}
      aria-label={compact && !soldOut ? `Tambah ${what} ke keranjang` : undefined}
      onClick={() => {
        if (addItem(product)) {
          toast({ title: 'Produk ditambahkan', description: `${what} masuk ke keranjang.` });
        } else {
          toast({
            title: 'Stok tidak mencukupi',
            description: `Semua stok ${what} (${product.stock}) sudah ada di keranjang Anda.`,
            variant: 'destructive',
          });
        }
      }}
    >
      {soldOut ? SOLD_OUT : compact ? '+ Keranjang' : 'Tambah ke Keranjang'}
    </button>
  );
}
