import { formatDateTime, formatRupiah } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { StatusBadge, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import table from '../../shared/table.module.css';
import { refundsQuery } from './api.ts';
import { CustomerCell, OrderLinkCell } from './order-cells.tsx';
import { MarkRefunded } from './refund-actions.tsx';

const columns = ['ID', 'Pelanggan', 'Jumlah', 'Status', 'Sejak', 'Aksi'];
const noFilters = {};

/**
 * 'Perlu Refund': money to give back, a page at a time: orders cancelled after they were paid,
 * and orders paid twice (decision 035: still 'Diproses', the extra payment goes back).
 */
export function RefundList() {
  const list = useListParams(noFilters);
  const refunds = useQuery(refundsQuery(list.page));
  useErrorToast(refunds.isError, 'Gagal memuat daftar refund');
  // The server sets this list's page size.
  const pageSize = refunds.data?.pageSize ?? list.pageSize;
  useClampPage(refunds.data?.total, pageSize, list.page, list.setPage);

  return (
    <ListBody
      query={refunds}
      loading={<LoadingState>Memuat refund...</LoadingState>}
      error="Gagal memuat daftar refund. Silakan coba lagi."
      empty={<p>Tidak ada pesanan yang perlu direfund.</p>}
      table={{
        label: 'Tabel pesanan perlu refund',
        caption: 'Pesanan dengan dana yang harus dikembalikan',
        columns,
      }}
      page={list.page}
      pageSize={pageSize}
      pageSearch={list.pageSearch}
      pagesLabel="Halaman refund"
      row={(order) => (
        <tr key={order.id}>
          <OrderLinkCell id={order.id} />
          <CustomerCell order={order} />
          <td className={table.nowrap}>
            <strong>{formatRupiah(order.total_amount)}</strong>
          </td>
          <td>
            <StatusBadge status={order.status} payment={order.payment_status} />
          </td>
          <td>{formatDateTime(order.updated_at)}</td>
          <td>
            <div className={table.actions}>
              <MarkRefunded order={order} />
            </div>
          </td>
        </tr>
      )}
    />
  );
}
