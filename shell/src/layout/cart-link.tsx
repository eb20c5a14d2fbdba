import { CART_STORAGE_KEY, CART_UPDATED_EVENT, storedCartCount } from '@gi/contracts/web';
import { Link } from '@gi/platform';
import { useSyncExternalStore } from 'react';
import styles from './layout.module.css';

function subscribe(onChange: () => void): () => void {
  // This tab's cart changed (mfe-cart's store), or another tab's did.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const count = () => storedCartCount(localStorage);
// The layout's HTML never depends on the visitor's cart: no badge until the browser draws it.
const serverCount = () => 0;

/**
 * The navbar's cart icon with the cart's total quantity once above 0. Drawn by the shell
 * from the lines mfe-cart stores (CART_STORAGE_KEY), so a first visit loads none of the
 * cart's code for it.
 */
export function CartLink({ onClick }: { onClick: () => void }) {
  const n = useSyncExternalStore(subscribe, count, serverCount);
  return (
    <Link
      to="/cart"
      className={styles.cartLink}
      aria-label={n > 0 ? `Keranjang, ${n} item` : 'Keranjang'}
      onClick={onClick}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-2-1.6L4.4 3.8A1 1 0 0 0 3.4 3H2V1h1.4a3 3 0 0 1 2.9 2.3L5.2 4Z"
        />
      </svg>
      {n > 0 && (
        <span className={styles.cartBadge} data-testid="cart-badge">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
