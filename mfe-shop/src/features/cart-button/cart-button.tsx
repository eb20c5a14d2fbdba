import type { CartProduct } from '@gi/contracts/web';
import { buttonClass } from '@gi/ui';
import { Component, createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import styles from './cart-button.module.css';
import {
  type AddToCartButtonComponent,
  type CartButtonProps,
  loadAddToCartButton,
} from './load-cart-button.ts';

const RemoteAddToCartButton = lazy(async () => ({ default: await loadAddToCartButton() }));

const CartButtonContext = createContext<AddToCartButtonComponent>(RemoteAddToCartButton);

/**
 * Replaces the federated button where no shell registered mfe_cart: the standalone
 * dev entry and the component tests. Production never renders this provider.
 */
export const CartButtonProvider = CartButtonContext.Provider;

/** mfe-cart's add-to-cart button on our page; a cart outage leaves a disabled button, not a broken page. */
export function CartButton(props: CartButtonProps) {
  const AddToCartButton = useContext(CartButtonContext);
  return (
    <CartButtonBoundary>
      <Suspense fallback={<UnavailableButton compact={props.compact} />}>
        <AddToCartButton {...props} />
      </Suspense>
    </CartButtonBoundary>
  );
}

/** A product in one of its sizes, as the cart button takes it. */
export function sizedProduct(
  product: { id: string; name: string; image: string; image_widths: number[] },
  variant: { id: string; size_ml: number | null; price: number; stock: number | null },
): CartProduct {
  return {
    id: product.id,
    variantId: variant.id,
    sizeMl: variant.size_ml,
    name: product.name,
    price: variant.price,
    image: product.image,
    imageWidths: product.image_widths,
    stock: variant.stock,
  };
}

/** The button as it looks while mfe-cart loads: what the server renders in its place. */
export function PendingCartButton() {
  return <UnavailableButton />;
}

function UnavailableButton({ note, compact }: { note?: string; compact?: boolean | undefined }) {
  return (
    <div className={styles.fallback}>
      <button type="button" className={buttonClass.primary} disabled>
        {compact ? '+ Keranjang' : 'Tambah ke Keranjang'}
      </button>
      {note && <p className={styles.note}>{note}</p>}
    </div>
  );
}

class CartButtonBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('AddToCartButton from mfe-cart failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <UnavailableButton note="Keranjang sedang tidak tersedia. Muat ulang halaman untuk mencoba lagi." />
    );
  }
}
