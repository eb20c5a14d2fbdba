import { formatPriceRange, type Product } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { DataTable, RowActions } from '../../shared/table-region.tsx';
import { productListQuery, useDeleteProduct } from './api.ts';

const noFilters = {};
const columns = ['No.', 'Foto', 'Nama', 'Harga', 'Deskripsi', 'Action'];

/** Data Produk (product.md §2): search, page size and pages answered by the server. */
export function ProductList() {
  const list = useListParams(noFilters);
  const products = useQuery(productListQuery({ q: list.q, page: list.page, pageSize: list.pageSize }));
  const remove = useDeleteProduct();
  useErrorToast(products.isError, 'Gagal memuat produk');
  useClampPage(products.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(product: Product) {
    if (!window.confirm('Apakah Anda yakin ingin menghapus produk ini?')) return;
    remove.mutate(product.id, {
      onSuccess: () => toast({ title: 'Produk berhasil dihapus' }),
      onError: () => toastError('Gagal menghapus produk'),
    });
  }

  const data = products.data;
  const offset = (list.page - 1) * list.pageSize;

  return (
    <>
      <div className={section.head}>
        <p>Kelola produk yang tampil di toko.</p>
        <Link to={{ search: sectionSearch('add-product') }} className={buttonClass.primary}>
          Tambah Data
        </Link>
      </div>
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox label="Cari produk" value={list.q} onSearch={list.setQuery} placeholder="Nama produk" />
      </Toolbar>

      {products.isPending ? (
        <LoadingState>Memuat produk...</LoadingState>
      ) : products.isError ? (
        <ErrorState message="Gagal memuat produk. Silakan coba lagi." onRetry={() => products.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          <p>{list.q ? `Tidak ada produk yang cocok dengan "${list.q}".` : 'Belum ada produk tersedia.'}</p>
        </EmptyState>
      ) : (
        data && (
          <>
            <DataTable
              label="Tabel data produk"
              caption="Data produk"
              columns={columns}
              busy={products.isFetching}
            >
              {data.items.map((product, index) => (
                <tr key={product.id}>
                  <td className={table.number}>{offset + index + 1}</td>
                  <td>
                    <img
                      className={table.thumb}
                      src={product.image}
                      alt={product.name}
                      width={56}
                      height={56}
                      loading="lazy"
                    />
                  </td>
                  <td>{product.name}</td>
                  <td className={table.nowrap}>{formatPriceRange(product.variants, product.price)}</td>
                  <td>
                    <span className={table.clamp}>{product.description}</span>
                  </td>
                  <td>
                    <RowActions
                      editTo={{ search: sectionSearch('edit-product', product.id) }}
                      name={product.name}
                      deleteText="Delete"
                      deleting={remove.isPending && remove.variables === product.id}
                      onDelete={() => onDelete(product)}
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
              label="Halaman data produk"
            />
          </>
        )
      )}
    </>
  );
}
