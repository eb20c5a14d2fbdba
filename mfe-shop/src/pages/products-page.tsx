import type { Product } from '@gi/contracts';
import {
  defaultVariant,
  formatTotal,
  PRODUCTS_PAGE_SIZE,
  type ProductBrowse,
  parseProductBrowse,
  productBrowseParams,
} from '@gi/contracts/web';
import { Link, useQuery, useSearchParams } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { Pagination } from '@gi/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@gi/ui/states';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { CartButton, sizedProduct } from '../features/cart-button/cart-button.tsx';
import { productSizesQuery, productsQuery } from '../features/catalog/api.ts';
import { ProductFilters, scentNotesQuery } from '../features/catalog/product-filters.tsx';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import { ProductSearch } from '../features/catalog/product-search.tsx';
import { collectionsQuery } from '../features/collections/api.ts';
import page from '../shared/page.module.css';
import styles from './products-page.module.css';

/**
 * /products: the whole catalogue, searched, sorted and filtered, paged; every choice
 * lives in the URL (parseProductBrowse), so a list can be shared and history walks it.
 */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const browse = useMemo(() => parseProductBrowse(params), [params]);
  const { q, page: pageNumber } = browse;
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(productsQuery(browse));
  // The collection filter's choices: the first page holds every collection the shop shows.
  const collections = useQuery(collectionsQuery(1)).data?.items ?? [];
  const sizes = useQuery(productSizesQuery).data ?? [];
  const notes = useQuery(scentNotesQuery).data ?? [];
  useErrorToast(isError, 'Gagal memuat produk. Silakan coba lagi.');

  // A new term starts at page 1; typing replaces the history entry instead of adding one per pause.
  const onSearch = useCallback(
    (next: string) => setParams(productBrowseParams({ ...browse, q: next, page: 1 }), { replace: true }),
    [setParams, browse],
  );
  // A new sort or filter is a history entry of its own: the back button returns to the previous one.
  const onFilter = useCallback((next: ProductBrowse) => setParams(productBrowseParams(next)), [setParams]);
  const linkTo = (target: number) => ({
    search: productBrowseParams({ ...browse, page: target }).toString(),
  });
  const filtered = Boolean(
    browse.collection ||
      browse.size ||
      browse.note ||
      browse.concentration ||
      browse.gender ||
      browse.min !== undefined ||
      browse.max !== undefined,
  );

  // After turning a page, bring the reader (and screen-reader focus) back to the top of the list.
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(pageNumber);
  useEffect(() => {
    if (shownPage.current === pageNumber) return;
    shownPage.current = pageNumber;
    resultsRef.current?.focus();
  }, [pageNumber]);

  const pageCount = data ? Math.ceil(data.total / PRODUCTS_PAGE_SIZE) : 0;

  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Semua Produk</h1>
        <p className={page.lead}>Jelajahi seluruh parfum racikan PT. Global Imperium, dari yang terbaru.</p>
      </header>
      <ProductSearch
        query={q}
        onSearch={onSearch}
        keep={productBrowseParams({ ...browse, q: '', page: 1 })}
      />
      <ProductFilters
        browse={browse}
        collections={collections}
        sizes={sizes}
        notes={notes}
        onChange={onFilter}
      />
      <h2 ref={resultsRef} tabIndex={-1} className={styles.results}>
        {q ? `Hasil pencarian "${q}"` : 'Daftar produk'}
        {data && !isPlaceholderData && (
          // A search matching very many products ranks only the newest of them (their pages).
          <span className={styles.count}> ({formatTotal(data.total, data.totalCapped)} produk)</span>
        )}
      </h2>
      {isPending && (
        <Loading label="Memuat produk...">
          <ProductGridSkeleton count={8} />
        </Loading>
      )}
      {isError && (
        <ErrorState message="Gagal memuat produk. Silakan coba lagi." onRetry={() => void refetch()} />
      )}
      {data?.items.length === 0 &&
        (data.total > 0 ? (
          // An old link can point past the last page of a catalogue that has since shrunk.
          <EmptyState>
            Halaman ini kosong. <Link to={linkTo(1)}>Kembali ke halaman pertama</Link>
          </EmptyState>
        ) : (
          <EmptyState>
            {q
              ? `Tidak ada produk yang cocok dengan "${q}".`
              : filtered
                ? 'Tidak ada produk yang cocok dengan filter ini.'
                : 'Belum ada produk tersedia.'}
          </EmptyState>
        ))}
      {data && data.items.length > 0 && (
        <div className={isPlaceholderData ? styles.stale : undefined} aria-busy={isPlaceholderData}>
          <ProductGrid products={data.items} headingAs="h3" action={quickAdd} />
        </div>
      )}
      {data && data.items.length > 0 && (
        <Pagination page={pageNumber} pageCount={pageCount} linkTo={linkTo} label="Halaman daftar produk" />
      )}
    </div>
  );
}

/** A card's quick add: the first size in stock (a sold-out product's button says so). */
function quickAdd(product: Product) {
  const variant = defaultVariant(product.variants);
  return variant && <CartButton product={sizedProduct(product, variant)} compact />;
}
