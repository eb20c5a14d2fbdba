import type { OrderDetail } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { buttonClass } from '@gi/ui';
import section from '../../shared/section.module.css';
import styles from './order-detail.module.css';

/**
 * The order's gift options and its printed documents (decisions 045, 057): the packing slip on
 * A4 or a 100 × 150 mm label (what goes in the box, never a price: a gift's recipient must not
 * see what it cost), the shop's shipping label, and the invoice once the money arrived. Each is a
 * PDF the Worker draws, opened in a new tab to print.
 */
export function GiftCard({ order }: { order: OrderDetail }) {
  const gift = order.gift_wrap || order.gift_message !== null;
  const params = { id: order.id };
  const paid = order.payments.some((attempt) => attempt.status === 'paid');
  const pdf = { target: '_blank', rel: 'noopener', className: buttonClass.secondary };
  return (
    <section className={section.card} aria-labelledby="order-gift-title">
      <h3 id="order-gift-title" className={section.subheading}>
        Hadiah &amp; Dokumen
      </h3>
      <dl className={styles.facts}>
        <dt>Hadiah</dt>
        <dd>{gift ? 'Ya' : 'Bukan hadiah'}</dd>
        {order.gift_wrap && (
          <>
            <dt>Bungkus kado</dt>
            <dd>Ya</dd>
          </>
        )}
        {order.gift_message && (
          <>
            <dt>Pesan hadiah</dt>
            <dd className={styles.address}>{order.gift_message}</dd>
          </>
        )}
      </dl>
      <div className={section.buttons}>
        <a
          {...pdf}
          href={apiPath('GET /admin/orders/{id}/packing-slip.pdf', { params, query: { format: 'a4' } })}
        >
          Cetak Slip (A4)
        </a>
        <a
          {...pdf}
          href={apiPath('GET /admin/orders/{id}/packing-slip.pdf', { params, query: { format: 'label' } })}
        >
          Cetak Slip (Label)
        </a>
        <a {...pdf} href={apiPath('GET /admin/orders/{id}/shipping-label.pdf', { params })}>
          Cetak Label Pengiriman
        </a>
        {paid && (
          <a {...pdf} href={apiPath('GET /orders/{id}/invoice.pdf', { params })}>
            Unduh Faktur
          </a>
        )}
      </div>
    </section>
  );
}
