import type { OrderEvent } from '@gi/contracts';
import { formatDateTime, orderActorLabels, orderEventLabels } from '@gi/contracts/web';
import styles from './order.module.css';

/** Every event of the order, oldest first, with its time in WIB and who did it. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <section className={styles.card} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.heading}>
        Riwayat Pesanan
      </h2>
      {events.length === 0 ? (
        <p className={styles.muted}>Belum ada riwayat.</p>
      ) : (
        <ol className={styles.timeline}>
          {events.map((event) => (
            <li key={event.id}>
              <p className={styles.eventTitle}>{orderEventLabels[event.type]}</p>
              <p className={styles.muted}>
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)} WIB</time> ·{' '}
                {orderActorLabels[event.actor]}
              </p>
              {event.note && <p className={styles.note}>{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
