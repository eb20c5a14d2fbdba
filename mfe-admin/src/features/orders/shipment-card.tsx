import {
  type CourierCode,
  courierLabels,
  formatDateTime,
  type OrderDetail,
  shortOrderId,
} from '@gi/contracts';
import { errorMessage } from '@gi/session';
import { buttonClass, toast } from '@gi/ui';
import { useState } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { useBookShipment } from './api.ts';
import styles from './order-detail.module.css';

/** 'JNE · Reguler': the courier service the order was priced with, as checkout showed it. */
const serviceOf = (order: OrderDetail) =>
  order.shipping_service ??
  [
    courierLabels[order.shipping_courier_code as CourierCode] ?? order.shipping_courier_code,
    order.shipping_service_code,
  ]
    .filter(Boolean)
    .join(' · ');

/** Asks before booking: the courier is called at once and the customer is emailed the resi. */
function BookShipmentDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const book = useBookShipment();
  return (
    <Dialog
      title={`Buat pengiriman pesanan #${shortOrderId(order.id)}?`}
      onClose={onClose}
      error={
        book.isError ? errorMessage(book.error, 'Gagal membuat pengiriman. Silakan coba lagi.') : undefined
      }
    >
      <p>
        Kurir <strong>{serviceOf(order)}</strong> dipesan untuk menjemput paket di alamat penjemputan toko.
        Pesanan menjadi Dikirim dan pelanggan menerima email berisi nomor resi dan tautan pelacakan.
      </p>
      <DialogButtons
        confirm="Buat Pengiriman"
        pending={book.isPending}
        onCancel={onClose}
        onConfirm={() =>
          book.mutate(order.id, {
            onSuccess: (answer) => {
              toast({
                title: 'Pengiriman dibuat',
                description: answer?.tracking_number
                  ? `Nomor resi ${answer.tracking_number}`
                  : 'Nomor resi menyusul',
              });
              onClose();
            },
          })
        }
      />
    </Dialog>
  );
}

/**
 * The order's courier (decision 032): 'Buat Pengiriman' on a paid order priced with a courier's
 * rate; once booked, the resi, the tracking page and the tracking history, newest first. A parcel
 * booked elsewhere is still shipped with the status dropdown and a typed resi.
 */
export function ShipmentCard({ order }: { order: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const { shipment } = order;
  if (!shipment && !(order.status === 'processing' && order.shipping_courier_code)) return null;
  return (
    <section className={section.card} aria-labelledby="order-shipment-title">
      <h3 id="order-shipment-title" className={section.subheading}>
        Pengiriman Kurir
      </h3>
      {shipment ? (
        <>
          <dl className={styles.facts}>
            <dt>Kurir</dt>
            <dd>{shipment.service_name ?? `${shipment.courier_name} · ${shipment.service_code}`}</dd>
            <dt>Status</dt>
            <dd>{shipment.status_label}</dd>
            <dt>Nomor Resi</dt>
            <dd>{shipment.waybill_id ? <code>{shipment.waybill_id}</code> : 'Menunggu dari kurir'}</dd>
            {shipment.tracking_url && (
              <>
                <dt>Pelacakan</dt>
                <dd>
                  <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                    Lihat pelacakan
                  </a>
                </dd>
              </>
            )}
          </dl>
          {shipment.history.length > 0 && (
            <ol className={styles.timeline} aria-label="Riwayat pelacakan">
              {shipment.history.map((step) => (
                <li key={`${step.at}-${step.status}`}>
                  <strong>{step.label}</strong>
                  <span className={table.muted}>{formatDateTime(step.at)} WIB</span>
                  {step.note && <span>{step.note}</span>}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : (
        <>
          <p>
            Dibayar dengan ongkir <strong>{serviceOf(order)}</strong>. Pesan kurirnya dari sini; untuk paket
            yang dikirim sendiri, pilih status Dikirim dan isi nomor resinya.
          </p>
          <div className={section.buttons}>
            <button type="button" className={buttonClass.primary} onClick={() => setAsking(true)}>
              Buat Pengiriman
            </button>
          </div>
          {asking && <BookShipmentDialog order={order} onClose={() => setAsking(false)} />}
        </>
      )}
    </section>
  );
}
