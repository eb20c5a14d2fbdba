import { orderPaths } from '@gi/contracts/order-paths';
import { formatDateTime, formatRupiah, shortOrderId } from '@gi/contracts/web';
import { Link, useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import table from '../../shared/table.module.css';
import { DataTable } from '../../shared/table-region.tsx';
import { paymentReviewsQuery } from './api.ts';
import { PaymentReviewActions } from './payment-actions.tsx';

const columns = ['ID', 'Pelanggan', 'Jumlah', 'Diunggah', 'Bukti Transfer', 'Aksi'];
const noFilters = {};

/** 'Menunggu Verifikasi': uploaded receipts to open and confirm or reject, a page at a time. */
export function PaymentReviewList() {
  const list = useListParams(noFilters);
  const reviews = useQuery(paymentReviewsQuery(list.page));
  useErrorToast(reviews.isError, 'Gagal memuat daftar verifikasi pembayaran');
  useClampPage(reviews.data?.total, reviews.data?.pageSize ?? list.pageSize, list.page, list.setPage);

  if (reviews.isPending) return <LoadingState>Memuat pembayaran...</LoadingState>;
  if (reviews.isError)
    return (
      <ErrorState
        message="Gagal memuat daftar verifikasi pembayaran. Silakan coba lagi."
        onRetry={() => reviews.refetch()}
      />
    );
  const { data } = reviews;
  if (data.items.length === 0)
    return (
      <EmptyState>
        <p>Tidak ada pembayaran yang menunggu verifikasi.</p>
      </EmptyState>
    );
  return (
    <>
      <DataTable
        label="Tabel verifikasi pembayaran"
        caption="Pembayaran menunggu verifikasi"
        columns={columns}
        busy={reviews.isFetching}
      >
        {data.items.map(({ order, payment }) => (
          <tr key={payment.id}>
            <td>
              <Link
                to={{ search: sectionSearch('order-detail', order.id) }}
                aria-label={`Detail pesanan ${shortOrderId(order.id)}`}
              >
                <code>{shortOrderId(order.id)}...</code>
              </Link>
            </td>
            <td>
              {order.customer_name}
              <div className={table.muted}>{order.customer_email}</div>
            </td>
            <td className={table.nowrap}>
              <strong>{formatRupiah(payment.amount)}</strong>
              <div className={table.muted}>kode unik {order.unique_code}</div>
            </td>
            <td>{payment.submitted_at ? formatDateTime(payment.submitted_at) : '–'}</td>
            <td>
              <a
                href={orderPaths.orderReceipt(order.id)}
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
        ))}
      </DataTable>
      <Pagination
        page={list.page}
        pageSize={data.pageSize}
        total={data.total}
        pageSearch={list.pageSearch}
        label="Halaman verifikasi pembayaran"
      />
    </>
  );
}
