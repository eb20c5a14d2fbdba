import { type Collection, formatDate } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { Skeleton } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody, ListHead } from '../../shared/list-view.tsx';
import { ScreenReaderStatus } from '../../shared/screen-reader-status.tsx';
import table from '../../shared/table.module.css';
import { DataTable, RowActions } from '../../shared/table-region.tsx';
import { collectionListQuery, useDeleteCollection } from './api.ts';

const noFilters = {};
const SKELETON_ROWS = 4;
const tableNames = {
  label: 'Tabel data koleksi',
  caption: 'Data koleksi',
  columns: ['Gambar', 'Nama Koleksi', 'Deskripsi', 'Dibuat', 'Aksi'],
};

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

  return (
    <>
      <ListHead
        intro="Kelompokkan produk ke dalam koleksi."
        addTo={{ search: sectionSearch('add-collection') }}
        addText="Tambah Koleksi"
      />
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox label="Cari koleksi" value={list.q} onSearch={list.setQuery} placeholder="Nama koleksi" />
      </Toolbar>
      <ListBody
        query={collections}
        loading={
          <>
            <ScreenReaderStatus>Memuat koleksi...</ScreenReaderStatus>
            <DataTable {...tableNames} busy>
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
        }
        error="Gagal memuat koleksi. Silakan coba lagi."
        empty={
          list.q ? (
            <p>Tidak ada koleksi yang cocok dengan "{list.q}".</p>
          ) : (
            <>
              <p>Belum ada koleksi.</p>
              <Link to={{ search: sectionSearch('add-collection') }} className={buttonClass.primary}>
                Tambah Koleksi Pertama
              </Link>
            </>
          )
        }
        table={tableNames}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.pageSearch}
        pagesLabel="Halaman data koleksi"
        row={(collection) => (
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
        )}
      />
    </>
  );
}
