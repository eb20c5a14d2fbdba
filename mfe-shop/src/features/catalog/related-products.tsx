import { useQuery } from '@gi/platform';
import { relatedProductsQuery } from './api.ts';
import { ProductGrid } from './product-grid.tsx';
import styles from './related-products.module.css';

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
