import { formatPriceRange, type Product } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { toast, toastError, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody, ListHead } from '../../shared/list-view.tsx';
import { useLacks } from '../../shared/permissions.ts';
import table from '../../shared/table.module.css';
import { RowActions } from '../../shared/table-region.tsx';
import { ExportLink } from '../exports/export-link.tsx';
import { productListQuery, useDeleteProduct } from './api.ts';
import { ProductImport } from './product-import.tsx';

const noFilters = {};
const columns = ['No.', 'Foto', 'Nama', 'Harga', 'Deskripsi', 'Action'];

/** Data Produk (product.md §2): search, page size and pages answered by the server. */
export function ProductList() {
  const list = useListParams(noFilters);
  const lacks = useLacks();
  const products = useQuery(productListQuery({ q: list.q, page: list.page, pageSize: list.pageSize }));
  const remove = useDeleteProduct();
  useErrorToast(products.isError, 'Gagal memuat produk');
  useClampPage(products.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(product: Product) {
    if (!window.confirm('Apakah Anda yakin ingin menghapus produk ini?')) return;
    remove.mutate(product.id, {
      onSuccess: () => toast({ title: 'Produk berhasil dihapus' }),
      // The server's own words: a sample a discovery set holds names the set.
      onError: (error) => toastError(errorMessage(error, 'Gagal menghapus produk')),
    });
  }

  return (
    <>
      {/* A new product sets prices and stock: the roles that may (decision 052). */}
      {lacks('prices-stock') ? (
        <p>Kelola produk yang tampil di toko.</p>
      ) : (
        <ListHead
          intro="Kelola produk yang tampil di toko."
          addTo={{ search: sectionSearch('add-product') }}
          addText="Tambah Data"
        />
      )}
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox label="Cari produk" value={list.q} onSearch={list.setQuery} placeholder="Nama produk" />
        {/* The export and the import carry prices and stock (decision 052). */}
        {!lacks('prices-stock') && (
          <ExportLink
            of="produk sesuai pencarian"
            href={apiPath('GET /admin/exports/products.csv', { query: { q: list.q } })}
          />
        )}
      </Toolbar>
      <ListBody
        query={products}
        loading={<LoadingState>Memuat produk...</LoadingState>}
        error="Gagal memuat produk. Silakan coba lagi."
        empty={
          <p>{list.q ? `Tidak ada produk yang cocok dengan "${list.q}".` : 'Belum ada produk tersedia.'}</p>
        }
        table={{ label: 'Tabel data produk', caption: 'Data produk', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.pageSearch}
        pagesLabel="Halaman data produk"
        row={(product, number) => (
          <tr key={product.id}>
            <td className={table.number}>{number}</td>
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
        )}
      />
      {!lacks('prices-stock') && <ProductImport />}
    </>
  );
}
