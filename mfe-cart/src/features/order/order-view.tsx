import type { OrderDetail } from '@gi/contracts';
import { siteSettingsQuery } from '@gi/contracts/public-queries';
import {
  customerOrderMoves,
  formatDateTime,
  formatEta,
  formatRupiah,
  shortOrderId,
  WRITE_REVIEW_PARAM,
} from '@gi/contracts/web';
import { Link, useQuery } from '@gi/platform';
import { StatusBadge } from '@gi/ui';
import { WhatsAppButton } from '@gi/ui/whatsapp-button';
import { orderItemLine } from '../../shared/order-item.ts';
import { CancelOrder } from './cancel-order.tsx';
import { ConfirmReceived } from './confirm-received.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import styles from './order.module.css';
import { OrderTimeline } from './order-timeline.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { ShipmentPanel } from './shipment-panel.tsx';

/** The message a customer sends the shop about an order: its number and the amount. */
export function whatsappMessage(order: OrderDetail): string {
  const number = `#${shortOrderId(order.id)}`;
  const amount = formatRupiah(order.total_amount);
  return order.status === 'pending'
    ? `Halo PT. Global Imperium, saya ingin konfirmasi pembayaran pesanan ${number} sebesar ${amount}.`
    : `Halo PT. Global Imperium, saya ingin bertanya tentang pesanan ${number} (${amount}).`;
}

/** An order as its owner (or an admin) sees it: payment, shipment, items, address, costs, timeline. */
export function OrderView({ order }: { order: OrderDetail }) {
  const settings = useQuery(siteSettingsQuery);
  const unpaid = order.status === 'pending';
  const { cancel, received } = customerOrderMoves;

  return (
    <div className={styles.order}>
      <header className={styles.header}>
        <h1 className={styles.title}>Pesanan #{shortOrderId(order.id)}</h1>
        <StatusBadge status={order.status} payment={order.payment_status} />
        <p className={styles.muted}>
          Dibuat <time dateTime={order.created_at}>{formatDateTime(order.created_at)} WIB</time>
        </p>
      </header>

      <PaymentPanel order={order} />

      {order.refund_status && (
        <p className={styles.card} role="status">
          {order.refund_status === 'refunded'
            ? 'Dana pesanan ini sudah dikembalikan oleh toko.'
            : order.status === 'cancelled'
              ? 'Pesanan ini dibatalkan setelah Anda membayar. Toko akan mengembalikan dana Anda dan menghubungi Anda untuk prosesnya.'
              : 'Pesanan ini terbayar lebih dari sekali. Pesanan tetap kami proses, dan toko akan mengembalikan kelebihan pembayaran Anda.'}
        </p>
      )}

      <ShipmentPanel order={order} />

      <section className={styles.card} aria-labelledby="items-title">
        <h2 id="items-title" className={styles.heading}>
          Produk
        </h2>
        <ul className={styles.items}>
          {order.order_items.map((item, index) => (
            <li key={item.id}>
              <span>
                {orderItemLine(item)}
                {/* A delivered order's buyer may review each of its products once (decision 040). */}
                {order.status === 'delivered' &&
                  item.product_id &&
                  order.order_items.findIndex((other) => other.product_id === item.product_id) === index && (
                    <Link
                      to={{ pathname: `/product/${item.product_id}`, search: `?${WRITE_REVIEW_PARAM}=1` }}
                      className={styles.review}
                      aria-label={`Tulis Ulasan ${item.product_name}`}
                    >
                      Tulis Ulasan
                    </Link>
                  )}
              </span>
              <span>{formatRupiah(item.subtotal)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.costs}>
          <div>
            <dt>Subtotal Produk</dt>
            <dd>{formatRupiah(order.subtotal_amount)}</dd>
          </div>
          <div>
            <dt>Ongkos Kirim{order.shipping_service ? ` (${order.shipping_service})` : ''}</dt>
            <dd>{formatRupiah(order.shipping_fee)}</dd>
          </div>
          {order.discount_amount > 0 && (
            <div>
              <dt>Diskon ({order.voucher_code ?? 'voucher'})</dt>
              <dd>-{formatRupiah(order.discount_amount)}</dd>
            </div>
          )}
          {order.credit_amount > 0 && (
            <div>
              <dt>Kredit Sampel</dt>
              <dd>-{formatRupiah(order.credit_amount)}</dd>
            </div>
          )}
          {order.gift_wrap && (
            <div>
              <dt>Bungkus Kado</dt>
              <dd>{order.gift_wrap_fee > 0 ? formatRupiah(order.gift_wrap_fee) : 'Gratis'}</dd>
            </div>
          )}
          {/* Only a manual transfer carries a code; every other way charges the total exactly. */}
          {order.unique_code > 0 && (
            <div>
              <dt>Kode Unik</dt>
              <dd>{formatRupiah(order.unique_code)}</dd>
            </div>
          )}
          {order.cod_fee > 0 && (
            <div>
              <dt>Biaya COD</dt>
              <dd>{formatRupiah(order.cod_fee)}</dd>
            </div>
          )}
          <div className={styles.grand}>
            <dt>Total</dt>
            <dd>{formatRupiah(order.total_amount)}</dd>
          </div>
        </dl>
        {order.credit_earned > 0 && (
          <p className={styles.muted}>
            Pesanan ini memberi Kredit Sampel {formatRupiah(order.credit_earned)} untuk botol penuh aroma yang
            sama,{' '}
            {order.status === 'delivered' ? (
              <>
                lihat di <Link to="/account">Akun Saya</Link>.
              </>
            ) : (
              'aktif setelah pesanan diterima.'
            )}
          </p>
        )}
        <InvoiceLink order={order} />
      </section>

      <section className={styles.card} aria-labelledby="delivery-title">
        <h2 id="delivery-title" className={styles.heading}>
          Alamat Pengiriman
        </h2>
        <p>
          <strong>{order.customer_name}</strong>
          {order.customer_phone && <> · {order.customer_phone}</>}
        </p>
        <p className={styles.address}>{order.customer_address}</p>
        {order.gift_message && <p className={styles.address}>Pesan hadiah: {order.gift_message}</p>}
        {order.shipping_service && (
          <p className={styles.muted}>
            Layanan: {order.shipping_service}
            {/* A zone's name tells the area; a courier's live rate has none worth telling. */}
            {order.shipping_zone && !order.shipping_courier_code ? ` (${order.shipping_zone})` : ''}
            {order.shipping_eta_min_days !== null && order.shipping_eta_max_days !== null
              ? `, estimasi ${formatEta(order.shipping_eta_min_days, order.shipping_eta_max_days)}`
              : ''}
          </p>
        )}
      </section>

      <OrderTimeline events={order.events} />

      <div className={styles.actions}>
        {settings.data && (
          <WhatsAppButton phone={settings.data.contactWhatsapp} message={whatsappMessage(order)}>
            {unpaid ? 'Konfirmasi via WhatsApp' : 'Tanya via WhatsApp'}
          </WhatsAppButton>
        )}
        {order.status === cancel.from && (
          <CancelOrder orderId={order.id} paid={order.payment_status === 'submitted'} />
        )}
        {order.status === received.from && <ConfirmReceived orderId={order.id} />}
      </div>
    </div>
  );
}
