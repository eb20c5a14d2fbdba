import { buttonClass } from '@gi/ui';
import { useState } from 'react';
import type { CartButtonProduct } from '../features/cart-button/load-cart-button.ts';

/**
 * Stands in for mfe-cart's button when mfe-shop runs alone (no shell registers the
 * cart remote here): it says what the real one would have added.
 */
export function DevCartButton({ product }: { product: CartButtonProduct }) {
  const [added, setAdded] = useState(0);
  return (
    <div>
      <button type="button" className={buttonClass.primary} onClick={() => setAdded((n) => n + 1)}>
        Tambah ke Keranjang
      </button>
      {added > 0 && (
        <p role="status">
          Mode pengembangan: {product.name} ×{added} (keranjang asli dari mfe-cart hanya ada di shell).
        </p>
      )}
    </div>
  );
}
