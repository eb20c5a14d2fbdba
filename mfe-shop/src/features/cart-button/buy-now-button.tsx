import { type CartProduct, inStock } from '@gi/contracts/web';
import { useNavigate } from '@gi/platform';
import styles from './cart-button.module.css';
import { useCartPress } from './cart-button.tsx';

/** mfe-cart's cart page opens checkout on this address (a guest is asked to sign in there first). */
const CHECKOUT_URL = '/cart?checkout';

/**
 * 'Beli Sekarang' (issue 37): the size into the cart through the same './addToCart', then straight
 * to checkout. Loads, waits and fails as the cart button does; a second tap while the cart's code
 * is on its way is the same purchase, not a second unit. A sold-out size has none.
 */
export function BuyNowButton({ product }: { product: CartProduct }) {
  const cart = useCartPress();
  const navigate = useNavigate();
  if (!inStock(product)) return null;
  return (
    <button
      type="button"
      className={`${styles.button} ${styles.buyNow}`}
      {...cart.buttonProps}
      onClick={() => {
        if (cart.waiting()) return;
        cart.run((addToCart) => {
          addToCart(product);
          navigate(CHECKOUT_URL);
        });
      }}
    >
      Beli Sekarang
    </button>
  );
}
