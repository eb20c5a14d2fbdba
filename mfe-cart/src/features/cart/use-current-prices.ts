import type { Product } from '@gi/contracts';
import { api, initialApiAnswer } from '@gi/contracts/api';
import { orNull } from '@gi/contracts/client';
import { publicProductKey } from '@gi/contracts/web';
import { useQueries } from '@gi/platform';
import { useEffect, useMemo } from 'react';
import { type CartItem, type CurrentProduct, reconcile, refreshed } from './cart-store.ts';

/**
 * Refreshes the stored lines against the API when the cart is shown: current names,
 * images, and each size's price and stock; products or sizes that no longer exist
 * leave the cart. Returns the lines as the API says they are: the store takes them in
 * an effect, after the first render, which must already show what the server drew.
 */
export function useCurrentPrices(items: CartItem[]): CartItem[] {
  // One query per product, however many of its sizes are in the cart.
  const ids = [...new Set(items.map((item) => item.id))];
  const products = useQueries({
    queries: ids.map((id) => ({
      queryKey: publicProductKey(id),
      queryFn: () => orNull(api('GET /products/{id}', { params: { id } })),
      // The Worker inlines the products of the lines the cart cookie lists.
      initialData: () => initialApiAnswer('GET /products/{id}', { params: { id } }),
    })),
    combine: currentProducts,
  });

  const latest = useMemo(
    () => (products ? new Map(products.map((product) => [product.id, product])) : null),
    [products],
  );
  useEffect(() => {
    if (latest) reconcile(latest);
  }, [latest]);
  return useMemo(() => (latest ? refreshed(items, latest) : items), [items, latest]);
}

/**
 * The lines' current products once every query has answered, else null. A plain
 * array: TanStack Query keeps it the same object until a product really changes,
 * so the effect runs when a fetch brings news, not on every render.
 */
function currentProducts(
  results: { isSuccess: boolean; data: Product | null | undefined }[],
): CurrentProduct[] | null {
  if (results.length === 0 || !results.every((r) => r.isSuccess)) return null;
  return results.flatMap(({ data }) => (data ? [data] : []));
}
