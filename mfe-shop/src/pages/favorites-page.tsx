import type { Product } from '@gi/contracts';
import { formatSize, inStock, parsePage } from '@gi/contracts/web';
import { keepPreviousData, Link, useQuery, useSearchParams } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass, useErrorToast } from '@gi/ui';
import { Pagination } from '@gi/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@gi/ui/states';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/product-grid.tsx';
import {
  accountFavoritesQuery,
  FAVORITES_PAGE_SIZE,
  guestFavoritesQuery,
} from '../features/favorites/api.ts';
import { useFavoriteIds } from '../features/favorites/favorite-store.ts';
import page from '../shared/page.module.css';
import { useDocumentTitle } from '../shared/use-document-title.ts';
import styles from './favorites-page.module.css';

/**
 * /favorit (decision 048): the shopper's favourites with their current prices and the sizes in
 * stock, paged in the URL; a customer's from the account, a guest's from this browser.
 */
export default function FavoritesPage() {
  useDocumentTitle('Favorit');
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const pageNumber = parsePage(params.get('page'));
  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Favorit Saya</h1>
        <p className={page.lead}>
          {user ? (
            'Parfum yang Anda simpan, dengan harga dan stok terkini.'
          ) : (
            <>
              Favorit tersimpan di peramban ini. <Link to="/customer/login?next=%2Ffavorit">Masuk</Link> agar
              tersimpan di akun Anda.
            </>
          )}
        </p>
      </header>
      {isLoading ? (
        <FavoritesLoading />
      ) : user ? (
        <AccountFavorites userId={user.id} pageNumber={pageNumber} />
      ) : (
        <GuestFavorites pageNumber={pageNumber} />
      )}
    </div>
  );
}

function AccountFavorites({ userId, pageNumber }: { userId: string; pageNumber: number }) {
  const { data, isPending, isError, refetch } = useQuery({
    ...accountFavoritesQuery(userId, pageNumber),
    placeholderData: keepPreviousData,
  });
  useErrorToast(isError, 'Gagal memuat favorit.');
  if (isPending) return <FavoritesLoading />;
  if (isError) return <ErrorState message="Gagal memuat favorit." onRetry={() => void refetch()} />;
  return <FavoritesList items={data.items} total={data.total} pageNumber={pageNumber} />;
}

function GuestFavorites({ pageNumber }: { pageNumber: number }) {
  const ids = useFavoriteIds();
  const start = (pageNumber - 1) * FAVORITES_PAGE_SIZE;
  const pageIds = ids.slice(start, start + FAVORITES_PAGE_SIZE);
  const { data, isPending, isError, refetch } = useQuery({
    ...guestFavoritesQuery(pageIds),
    placeholderData: keepPreviousData,
  });
  useErrorToast(isError, 'Gagal memuat favorit.');
  if (pageIds.length === 0) return <FavoritesList items={[]} total={ids.length} pageNumber={pageNumber} />;
  if (isPending) return <FavoritesLoading />;
  if (isError) return <ErrorState message="Gagal memuat favorit." onRetry={() => void refetch()} />;
  return <FavoritesList items={data} total={ids.length} pageNumber={pageNumber} />;
}

function FavoritesList({
  items,
  total,
  pageNumber,
}: {
  items: Product[];
  total: number;
  pageNumber: number;
}) {
  // A page past the end (its last favourite removed, an old link): the list is not empty.
  if (items.length === 0 && total > 0) {
    return (
      <EmptyState>
        Halaman ini kosong. <Link to={{ search: '' }}>Kembali ke halaman pertama</Link>
      </EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>Belum ada parfum favorit. Tekan ♡ pada produk untuk menyimpannya di sini.</p>
        <Link to="/products" className={buttonClass.primary}>
          Lihat Produk
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ProductGrid products={items} headingAs="h2" action={stockLine} />
      <Pagination
        page={pageNumber}
        pageCount={Math.ceil(total / FAVORITES_PAGE_SIZE)}
        linkTo={(target) => ({ search: target > 1 ? `page=${target}` : '' })}
        label="Halaman daftar favorit"
      />
    </>
  );
}

/** The sizes that can be bought now (a sold-out card says so already). */
function stockLine(product: Product) {
  const sizes = product.variants.filter(inStock).map((variant) => formatSize(variant.size_ml));
  return sizes.length > 0 && <p className={styles.stock}>Tersedia: {sizes.join(', ')}</p>;
}

function FavoritesLoading() {
  return (
    <Loading label="Memuat favorit...">
      <ProductGridSkeleton count={4} />
    </Loading>
  );
}
