import { isOrderStatus, orderStateLabel, type PaymentStatus } from '@gi/contracts/web';
import styles from './status-badge.module.css';

/**
 * product.md §4 colours: pending yellow, processing blue, shipped purple, delivered green, cancelled red, else grey.
 * With the order's `payment` status, an unpaid order's label agrees with its payment panel.
 */
export function StatusBadge({ status, payment }: { status: string; payment?: PaymentStatus | null }) {
  const known = isOrderStatus(status);
  return (
    <span className={`${styles.badge} ${known ? styles[status] : styles.other}`} data-status={status}>
      {known ? orderStateLabel(status, payment) : status}
    </span>
  );
}
