import { formatDateTime, formatRupiah } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import table from '../../shared/table.module.css';
import { refundsQuery } from './api.ts';
import { CustomerCell, OrderLinkCell } from './order-cells.tsx';
import { MarkRefunded } from './refund-actions.tsx';

const columns = ['ID', 'Pelanggan', 'Jumlah', 'Dibatalkan', 'Aksi'];
const noFilters = {};

/** 'Perlu Refund': orders cancelled after their transfer, to pay back and mark, a page at a time. */
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
      table={{ label: 'Tabel pesanan perlu refund', caption: 'Pesanan dibatalkan setelah dibayar', columns }}
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
