import { apiPath } from '@gi/contracts/api';
import { formatDateTime, formatRupiah, shortOrderId } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import table from '../../shared/table.module.css';
import { paymentReviewsQuery } from './api.ts';
import { CustomerCell, OrderLinkCell } from './order-cells.tsx';
import { PaymentReviewActions } from './payment-actions.tsx';

const columns = ['ID', 'Pelanggan', 'Jumlah', 'Diunggah', 'Bukti Transfer', 'Aksi'];
const noFilters = {};

/** 'Menunggu Verifikasi': uploaded receipts to open and confirm or reject, a page at a time. */
export function PaymentReviewList() {
  const list = useListParams(noFilters);
  const reviews = useQuery(paymentReviewsQuery(list.page));
  useErrorToast(reviews.isError, 'Gagal memuat daftar verifikasi pembayaran');
  // The server sets this list's page size.
  const pageSize = reviews.data?.pageSize ?? list.pageSize;
  useClampPage(reviews.data?.total, pageSize, list.page, list.setPage);

  return (
    <ListBody
      query={reviews}
      loading={<LoadingState>Memuat pembayaran...</LoadingState>}
      error="Gagal memuat daftar verifikasi pembayaran. Silakan coba lagi."
      empty={<p>Tidak ada pembayaran yang menunggu verifikasi.</p>}
      table={{ label: 'Tabel verifikasi pembayaran', caption: 'Pembayaran menunggu verifikasi', columns }}
      page={list.page}
      pageSize={pageSize}
      pageSearch={list.pageSearch}
      pagesLabel="Halaman verifikasi pembayaran"
      row={({ order, payment }) => (
        <tr key={payment.id}>
          <OrderLinkCell id={order.id} />
          <CustomerCell order={order} />
          <td className={table.nowrap}>
            <strong>{formatRupiah(payment.amount)}</strong>
            <div className={table.muted}>kode unik {order.unique_code}</div>
          </td>
          <td>{payment.submitted_at ? formatDateTime(payment.submitted_at) : '–'}</td>
          <td>
            <a
              href={apiPath('GET /orders/{id}/receipt', { params: { id: order.id } })}
              target="_blank"
              rel="noopener"
              aria-label={`Buka bukti transfer ${shortOrderId(order.id)}`}
            >
              Buka bukti
            </a>
          </td>
          <td>
            <div className={table.actions}>
              <PaymentReviewActions order={order} />
            </div>
          </td>
        </tr>
      )}
    />
  );
}
