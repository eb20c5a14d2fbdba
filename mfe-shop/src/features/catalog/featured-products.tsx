import { FEATURED_COUNT } from '@gi/contracts/web';
import { Link, useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, Loading } from '@gi/ui/states';
import { featuredProductsQuery } from './api.ts';
import styles from './featured-products.module.css';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';

/** Home page (product.md §2): the 3 newest products. */
export function FeaturedProducts() {
  const { data: products, isPending, isError, refetch } = useQuery(featuredProductsQuery);
  useErrorToast(isError, 'Gagal memuat produk unggulan.');

  return (
    <section className={styles.section} aria-labelledby="featured-title">
      <div className={styles.inner}>
        <h2 id="featured-title" className={styles.title}>
          Produk Unggulan
        </h2>
        <p className={styles.lead}>Aroma terbaru racikan kami, siap menemani hari Anda.</p>
        {isPending && (
          <Loading label="Memuat produk unggulan...">
            <ProductGridSkeleton count={FEATURED_COUNT} stretch />
          </Loading>
        )}
        {isError && <ErrorState message="Gagal memuat produk unggulan." onRetry={() => void refetch()} />}
        {products?.length === 0 && <EmptyState>Belum ada produk unggulan tersedia.</EmptyState>}
        {products && products.length > 0 && (
          <ProductGrid products={products} headingAs="h3" belowFold stretch />
        )}
        <p className={styles.more}>
          <Link to="/products">Lihat Semua Produk →</Link>
        </p>
      </div>
    </section>
  );
}
