import type { OrderDetail, OrderShipment } from '@gi/contracts';
import { formatDateTime } from '@gi/contracts/web';
import { CopyButton } from './copy-button.tsx';
import styles from './order.module.css';

/** The resi with its copy button. */
function Resi({ value }: { value: string }) {
  return (
    <dd className={styles.accountNumber}>
      {value}
      <CopyButton value={value} label="Salin nomor resi" done="Nomor resi disalin" />
    </dd>
  );
}

type Step = OrderShipment['history'][number];

/**
 * Each step once: a courier reports a step again at each hub ('Paket dalam perjalanan' three
 * times in a row). Of a run of the same step the newest, the list's first, is kept.
 */
const steps = (history: Step[]) => history.filter((step, i) => step.label !== history[i - 1]?.label);

/**
 * The parcel on its way: the courier and the resi; when the shop booked it through the courier
 * aggregator (decision 032), 'Lacak Pengiriman' with its status, the tracking page and the
 * courier's history, newest first. Nothing before the order leaves the shop.
 */
export function ShipmentPanel({ order }: { order: OrderDetail }) {
  const { shipment } = order;
  if (!shipment) {
    return (
      order.tracking_number && (
        <section className={styles.card} aria-labelledby="shipment-title">
          <h2 id="shipment-title" className={styles.heading}>
            Pengiriman
          </h2>
          <dl className={styles.facts}>
            <dt>Kurir</dt>
            <dd>{order.courier}</dd>
            <dt>Nomor Resi</dt>
            <Resi value={order.tracking_number} />
          </dl>
        </section>
      )
    );
  }
  return (
    <section className={styles.card} aria-labelledby="shipment-title">
      <h2 id="shipment-title" className={styles.heading}>
        Lacak Pengiriman
      </h2>
      <dl className={styles.facts}>
        <dt>Kurir</dt>
        <dd>{shipment.service_name ?? shipment.courier_name}</dd>
        <dt>Status</dt>
        <dd>{shipment.status_label}</dd>
        <dt>Nomor Resi</dt>
        {shipment.waybill_id ? <Resi value={shipment.waybill_id} /> : <dd>Menunggu dari kurir</dd>}
      </dl>
      {shipment.tracking_url && (
        <p>
          <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
            Lihat pelacakan di situs kurir
          </a>
        </p>
      )}
      {shipment.history.length > 0 && (
        <ol className={styles.timeline} aria-label="Riwayat pelacakan">
          {steps(shipment.history).map((step) => (
            <li key={`${step.at}-${step.status}`}>
              <p className={styles.eventTitle}>{step.label}</p>
              <p className={styles.muted}>
                <time dateTime={step.at}>{formatDateTime(step.at)} WIB</time>
              </p>
              {step.note && <p className={styles.note}>{step.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
