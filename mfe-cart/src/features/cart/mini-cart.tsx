import { Link } from '@gi/platform';
import { CartIcon } from '@gi/ui/cart-icon';
import { cartCount, useCart } from './cart-store.ts';
import styles from './mini-cart.module.css';

/** The cart icon of the shell's navbar, with the total quantity once above 0. */
export default function MiniCart() {
  const count = cartCount(useCart());
  return (
    <Link
      to="/cart"
      className={styles.mini}
      aria-label={count > 0 ? `Keranjang, ${count} item` : 'Keranjang'}
    >
      <CartIcon />
      {count > 0 && (
        <span className={styles.badge} data-testid="cart-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
