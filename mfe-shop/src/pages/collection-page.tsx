import { Link, useParams, useQuery } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import { collectionQuery } from '../features/collections/api.ts';
import { CollectionHeader, CollectionHeaderSkeleton } from '../features/collections/collection-header.tsx';
import page from '../shared/page.module.css';
import { EmptyState, ErrorState, Loading } from '../shared/states.tsx';
import { useDocumentTitle } from '../shared/use-document-title.ts';
import { useErrorToast } from '../shared/use-error-toast.ts';
import styles from './collection-page.module.css';

/** /collections/:slug: one collection and its products. */
export default function CollectionPage() {
  const { slug = '' } = useParams();
  const { data: collection, isPending, isError, refetch } = useQuery(collectionQuery(slug));
  useDocumentTitle(collection ? collection.name : collection === null ? 'Koleksi Tidak Ditemukan' : null);
  useErrorToast(isError, 'Gagal memuat koleksi.');

  return (
    <div className={page.page}>
      <p className={styles.crumbs}>
        <Link to="/collections">← Semua Koleksi</Link>
      </p>
      {isPending && (
        <Loading label="Memuat koleksi...">
          <CollectionHeaderSkeleton />
          <ProductGridSkeleton count={4} />
        </Loading>
      )}
      {isError && (
        <>
          <h1 className={page.title}>Koleksi</h1>
          <ErrorState message="Gagal memuat koleksi." onRetry={() => void refetch()} />
        </>
      )}
      {collection === null && (
        <section className={styles.missing} aria-labelledby="missing-title">
          <h1 id="missing-title">Koleksi tidak ditemukan</h1>
          <p>Koleksi yang Anda cari tidak ada atau sudah dihapus.</p>
          <Link to="/collections" className={buttonClass.primary}>
            Lihat Semua Koleksi
          </Link>
        </section>
      )}
      {collection && (
        <>
          <CollectionHeader collection={collection} />
          {collection.products.length === 0 ? (
            <EmptyState>Belum ada produk dalam koleksi ini.</EmptyState>
          ) : (
            <ProductGrid products={collection.products} headingAs="h2" />
          )}
        </>
      )}
    </div>
  );
}
