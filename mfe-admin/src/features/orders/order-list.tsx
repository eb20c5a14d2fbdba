import { formatDateTime, formatRupiah, orderStatuses, orderStatusLabels, shortOrderId } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { Link, useQuery } from '@gi/platform';
import { StatusBadge, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { FilterSelect, PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import { useCan } from '../../shared/permissions.ts';
import table from '../../shared/table.module.css';
import { ExportLink } from '../exports/export-link.tsx';
import { orderListQuery } from './api.ts';
import { BulkDocuments } from './bulk-documents.tsx';
import { BulkShipmentBar, SelectOrderCell, useOrderSelection } from './bulk-shipment.tsx';
import { MonthInvoices } from './month-invoices.tsx';
import { DeleteOrderButton, OrderStatusSelect } from './order-actions.tsx';
import { CustomerCell } from './order-cells.tsx';

const filters = { status: orderStatuses };
const columns = ['Pilih', 'No.', 'ID', 'Pelanggan', 'Total', 'Status', 'Tanggal', 'Aksi'];

/** Lihat Pesanan (product.md §2): search, status filter, page size and pages on the server. */
export function OrderList() {
  const list = useListParams(filters);
  const params = {
    q: list.q,
    status: list.filters.status,
    page: list.page,
    pageSize: list.pageSize,
    after: list.after,
    before: list.before,
  };
  const orders = useQuery(orderListQuery(params));
  const selection = useOrderSelection();
  const can = useCan();
  useErrorToast(orders.isError, 'Gagal memuat pesanan');
  useClampPage(orders.data?.total, list.pageSize, list.page, list.setPage);

  const filtered = list.q !== '' || list.filters.status !== '';

  return (
    <>
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <FilterSelect
          label="Status"
          all="Semua Status"
          values={orderStatuses}
          labels={orderStatusLabels}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
        <SearchBox
          label="Cari pesanan"
          value={list.q}
          onSearch={list.setQuery}
          placeholder="ID, nama atau email"
        />
        <ExportLink
          of="pesanan sesuai filter"
          href={apiPath('GET /admin/exports/orders.csv', {
            query: { q: list.q, status: orderStatuses.find((status) => status === list.filters.status) },
          })}
        />
      </Toolbar>
      <BulkDocuments selected={selection.selected} />
      {can('reports') && <MonthInvoices />}
      <BulkShipmentBar selection={selection} />
      <ListBody
        query={orders}
        loading={<LoadingState>Memuat pesanan...</LoadingState>}
        error="Gagal memuat pesanan. Silakan coba lagi."
        empty={<p>{filtered ? 'Tidak ada pesanan yang cocok dengan filter.' : 'Belum ada pesanan.'}</p>}
        table={{ label: 'Tabel pesanan', caption: 'Daftar pesanan', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.seekSearch}
        pagesLabel="Halaman pesanan"
        row={(order, number) => (
          <tr key={order.id}>
            <SelectOrderCell order={order} selection={selection} />
            <td className={table.number}>{number}</td>
            <td>
              <code title={order.id}>{shortOrderId(order.id)}...</code>
            </td>
            <CustomerCell order={order} />
            <td className={table.nowrap}>{formatRupiah(order.total_amount)}</td>
            <td>
              <StatusBadge status={order.status} payment={order.payment_status} />
            </td>
            <td>{formatDateTime(order.created_at)}</td>
            <td>
              <div className={table.actions}>
                <Link
                  to={{ search: sectionSearch('order-detail', order.id) }}
                  className={table.action}
                  aria-label={`Detail pesanan ${shortOrderId(order.id)}`}
                >
                  Detail
                </Link>
                <OrderStatusSelect order={order} />
                <DeleteOrderButton order={order} />
              </div>
            </td>
          </tr>
        )}
      />
    </>
  );
}
