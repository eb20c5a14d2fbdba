import { type AddToCart, type CartProduct, formatSize, inStock, priceNow, SOLD_OUT } from '@gi/contracts/web';
import { toastError } from '@gi/ui';
import { createContext, useContext, useRef, useState } from 'react';
import styles from './cart-button.module.css';
import { type CartAction, cartAction, loadAddToCart } from './load-add-to-cart.ts';

const CartActionContext = createContext<CartAction>(cartAction(loadAddToCart));

/**
 * Replaces mfe-cart's federated action where no shell registered mfe_cart: the
 * standalone dev entry and the component tests. Production never renders this provider.
 */
export const CartActionProvider = CartActionContext.Provider;

/**
 * A buy button's presses, each carried out with mfe-cart's './addToCart': at once when it has
 * loaded, else once it arrives; the first hover, touch or focus starts loading it (decision 020).
 */
export function useCartPress() {
  const cart = useContext(CartActionContext);
  // Presses made before mfe-cart's code is here, each carried out once when it arrives. A ref:
  // a second press can come before the pending render.
  const waiting = useRef<((addToCart: AddToCart) => void)[]>([]);
  const [pending, setPending] = useState(false);
  const prepare = () => {
    // A failure is told when the shopper presses, not on a hover.
    cart.load().catch(() => {});
  };
  const run = (task: (addToCart: AddToCart) => void) => {
    const addToCart = cart.loaded();
    if (addToCart) {
      task(addToCart);
      return;
    }
    waiting.current.push(task);
    if (waiting.current.length > 1) return;
    setPending(true);
    cart
      .load()
      .then(
        (loaded) => {
          for (const pressed of waiting.current.splice(0)) pressed(loaded);
        },
        (error: unknown) => {
          waiting.current = [];
          console.error('addToCart from mfe-cart failed to load', error);
          toastError('Keranjang sedang tidak tersedia. Silakan coba lagi.');
        },
      )
      .finally(() => setPending(false));
  };
  return {
    run,
    /** True while a press waits for the cart's code. */
    waiting: () => waiting.current.length > 0,
    buttonProps: {
      'aria-busy': pending || undefined,
      onPointerEnter: prepare,
      onPointerDown: prepare,
      onFocus: prepare,
    },
  };
}

interface CartButtonProps {
  /** The product in the size to add. */
  product: CartProduct;
  /** A product card's small quick add. */
  compact?: boolean;
}

/**
 * The buy button, drawn with the page (server HTML and first render alike) without any
 * of mfe-cart's code; what a press does is mfe-cart's './addToCart', loaded on the first
 * intent (hover, touch, focus) or, failing that, by the press itself; every press made
 * meanwhile is carried out once the action has loaded (decision 020).
 */
export function CartButton({ product, compact = false }: CartButtonProps) {
  const cart = useCartPress();
  const soldOut = !inStock(product);
  const size = formatSize(product.sizeMl);
  return (
    <button
      type="button"
      className={`${styles.button} ${compact ? styles.compact : ''}`}
      disabled={soldOut}
      // The quick add shows which size it adds (its first in stock); its name starts with what it
      // shows, as axe's label-content-name-mismatch requires, and names the product.
      aria-label={compact && !soldOut ? `Tambah ${size} ${product.name} ke keranjang` : undefined}
      {...cart.buttonProps}
      onClick={() => cart.run((addToCart) => addToCart(product))}
    >
      {soldOut ? SOLD_OUT : compact ? `Tambah ${size}` : 'Tambah ke Keranjang'}
    </button>
  );
}

/** A product in one of its sizes, as the cart button takes it. */
export function sizedProduct(
  product: { id: string; name: string; image: string; image_widths: number[] },
  variant: {
    id: string;
    size_ml: number | null;
    price: number;
    sale_price: number | null;
    stock: number | null;
    max_per_order: number;
  },
): CartProduct {
  return {
    id: product.id,
    variantId: variant.id,
    sizeMl: variant.size_ml,
    name: product.name,
    // The price now, a timed sale's included (decision 046); checkout charges the server's anyway.
    price: priceNow(variant),
    image: product.image,
    imageWidths: product.image_widths,
    stock: variant.stock,
    maxPerOrder: variant.max_per_order,
  };
}
