import { formatDateTime, formatRupiah } from '@gi/contracts/web';
import { Link, useQuery } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { useState } from 'react';
import { accountOrdersQuery } from '../features/order/api.ts';
import { OrderHead } from '../features/orders/order-head.tsx';
import styles from './account-orders-page.module.css';
import page from './order-page.module.css';

/** One page of orders; the last loaded page offers the next. */
function OrdersPage({ cursor, onMore }: { cursor: string | null; onMore: ((next: string) => void) | null }) {
  const orders = useQuery(accountOrdersQuery(cursor));
  if (orders.isPending)
    return (
      <p className={page.muted} role="status">
        Memuat pesanan...
      </p>
    );
  if (orders.isError)
    return (
      <div className={styles.error} role="alert">
        <p>Gagal memuat riwayat pesanan</p>
        <button type="button" className={buttonClass.secondary} onClick={() => void orders.refetch()}>
          Coba Lagi
        </button>
      </div>
    );
  const { items, nextCursor } = orders.data;
  if (cursor === null && items.length === 0)
    return (
      <div className={page.state}>
        <p>Belum ada pesanan.</p>
        <Link to="/products" className={buttonClass.primary}>
          Mulai Belanja
        </Link>
      </div>
    );
  return (
    <>
      <ol className={styles.list}>
        {items.map((order) => (
          <li key={order.id} data-order-id={order.id}>
            <Link to={`/orders/${order.id}`} className={styles.order}>
              {/* Spaces between the parts: the link's name is read out of them. */}
              <OrderHead order={order} />{' '}
              <span className={page.muted}>{formatDateTime(order.created_at)} WIB</span>{' '}
              <span>
                {order.order_items.length} produk · <strong>{formatRupiah(order.total_amount)}</strong>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      {onMore && nextCursor && (
        <button type="button" className={buttonClass.secondary} onClick={() => onMore(nextCursor)}>
          Muat Lebih Banyak
        </button>
      )}
    </>
  );
}

/** /account/orders: every order of the signed-in customer, newest first, a page at a time. */
export default function AccountOrdersPage() {
  const { user, isLoading } = useSession();
  // Pages loaded so far, by their cursor (null is the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);

  return (
    <section className={page.page} aria-labelledby="account-orders-title">
      <h1 id="account-orders-title" className={styles.title}>
        Pesanan Saya
      </h1>
      {isLoading ? (
        <p className={page.muted} role="status">
          Memuat pesanan...
        </p>
      ) : user ? (
        cursors.map((cursor, index) => (
          <OrdersPage
            key={cursor ?? 'first'}
            cursor={cursor}
            onMore={index === cursors.length - 1 ? (next) => setCursors((c) => [...c, next]) : null}
          />
        ))
      ) : (
        <div className={page.state}>
          <p>Masuk ke akun Anda untuk melihat pesanan.</p>
          <Link to={`/login?next=${encodeURIComponent('/account/orders')}`} className={buttonClass.primary}>
            Login
          </Link>
        </div>
      )}
    </section>
  );
}
