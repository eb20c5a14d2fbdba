import { formatRupiah, type Product } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError } from '@gi/ui';
import { PageSizeSelect, SearchBox, Toolbar } from '../../components/list-controls.tsx';
import { Pagination } from '../../components/pagination.tsx';
import section from '../../components/section.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import table from '../../components/table.module.css';
import { TableRegion } from '../../components/table-region.tsx';
import { sectionSearch } from '../../lib/admin-nav.ts';
import { useClampPage, useListParams } from '../../lib/list-params.ts';
import { useErrorToast } from '../../lib/use-error-toast.ts';
import { productListQuery, useDeleteProduct } from './api.ts';

const noFilters = {};

/** Data Produk (spec §2): search, page size and pages answered by the server. */
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
            <TableRegion label="Tabel data produk">
              <table className={table.table} aria-busy={products.isFetching}>
                <caption>Data produk</caption>
                <thead>
                  <tr>
                    <th scope="col">No.</th>
                    <th scope="col">Foto</th>
                    <th scope="col">Nama</th>
                    <th scope="col">Harga</th>
                    <th scope="col">Deskripsi</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
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
                      <td className={table.nowrap}>{formatRupiah(product.price)}</td>
                      <td>
                        <span className={table.clamp}>{product.description}</span>
                      </td>
                      <td>
                        <div className={table.actions}>
                          <Link
                            to={{ search: sectionSearch('edit-product', product.id) }}
                            className={table.action}
                            aria-label={`Edit ${product.name}`}
                          >
                            Edit
                          </Link>
                          <button
                            type="button"
                            className={table.danger}
                            aria-label={`Delete ${product.name}`}
                            disabled={remove.isPending && remove.variables === product.id}
                            onClick={() => onDelete(product)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
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
