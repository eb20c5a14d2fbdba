import type { Product } from '@gi/contracts';
import { apiRequestOrNull, initialAnswer } from '@gi/contracts/client';
import { apiPaths } from '@gi/contracts/web';
import { useQueries } from '@gi/platform';
import { useEffect } from 'react';
import { type CartItem, type CartProduct, reconcile } from './cart-store.ts';

/**
 * Refreshes the stored lines against the API when the cart is shown: current
 * names, prices and images; products that no longer exist leave the cart.
 */
export function useCurrentPrices(items: CartItem[]): void {
  const results = useQueries({
    queries: items.map((item) => ({
      queryKey: ['public', 'products', 'detail', item.id],
      queryFn: () => apiRequestOrNull<Product>(apiPaths.product(item.id)),
      // The Worker inlines the products of the lines the cart cookie lists.
      initialData: () => initialAnswer<Product>(apiPaths.product(item.id)),
    })),
  });
  const settled = results.length > 0 && results.every((r) => r.isSuccess);
  const signature = results.map((r) => r.dataUpdatedAt).join();

  // Re-run only when a fetch lands (signature), not on every render's new results array.
  useEffect(() => {
    if (!settled) return;
    const latest = new Map<string, CartProduct>();
    for (const { data } of results) {
      if (data) latest.set(data.id, { id: data.id, name: data.name, price: data.price, image: data.image });
    }
    reconcile(latest);
  }, [settled, signature]);
}
