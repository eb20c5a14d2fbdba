import { formatDate, formatDateTime, formatRupiah } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { Link, useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import table from '../../shared/table.module.css';
import { ExportLink } from '../exports/export-link.tsx';
import { customerListQuery } from './api.ts';

const columns = [
  'No.',
  'Pelanggan',
  'Pesanan',
  'Total Belanja',
  'Pesanan Terakhir',
  'Persetujuan Pemasaran',
  'Aksi',
];

/** 'Pelanggan' (decision 059): search by name or email, pages by keyset, each customer's figures. */
export function CustomerList() {
  const list = useListParams({});
  const customers = useQuery(
    customerListQuery({
      q: list.q,
      page: list.page,
      pageSize: list.pageSize,
      after: list.after,
      before: list.before,
    }),
  );
  useErrorToast(customers.isError, 'Gagal memuat pelanggan');
  useClampPage(customers.data?.total, list.pageSize, list.page, list.setPage);

  return (
    <>
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchBox
          label="Cari pelanggan"
          value={list.q}
          onSearch={list.setQuery}
          placeholder="Nama atau email"
        />
        <ExportLink
          of="pelanggan sesuai pencarian"
          href={apiPath('GET /admin/exports/customers.csv', { query: { q: list.q } })}
        />
      </Toolbar>
      <ListBody
        query={customers}
        loading={<LoadingState>Memuat pelanggan...</LoadingState>}
        error="Gagal memuat pelanggan. Silakan coba lagi."
        empty={<p>{list.q ? 'Tidak ada pelanggan yang cocok dengan pencarian.' : 'Belum ada pelanggan.'}</p>}
        table={{ label: 'Tabel pelanggan', caption: 'Daftar pelanggan', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.seekSearch}
        pagesLabel="Halaman pelanggan"
        row={(customer, number) => (
          <tr key={customer.id}>
            <td className={table.number}>{number}</td>
            <td>
              {customer.name}
              <br />
              <span className={table.muted}>
                {customer.erased_at ? 'Data pribadi dihapus' : customer.email}
              </span>
            </td>
            <td>{customer.orders_count}</td>
            <td className={table.nowrap}>{formatRupiah(customer.paid_total)}</td>
            <td>{customer.last_order_at ? formatDateTime(customer.last_order_at) : '-'}</td>
            <td>
              {customer.marketing_consent_at
                ? `Setuju sejak ${formatDate(customer.marketing_consent_at)}`
                : 'Tidak setuju'}
            </td>
            <td>
              <Link
                to={{ search: sectionSearch('customer-detail', customer.id) }}
                className={table.action}
                aria-label={`Detail pelanggan ${customer.name}`}
              >
                Detail
              </Link>
            </td>
          </tr>
        )}
      />
    </>
  );
}
