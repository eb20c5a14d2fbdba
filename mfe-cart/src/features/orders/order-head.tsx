import { type PaymentStatus, shortOrderId } from '@gi/contracts/web';
import { StatusBadge } from '@gi/ui';
import styles from './order-head.module.css';

/** The head of an order in the customer's lists: its short id beside its status. */
export function OrderHead({
  order,
}: {
  order: { id: string; status: string; payment_status?: PaymentStatus | null };
}) {
  return (
    // Spaces between the parts: a link around them reads its name out of them.
    <span className={styles.head}>
      <span className={styles.id}>#{shortOrderId(order.id)}</span>{' '}
      <StatusBadge status={order.status} payment={order.payment_status} />
    </span>
  );
}
