import { formatDateTime, formatSize, type OrderDetail, shortOrderId } from '@gi/contracts';
import { buttonClass } from '@gi/ui';
import { useEffect, useState } from 'react';
import section from '../../shared/section.module.css';
import styles from './order-detail.module.css';
import slip from './packing-slip.module.css';

/**
 * The order's gift options and its packing slip (decision 045): what goes in the box. The slip
 * lists the items and quantities, the recipient and the gift message, never a price: a gift's
 * recipient must not see what it cost.
 */
export function GiftCard({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  // The slip is on the page before the browser's print dialog opens; print CSS shows only it.
  useEffect(() => {
    if (open) window.print();
  }, [open]);
  const gift = order.gift_wrap || order.gift_message !== null;
  return (
    <section className={section.card} aria-labelledby="order-gift-title">
      <h3 id="order-gift-title" className={section.subheading}>
        Hadiah &amp; Slip
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
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen((now) => !now)}>
          {open ? 'Tutup Slip' : 'Cetak Slip'}
        </button>
        {open && (
          <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
            Cetak lagi
          </button>
        )}
      </div>
      {open && <PackingSlip order={order} />}
    </section>
  );
}

function PackingSlip({ order }: { order: OrderDetail }) {
  return (
    <section className={slip.slip} aria-label="Slip Pengemasan">
      <h4>Slip Pengemasan · Pesanan #{shortOrderId(order.id)}</h4>
      <p className={slip.muted}>{formatDateTime(order.created_at)}</p>
      <h5>Penerima</h5>
      <p>
        <strong>{order.customer_name}</strong>
        {order.customer_phone && <> · {order.customer_phone}</>}
      </p>
      <p className={styles.address}>{order.customer_address}</p>
      <h5>Isi paket</h5>
      <table className={slip.items}>
        <thead>
          <tr>
            <th scope="col">Produk</th>
            <th scope="col">Ukuran</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.order_items.map((item) => (
            <tr key={item.id}>
              <td>{item.product_name}</td>
              <td>{item.variant_id || item.size_ml ? formatSize(item.size_ml) : '–'}</td>
              <td>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.gift_wrap && <p>Bungkus sebagai kado.</p>}
      {order.gift_message && (
        <>
          <h5>Pesan hadiah</h5>
          <blockquote className={slip.message}>{order.gift_message}</blockquote>
        </>
      )}
    </section>
  );
}
