import { PRODUCTS_PAGE_SIZE, parsePage } from '@gi/contracts/web';
import { Link, useParams, useQuery, useSearchParams } from '@gi/platform';
import { buttonClass, useErrorToast } from '@gi/ui';
import { Pagination } from '@gi/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@gi/ui/states';
import { useEffect, useRef } from 'react';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import { collectionQuery } from '../features/collections/api.ts';
import { CollectionHeader, CollectionHeaderSkeleton } from '../features/collections/collection-header.tsx';
import page from '../shared/page.module.css';
import { useDocumentTitle } from '../shared/use-document-title.ts';
import styles from './collection-page.module.css';

/** /collections/:slug: one collection and its products, paged in the URL like /products. */
export default function CollectionPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const pageNumber = parsePage(params.get('page'));
  const {
    data: collection,
    isPending,
    isError,
    isPlaceholderData,
    refetch,
  } = useQuery(collectionQuery(slug, pageNumber));
  useDocumentTitle(collection ? collection.name : collection === null ? 'Koleksi Tidak Ditemukan' : null);
  useErrorToast(isError, 'Gagal memuat koleksi.');

  // After turning a page, bring the reader (and screen-reader focus) back to the top of the list.
  const productsRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(pageNumber);
  useEffect(() => {
    if (shownPage.current === pageNumber) return;
    shownPage.current = pageNumber;
    productsRef.current?.focus();
  }, [pageNumber]);

  const linkTo = (target: number) => ({ search: target > 1 ? `page=${target}` : '' });

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
        <section className={page.missing} aria-labelledby="missing-title">
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
          {collection.products.length > 0 ? (
            <div
              ref={productsRef}
              tabIndex={-1}
              className={isPlaceholderData ? styles.stale : undefined}
              aria-busy={isPlaceholderData}
            >
              <ProductGrid products={collection.products} headingAs="h2" />
            </div>
          ) : collection.product_count > 0 ? (
            // An old link can point past the last page of a collection that has since shrunk.
            <EmptyState>
              Halaman ini kosong. <Link to={linkTo(1)}>Kembali ke halaman pertama</Link>
            </EmptyState>
          ) : (
            <EmptyState>Belum ada produk dalam koleksi ini.</EmptyState>
          )}
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(collection.product_count / PRODUCTS_PAGE_SIZE)}
            linkTo={linkTo}
            label="Halaman produk koleksi"
          />
        </>
      )}
    </div>
  );
}
