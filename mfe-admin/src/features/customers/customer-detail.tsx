import { formatDate, formatDateTime, formatRupiah, orderStatusLabels, shortOrderId } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, useErrorToast } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { sectionSearch } from '../../shared/admin-nav.ts';
import section from '../../shared/section.module.css';
import { StepPager } from '../../shared/step-pager.tsx';
import table from '../../shared/table.module.css';
import { CUSTOMER_ORDERS_PAGE_SIZE, customerOrdersQuery, customerQuery } from './api.ts';
import { EraseCustomerButton } from './erase-customer.tsx';

/** 'Detail Pelanggan' (decision 059): profile and figures, saved addresses, orders page by page. */
export function CustomerDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const customer = useQuery(customerQuery(id));
  useErrorToast(customer.isError, 'Gagal memuat pelanggan');
  if (customer.isPending) return <LoadingState>Memuat pelanggan...</LoadingState>;
  if (customer.isError) {
    return (
      <ErrorState message="Gagal memuat pelanggan. Silakan coba lagi." onRetry={() => customer.refetch()} />
    );
  }
  const c = customer.data;
  return (
    <div>
      <button type="button" className={buttonClass.secondary} onClick={onBack}>
        Kembali ke daftar pelanggan
      </button>
      <section className={section.card} aria-label="Profil pelanggan">
        <h3 className={section.subheading}>{c.name}</h3>
        <dl>
          <dt>Email</dt>
          <dd>{c.erased_at ? '-' : c.email}</dd>
          <dt>Telepon</dt>
          <dd>{c.phone ?? '-'}</dd>
          <dt>Terdaftar</dt>
          <dd>{formatDate(c.created_at)}</dd>
          <dt>Jumlah pesanan</dt>
          <dd>{c.orders_count}</dd>
          <dt>Total belanja (pesanan dibayar)</dt>
          <dd>{formatRupiah(c.paid_total)}</dd>
          <dt>Pesanan terakhir</dt>
          <dd>{c.last_order_at ? formatDateTime(c.last_order_at) : '-'}</dd>
          <dt>Persetujuan pemasaran</dt>
          <dd>
            {c.marketing_consent_at ? `Setuju sejak ${formatDate(c.marketing_consent_at)}` : 'Tidak setuju'}
          </dd>
          {c.erased_at && (
            <>
              <dt>Data pribadi dihapus</dt>
              <dd>{formatDateTime(c.erased_at)}</dd>
            </>
          )}
        </dl>
        <EraseCustomerButton id={c.id} name={c.name} erased={c.erased_at !== null} />
      </section>
      <section className={section.card} aria-label="Alamat tersimpan">
        <h3 className={section.subheading}>Alamat tersimpan</h3>
        {c.addresses.length === 0 ? (
          <p>Tidak ada alamat tersimpan.</p>
        ) : (
          <ul>
            {c.addresses.map((address) => (
              <li key={address.id}>
                {address.customerName} ({address.customerPhone}): {address.customerAddress},{' '}
                {address.district.name}, {address.regency.name}, {address.province.name} {address.postalCode}
                {address.isDefault ? ' (utama)' : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CustomerOrders id={c.id} />
    </div>
  );
}

function CustomerOrders({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const orders = useQuery(customerOrdersQuery(id, page));
  useErrorToast(orders.isError, 'Gagal memuat pesanan pelanggan');
  const data = orders.data;
  return (
    <section className={section.card} aria-label="Pesanan pelanggan">
      <h3 className={section.subheading}>Pesanan</h3>
      {orders.isPending ? (
        <LoadingState>Memuat pesanan...</LoadingState>
      ) : orders.isError ? (
        <ErrorState message="Gagal memuat pesanan. Silakan coba lagi." onRetry={() => orders.refetch()} />
      ) : data && data.items.length === 0 ? (
        <p>Belum ada pesanan.</p>
      ) : (
        <>
          <table className={table.table} aria-label="Pesanan pelanggan">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Tanggal</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {data?.items.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={{ search: sectionSearch('order-detail', order.id) }} className={table.action}>
                      #{shortOrderId(order.id)}
                    </Link>
                  </td>
                  <td>{formatDateTime(order.created_at)}</td>
                  <td>{orderStatusLabels[order.status]}</td>
                  <td className={table.nowrap}>{formatRupiah(order.total_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <StepPager
            page={page}
            pageSize={CUSTOMER_ORDERS_PAGE_SIZE}
            total={data?.total ?? 0}
            onPage={setPage}
            label="Halaman pesanan pelanggan"
          />
        </>
      )}
    </section>
  );
}
