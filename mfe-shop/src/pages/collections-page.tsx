import { COLLECTIONS_PAGE_SIZE, parsePage } from '@gi/contracts/web';
import { useQuery, useSearchParams } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { Pagination } from '@gi/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@gi/ui/states';
import { collectionsQuery } from '../features/collections/api.ts';
import { CollectionGrid, CollectionGridSkeleton } from '../features/collections/collection-grid.tsx';
import page from '../shared/page.module.css';

/** /collections: a card per collection, each leading to its page. */
export default function CollectionsPage() {
  const [params] = useSearchParams();
  const pageNumber = parsePage(params.get('page'));
  const { data, isPending, isError, refetch } = useQuery(collectionsQuery(pageNumber));
  useErrorToast(isError, 'Gagal memuat koleksi.');

  return (
    <div className={page.page}>
      <header className={page.header}>
        <h1 className={page.title}>Koleksi Kami</h1>
        <p className={page.lead}>Temukan parfum yang dikelompokkan menurut karakter dan momennya.</p>
      </header>
      {isPending && (
        <Loading label="Memuat koleksi...">
          <CollectionGridSkeleton count={6} />
        </Loading>
      )}
      {isError && <ErrorState message="Gagal memuat koleksi." onRetry={() => void refetch()} />}
      {data?.items.length === 0 && <EmptyState>Belum ada koleksi tersedia.</EmptyState>}
      {data && data.items.length > 0 && (
        <>
          <CollectionGrid collections={data.items} />
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(data.total / COLLECTIONS_PAGE_SIZE)}
            linkTo={(target) => ({ search: target > 1 ? `page=${target}` : '' })}
            label="Halaman daftar koleksi"
          />
        </>
      )}
    </div>
  );
}
