import { buttonClass } from '@gi/ui';
import { useState } from 'react';
import type { CartButtonProps } from '../features/cart-button/load-cart-button.ts';

/**
 * Stands in for mfe-cart's button when mfe-shop runs alone (no shell registers the
 * cart remote here): it says what the real one would have added.
 */
export function DevCartButton({ product, compact }: CartButtonProps) {
  const [added, setAdded] = useState(0);
  return (
    <div>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={product.stock === 0}
        onClick={() => setAdded((n) => n + 1)}
      >
        {product.stock === 0 ? 'Stok habis' : compact ? '+ Keranjang' : 'Tambah ke Keranjang'}
      </button>
      {added > 0 && (
        <p role="status">
          Mode pengembangan: {product.name} {product.sizeMl} ml ×{added} (keranjang asli dari mfe-cart hanya
          ada di shell).
        </p>
      )}
    </div>
  );
}
