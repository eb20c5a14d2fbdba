import { formatDateTime, formatRupiah, orderStatuses, orderStatusLabels, shortOrderId } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { StatusBadge, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import {
  LabelledOptions,
  PageSizeSelect,
  SearchBox,
  SelectField,
  Toolbar,
} from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import table from '../../shared/table.module.css';
import { DataTable } from '../../shared/table-region.tsx';
import { orderListQuery } from './api.ts';
import { DeleteOrderButton, OrderStatusSelect } from './order-actions.tsx';

const filters = { status: orderStatuses };
const columns = ['No.', 'ID', 'Pelanggan', 'Total', 'Status', 'Tanggal', 'Aksi'];

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
  useErrorToast(orders.isError, 'Gagal memuat pesanan');
  useClampPage(orders.data?.total, list.pageSize, list.page, list.setPage);

  const data = orders.data;
  const offset = (list.page - 1) * list.pageSize;
  const filtered = list.q !== '' || list.filters.status !== '';

  return (
    <>
      <Toolbar>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SelectField
          label="Status"
          value={list.filters.status}
          onChange={(event) => list.setFilter('status', event.target.value)}
        >
          <option value="">Semua Status</option>
          <LabelledOptions values={orderStatuses} labels={orderStatusLabels} />
        </SelectField>
        <SearchBox
          label="Cari pesanan"
          value={list.q}
          onSearch={list.setQuery}
          placeholder="ID, nama atau email"
        />
      </Toolbar>

      {orders.isPending ? (
        <LoadingState>Memuat pesanan...</LoadingState>
      ) : orders.isError ? (
        <ErrorState message="Gagal memuat pesanan. Silakan coba lagi." onRetry={() => orders.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          <p>{filtered ? 'Tidak ada pesanan yang cocok dengan filter.' : 'Belum ada pesanan.'}</p>
        </EmptyState>
      ) : (
        data && (
          <>
            <DataTable
              label="Tabel pesanan"
              caption="Daftar pesanan"
              columns={columns}
              busy={orders.isFetching}
            >
              {data.items.map((order, index) => (
                <tr key={order.id}>
                  <td className={table.number}>{offset + index + 1}</td>
                  <td>
                    <code title={order.id}>{shortOrderId(order.id)}...</code>
                  </td>
                  <td>
                    {order.customer_name}
                    <div className={table.muted}>{order.customer_email}</div>
                  </td>
                  <td className={table.nowrap}>{formatRupiah(order.total_amount)}</td>
                  <td>
                    <StatusBadge status={order.status} />
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
              ))}
            </DataTable>
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              total={data.total}
              pageSearch={(target) => list.seekSearch(target, data)}
              label="Halaman pesanan"
            />
          </>
        )
      )}
    </>
  );
}
