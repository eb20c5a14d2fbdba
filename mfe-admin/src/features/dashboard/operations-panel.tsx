import { formatDateTime, shortOrderId } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { Link, queryOptions, useQuery } from '@gi/platform';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import styles from './dashboard-overview.module.css';

// 'Perlu Perhatian' (decision 058): what keeps failing (incidents the owner was emailed about
// once) and the paid orders whose automatic courier booking gave up.

export const operationsQuery = queryOptions({
  queryKey: ['admin', 'operations'] as const,
  queryFn: () => api('GET /admin/operations'),
  // A gangguan resolves by itself: the dashboard looks again now and then.
  refetchInterval: 60_000,
});

export function OperationsPanel() {
  const operations = useQuery(operationsQuery);
  return (
    <section aria-labelledby="operations-title" className={styles.panel}>
      <h3 id="operations-title">Perlu Perhatian</h3>
      {operations.isPending ? (
        <LoadingState>Memuat gangguan...</LoadingState>
      ) : operations.isError ? (
        <ErrorState message="Gagal memuat gangguan" onRetry={() => operations.refetch()} />
      ) : operations.data.incidents.length === 0 && operations.data.failedBookings.length === 0 ? (
        <EmptyState>
          <p>Tidak ada gangguan. Email, tugas terjadwal, gateway dan kurir berjalan normal.</p>
        </EmptyState>
      ) : (
        <ul className={styles.activity}>
          {operations.data.incidents.map((incident) => (
            <li key={incident.id}>
              <span>
                <span className={styles.activityType}>Gangguan</span>{' '}
                <span className={styles.activityTitle}>
                  {incident.title}: gagal {incident.failures} kali berturut-turut
                  {incident.last_error ? ` (${incident.last_error})` : ''}
                </span>
              </span>
              <time dateTime={incident.opened_at} className={styles.activityTime}>
                Sejak {formatDateTime(incident.started_at)}
              </time>
            </li>
          ))}
          {operations.data.failedBookings.map((booking) => (
            <li key={booking.order_id}>
              <Link to={{ search: sectionSearch('order-detail', booking.order_id) }}>
                <span className={styles.activityType}>Pemesanan kurir otomatis gagal</span>{' '}
                <span className={styles.activityTitle}>
                  Pesanan {shortOrderId(booking.order_id)}: {booking.reason ?? 'tanpa keterangan'}
                </span>
              </Link>
              <time dateTime={booking.created_at} className={styles.activityTime}>
                {formatDateTime(booking.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
