import { formatSize } from '@gi/contracts/web';
import { cartAction } from '../features/cart-button/load-add-to-cart.ts';

/**
 * Stands in for mfe-cart's './addToCart' when mfe-shop runs alone (no shell registers
 * the cart remote, nor hosts toasts, here): it says what the real one would have added.
 */
export const devAddToCart = cartAction(async () => (product) => {
  window.alert(
    `Mode pengembangan: ${product.name} ${formatSize(product.sizeMl)} (keranjang asli dari mfe-cart hanya ada di shell).`,
  );
});
