import { isOrderStatus, orderStatusLabels } from '@gi/contracts/web';
import styles from './status-badge.module.css';

/** product.md §4 colours: pending yellow, processing blue, shipped purple, delivered green, cancelled red, else grey. */
export function StatusBadge({ status }: { status: string }) {
  const known = isOrderStatus(status);
  return (
    <span className={`${styles.badge} ${known ? styles[status] : styles.other}`} data-status={status}>
      {known ? orderStatusLabels[status] : status}
    </span>
  );
}
