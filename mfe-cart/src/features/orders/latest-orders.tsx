import { formatDateTime, formatRupiah, shortOrderId } from '@gi/contracts/web';
import { Link, useQuery } from '@gi/platform';
import { toastError } from '@gi/ui';
import { useEffect } from 'react';
import { orderItemLine } from '../../shared/order-item.ts';
import { myOrdersQuery } from './api.ts';
import styles from './latest-orders.module.css';
import { OrderHead } from './order-head.tsx';

const PREVIEW_ITEMS = 2;

/** product.md §2: the customer's latest orders below the cart, and on the account page. */
export function LatestOrders({ title = 'Pesanan Terakhir' }: { title?: string }) {
  const { data: orders, isPending, isError } = useQuery(myOrdersQuery);

  useEffect(() => {
    if (isError) toastError('Gagal memuat riwayat pesanan');
  }, [isError]);

  return (
    <section className={styles.section} aria-labelledby="latest-orders-title">
      <h2 id="latest-orders-title">{title}</h2>
      {isPending && <p className={styles.muted}>Memuat riwayat pesanan...</p>}
      {isError && <p className={styles.muted}>Gagal memuat riwayat pesanan</p>}
      {orders?.length === 0 && <p className={styles.muted}>Belum ada pesanan.</p>}
      {orders && orders.length > 0 && (
        <ol className={styles.list}>
          {orders.map((order) => {
            const more = order.order_items.length - PREVIEW_ITEMS;
            return (
              <li key={order.id} className={styles.order} data-order-id={order.id}>
                <OrderHead order={order} />
                <p className={styles.muted}>{formatDateTime(order.created_at)}</p>
                <ul className={styles.items}>
                  {order.order_items.slice(0, PREVIEW_ITEMS).map((item) => (
                    <li key={item.id}>{orderItemLine(item)}</li>
                  ))}
                  {more > 0 && <li className={styles.muted}>+{more} item lainnya</li>}
                </ul>
                {order.shipping_service && (
                  <p className={styles.muted}>
                    Ongkos kirim ({order.shipping_service}):{' '}
                    <span className={styles.money}>{formatRupiah(order.shipping_fee)}</span>
                  </p>
                )}
                <p className={styles.total}>
                  Total: <strong className={styles.money}>{formatRupiah(order.total_amount)}</strong>
                </p>
                <Link
                  to={`/orders/${order.id}`}
                  className={styles.more}
                  aria-label={`Lihat detail pesanan #${shortOrderId(order.id)}`}
                >
                  Lihat detail
                </Link>
              </li>
            );
          })}
        </ol>
      )}
      {orders && orders.length > 0 && (
        <p>
          <Link to="/account/orders" className={styles.more}>
            Lihat Semua Pesanan
          </Link>
        </p>
      )}
    </section>
  );
}
