import { type Collection, formatDate } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, Skeleton } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import { ScreenReaderStatus } from '../../shared/screen-reader-status.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { DataTable, RowActions } from '../../shared/table-region.tsx';
import { collectionListQuery, useDeleteCollection } from './api.ts';

const noFilters = {};
const SKELETON_ROWS = 4;
const columns = ['Gambar', 'Nama Koleksi', 'Deskripsi', 'Dibuat', 'Aksi'];

/** Data Koleksi (product.md §2) with a working edit button (product.md §10.6). */
export function CollectionList() {
  const list = useListParams(noFilters);
  const collections = useQuery(collectionListQuery({ q: list.q, page: list.page, pageSize: list.pageSize }));
  const remove = useDeleteCollection();
  useErrorToast(collections.isError, 'Gagal memuat koleksi');
  useClampPage(collections.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(collection: Collection) {
    if (!window.confirm('Apakah Anda yakin ingin menghapus koleksi ini?')) return;
    remove.mutate(collection.id, {
      onSuccess: () => toast({ title: 'Koleksi berhasil dihapus' }),
      onError: () => toastError('Gagal menghapus koleksi'),
    });
  }

  const data = collections.data;

  return (
    <>
      <div className={section.head}>
        <p>Kelompokkan produk ke dalam koleksi.</p>
        <Link to={{ search: sectionSearch('add-collection') }} className={buttonClass.primary}>
          Tambah Koleksi
        </Link>
      </div>
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox label="Cari koleksi" value={list.q} onSearch={list.setQuery} placeholder="Nama koleksi" />
      </Toolbar>

      {collections.isPending ? (
        <>
          <ScreenReaderStatus>Memuat koleksi...</ScreenReaderStatus>
          <DataTable label="Tabel data koleksi" caption="Data koleksi" columns={columns} busy>
            {Array.from({ length: SKELETON_ROWS }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: the position is their identity.
              <tr key={row} data-testid="skeleton-row">
                <td>
                  <Skeleton className={table.thumb} />
                </td>
                {[1, 2, 3, 4].map((cell) => (
                  <td key={cell}>
                    <Skeleton />
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </>
      ) : collections.isError ? (
        <ErrorState
          message="Gagal memuat koleksi. Silakan coba lagi."
          onRetry={() => collections.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          {list.q ? (
            <p>Tidak ada koleksi yang cocok dengan "{list.q}".</p>
          ) : (
            <>
              <p>Belum ada koleksi.</p>
              <Link to={{ search: sectionSearch('add-collection') }} className={buttonClass.primary}>
                Tambah Koleksi Pertama
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        data && (
          <>
            <DataTable
              label="Tabel data koleksi"
              caption="Data koleksi"
              columns={columns}
              busy={collections.isFetching}
            >
              {data.items.map((collection) => (
                <tr key={collection.id}>
                  <td>
                    {collection.image ? (
                      <img
                        className={table.thumb}
                        src={collection.image}
                        alt={collection.name}
                        width={56}
                        height={56}
                        loading="lazy"
                      />
                    ) : (
                      <span className={table.noImage}>Tanpa gambar</span>
                    )}
                  </td>
                  <td>
                    {collection.name}
                    {collection.product_count !== undefined && (
                      <div className={table.muted}>{collection.product_count} produk</div>
                    )}
                  </td>
                  <td>
                    <span className={table.clamp}>{collection.description || '-'}</span>
                  </td>
                  <td>{formatDate(collection.created_at)}</td>
                  <td>
                    {/* The API reads a collection by its slug, so the view's id is the slug. */}
                    <RowActions
                      editTo={{ search: sectionSearch('edit-collection', collection.slug) }}
                      name={collection.name}
                      deleteText="Hapus"
                      deleting={remove.isPending && remove.variables === collection.id}
                      onDelete={() => onDelete(collection)}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              total={data.total}
              pageSearch={list.pageSearch}
              label="Halaman data koleksi"
            />
          </>
        )
      )}
    </>
  );
}
