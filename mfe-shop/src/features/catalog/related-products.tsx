import { api } from '@gi/contracts/api';
import { queryOptions, useQuery } from '@gi/platform';
import { productKeys } from './api.ts';
import { ProductGrid } from './product-grid.tsx';
import styles from './related-products.module.css';

/**
 * Products sharing a collection or notes with `id`. Read after the page has rendered (never
 * inlined), so its path and key live here, in the product page's own chunk.
 */
function relatedProductsQuery(id: string) {
  return queryOptions({
    queryKey: [...productKeys.all, 'related', id],
    queryFn: async () => (await api('GET /products/{id}/related', { params: { id } })).items,
  });
}

/** Under a product: others from its collections or with its notes. Nothing shows when there are none. */
export function RelatedProducts({ id }: { id: string }) {
  const { data } = useQuery(relatedProductsQuery(id));
  if (!data || data.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <h2 id="related-title" className={styles.title}>
        Produk Terkait
      </h2>
      <ProductGrid products={data} headingAs="h3" belowFold />
    </section>
  );
}
