import type { ProductVariant } from '@gi/contracts';
import { formatSize, inStock } from '@gi/contracts/web';
import { lazy, Suspense } from 'react';

const BackInStockForm = lazy(() => import('./back-in-stock-form.tsx'));

/** 'Kabari Saya' under a sold-out size; its form loads only then (nothing on the first view of a size in stock). */
export function BackInStock({ productId, variant }: { productId: string; variant: ProductVariant }) {
  if (inStock(variant)) return null;
  return (
    <Suspense fallback={null}>
      {/* A new size is a new ask: the form starts over. */}
      <BackInStockForm
        key={variant.id}
        productId={productId}
        variantId={variant.id}
        size={formatSize(variant.size_ml)}
      />
    </Suspense>
  );
}
