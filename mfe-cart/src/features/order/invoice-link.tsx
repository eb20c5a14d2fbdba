import type { OrderDetail } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import styles from './order.module.css';

/**
 * 'Unduh Faktur' (decision 057): the invoice PDF the Worker draws once the order's money arrived;
 * only a link, so the order page carries no PDF code.
 */
export function InvoiceLink({ order }: { order: OrderDetail }) {
  if (!order.payments.some((attempt) => attempt.status === 'paid')) return null;
  return (
    <p className={styles.muted}>
      <a
        href={apiPath('GET /orders/{id}/invoice.pdf', { params: { id: order.id } })}
        target="_blank"
        rel="noopener"
      >
        Unduh Faktur
      </a>{' '}
      (PDF, dengan rincian PPN)
    </p>
  );
}
