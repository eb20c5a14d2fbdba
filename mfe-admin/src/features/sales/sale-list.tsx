import { formatDateTime, formatRupiah, type Sale } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody, ListHead } from '../../shared/list-view.tsx';
import { RowActions } from '../../shared/table-region.tsx';
import { saleListQuery, useDeleteSale } from './api.ts';

const noFilters = {};
const tableNames = {
  label: 'Tabel promo',
  caption: 'Promo berwaktu',
  columns: ['Nama Promo', 'Potongan', 'Mulai', 'Berakhir', 'Status', 'Aksi'],
};

/** '20%' or 'Rp 50.000' off each size. */
export const saleAmount = (sale: Pick<Sale, 'kind' | 'value'>) =>
  sale.kind === 'percent' ? `${sale.value}%` : formatRupiah(sale.value);

/** Where the sale stands at `now`. */
export function saleStatus(
  sale: Pick<Sale, 'starts_at' | 'ends_at'>,
  now = new Date().toISOString(),
): string {
  if (now < sale.starts_at) return 'Terjadwal';
  return now < sale.ends_at ? 'Berlangsung' : 'Selesai';
}

const wib = (iso: string) => `${formatDateTime(iso)} WIB`;

/** Promo: the timed sales, the latest start first, each with its edit and delete. */
export function SaleList() {
  const list = useListParams(noFilters);
  const sales = useQuery(saleListQuery({ q: list.q, page: list.page, pageSize: list.pageSize }));
  const remove = useDeleteSale();
  useErrorToast(sales.isError, 'Gagal memuat promo');
  useClampPage(sales.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(sale: Sale) {
    if (!window.confirm(`Hapus promo ${sale.name}? Harga kembali normal saat itu juga.`)) return;
    remove.mutate(sale, {
      onSuccess: () => toast({ title: 'Promo berhasil dihapus' }),
      onError: () => toastError('Gagal menghapus promo'),
    });
  }

  return (
    <>
      <ListHead
        intro="Potongan harga berwaktu tanpa kode: harga coret dan label Promo tampil di toko dari awal hingga akhir promo."
        addTo={{ search: sectionSearch('add-sale') }}
        addText="Tambah Promo"
      />
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox label="Cari promo" value={list.q} onSearch={list.setQuery} placeholder="Nama promo" />
      </Toolbar>
      <ListBody
        query={sales}
        loading={<LoadingState>Memuat promo...</LoadingState>}
        error="Gagal memuat promo. Silakan coba lagi."
        empty={
          list.q ? (
            <p>Tidak ada promo yang cocok dengan "{list.q}".</p>
          ) : (
            <>
              <p>Belum ada promo.</p>
              <Link to={{ search: sectionSearch('add-sale') }} className={buttonClass.primary}>
                Tambah Promo Pertama
              </Link>
            </>
          )
        }
        table={tableNames}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.pageSearch}
        pagesLabel="Halaman promo"
        row={(sale) => (
          <tr key={sale.id}>
            <td>{sale.name}</td>
            <td>{saleAmount(sale)}</td>
            <td>{wib(sale.starts_at)}</td>
            <td>{wib(sale.ends_at)}</td>
            <td>{saleStatus(sale)}</td>
            <td>
              <RowActions
                editTo={{ search: sectionSearch('edit-sale', sale.id) }}
                name={sale.name}
                deleteText="Hapus"
                deleting={remove.isPending && remove.variables?.id === sale.id}
                onDelete={() => onDelete(sale)}
              />
            </td>
          </tr>
        )}
      />
    </>
  );
}
