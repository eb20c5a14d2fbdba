import { ApiError } from '@gi/contracts/client';
import { Link, useParams, useQuery } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { orderQuery } from '../features/order/api.ts';
import { OrderView } from '../features/order/order-view.tsx';
import styles from './order-page.module.css';

function OrderLoader({ id }: { id: string }) {
  const order = useQuery(orderQuery(id));
  if (order.isPending)
    return (
      <p className={styles.muted} role="status">
        Memuat pesanan...
      </p>
    );
  if (order.isError) {
    const status = order.error instanceof ApiError ? order.error.status : 0;
    // Someone else's order answers like a missing one: its existence is not told.
    if (status === 404 || status === 403)
      return (
        <div className={styles.state}>
          <h1>Pesanan Tidak Ditemukan</h1>
          <p>Pesanan ini tidak ada atau bukan milik akun Anda.</p>
          <Link to="/account/orders" className={buttonClass.primary}>
            Lihat Pesanan Saya
          </Link>
        </div>
      );
    return (
      <div className={styles.state} role="alert">
        <h1>Gagal Memuat Pesanan</h1>
        <p>Terjadi kesalahan saat memuat pesanan. Silakan coba lagi.</p>
        <button type="button" className={buttonClass.primary} onClick={() => void order.refetch()}>
          Coba Lagi
        </button>
      </div>
    );
  }
  return <OrderView order={order.data} />;
}

/** /orders/:id: the order page of its owner and of admins (the API enforces who). */
export default function OrderPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useSession();

  return (
    <section className={styles.page} aria-label="Detail pesanan">
      <Link to="/account/orders" className={styles.back}>
        ← Pesanan Saya
      </Link>
      {isLoading ? (
        <p className={styles.muted} role="status">
          Memuat pesanan...
        </p>
      ) : user ? (
        <OrderLoader id={id} />
      ) : (
        <div className={styles.state}>
          <h1>Silakan Login</h1>
          <p>Masuk ke akun Anda untuk melihat pesanan ini.</p>
          <Link to={`/login?next=${encodeURIComponent(`/orders/${id}`)}`} className={buttonClass.primary}>
            Login
          </Link>
        </div>
      )}
    </section>
  );
}
