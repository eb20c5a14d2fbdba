import {
  formatDateTime,
  formatRupiah,
  formatSize,
  gatewayChannelLabels,
  isFinalOrderStatus,
  type OrderDetail as OrderDetailData,
  orderActorLabels,
  orderEventLabels,
  paymentMethodLabels,
  paymentStatusLabels,
  refundStatusLabels,
  shortOrderId,
} from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { whatsappLink } from '@gi/contracts/whatsapp';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, StatusBadge } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { LabelledTable, TableRegion } from '../../shared/table-region.tsx';
import { orderQuery } from './api.ts';
import { GatewayFacts, GatewayHistoryCard } from './gateway-history.tsx';
import { DeleteOrderButton, OrderStatusSelect } from './order-actions.tsx';
import styles from './order-detail.module.css';
import { GiftCard } from './packing-slip.tsx';
import { PaymentReviewActions } from './payment-actions.tsx';
import { MarkRefunded } from './refund-actions.tsx';
import { ShipmentCard } from './shipment-card.tsx';

/** A chat with the recipient about this order; none for a landline, which WhatsApp cannot reach. */
function CustomerWhatsApp({ order, phone }: { order: OrderDetailData; phone: string }) {
  const href = whatsappLink(
    phone,
    `Halo ${order.customer_name}, kami dari PT. Global Imperium ingin menghubungi Anda tentang pesanan #${shortOrderId(order.id)}.`,
  );
  return (
    href && (
      <>
        {' · '}
        <a href={href} target="_blank" rel="noopener noreferrer">
          Chat via WhatsApp
        </a>
      </>
    )
  );
}

/** The current payment attempt: its state, the receipt and, when one waits, confirm or reject. */
const ITEM_COLUMNS = ['Produk', 'Ukuran', 'Harga', 'Qty', 'Subtotal'] as const;

function PaymentCard({ order }: { order: OrderDetailData }) {
  const [payment] = order.payments;
  return (
    <section className={section.card} aria-labelledby="order-payment-title">
      <h3 id="order-payment-title" className={section.subheading}>
        Pembayaran
      </h3>
      {payment ? (
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>{paymentStatusLabels[payment.status]}</dd>
          <dt>Metode</dt>
          <dd>
            {paymentMethodLabels[payment.method]}
            {payment.channel ? ` · ${gatewayChannelLabels[payment.channel]}` : ''}
          </dd>
          <dt>Jumlah</dt>
          <dd>
            {formatRupiah(payment.amount)}
            {order.unique_code > 0 ? ` (kode unik ${order.unique_code})` : ''}
          </dd>
          <GatewayFacts payment={payment} />
          {order.payment_due_at && order.status === 'pending' && (
            <>
              <dt>Batas Bayar</dt>
              <dd>{formatDateTime(order.payment_due_at)} WIB</dd>
            </>
          )}
          {payment.submitted_at && (
            <>
              <dt>Bukti Diunggah</dt>
              <dd>{formatDateTime(payment.submitted_at)} WIB</dd>
            </>
          )}
          {payment.has_receipt && (
            <>
              <dt>Bukti Transfer</dt>
              <dd>
                <a
                  href={apiPath('GET /orders/{id}/receipt', { params: { id: order.id } })}
                  target="_blank"
                  rel="noopener"
                >
                  Buka bukti transfer
                </a>
              </dd>
            </>
          )}
          {payment.reason && (
            <>
              <dt>Alasan Ditolak</dt>
              <dd>{payment.reason}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>Pesanan ini dibuat sebelum pembayaran tercatat.</p>
      )}
      {order.refund_status && (
        <div className={styles.refund} role="status">
          <p>
            <strong>{refundStatusLabels[order.refund_status]}</strong>
            {order.refund_status === 'refunded'
              ? ': dana pesanan ini sudah dikembalikan.'
              : order.status === 'cancelled'
                ? ': pesanan dibatalkan setelah pelanggan membayar. Kembalikan dananya lalu tandai sudah direfund.'
                : ': pelanggan membayar pesanan ini lebih dari sekali. Kirim pesanan seperti biasa, kembalikan kelebihannya, lalu tandai sudah direfund.'}
          </p>
          {order.refund_status === 'needed' && <MarkRefunded order={order} />}
        </div>
      )}
      {payment?.status === 'submitted' && (
        <div className={section.buttons}>
          <PaymentReviewActions order={order} />
        </div>
      )}
    </section>
  );
}

/** Every event of the order with who did it and when (WIB). */
function Timeline({ order }: { order: OrderDetailData }) {
  return (
    <section className={section.card} aria-labelledby="order-timeline-title">
      <h3 id="order-timeline-title" className={section.subheading}>
        Riwayat Pesanan
      </h3>
      <ol className={styles.timeline}>
        {order.events.map((event) => (
          <li key={event.id}>
            <strong>{orderEventLabels[event.type]}</strong>
            <span className={table.muted}>
              {formatDateTime(event.created_at)} WIB · {orderActorLabels[event.actor]}
            </span>
            {event.note && <span>{event.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * While open, the order asks again this often for what arrived meanwhile (the gateway's payment,
 * the courier's tracking), until it is delivered or cancelled; TanStack Query skips it while the
 * tab is hidden.
 */
export const ORDER_REFRESH_MS = 10_000;

const isFinal = (order: OrderDetailData | undefined) =>
  order !== undefined && isFinalOrderStatus(order.status);

/** Order info, customer info (phone only when given) and the items (product.md §2). */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const order = useQuery({
    ...orderQuery(id),
    refetchInterval: (query) => (isFinal(query.state.data) ? false : ORDER_REFRESH_MS),
  });

  if (order.isPending) return <LoadingState>Memuat pesanan...</LoadingState>;
  if (order.isError)
    return (
      <ErrorState
        message={errorMessage(order.error, 'Gagal memuat pesanan')}
        onRetry={() => order.refetch()}
      />
    );

  const { data } = order;
  return (
    <div className={styles.detail}>
      <div className={section.buttons}>
        <button type="button" className={buttonClass.secondary} onClick={onBack}>
          ← Kembali ke daftar pesanan
        </button>
      </div>
      <div className={styles.panels}>
        <section className={section.card} aria-labelledby="order-info-title">
          <h3 id="order-info-title" className={section.subheading}>
            Informasi Pesanan
          </h3>
          <dl className={styles.facts}>
            <dt>ID Pesanan</dt>
            <dd>
              <code>{data.id}</code>
            </dd>
            <dt>Tanggal</dt>
            <dd>{formatDateTime(data.created_at)}</dd>
            <dt>Status</dt>
            <dd className={styles.status}>
              <StatusBadge status={data.status} payment={data.payment_status} />
              <OrderStatusSelect order={data} />
            </dd>
            <dt>Total</dt>
            <dd>
              <strong>{formatRupiah(data.total_amount)}</strong>
            </dd>
            {data.credit_amount > 0 && (
              <>
                <dt>Kredit Sampel</dt>
                <dd>-{formatRupiah(data.credit_amount)} (dipakai)</dd>
              </>
            )}
            {/* What this order's samples or set give toward a full bottle (decision 061 part B). */}
            {data.credit_earned > 0 && (
              <>
                <dt>Memberi Kredit Sampel</dt>
                <dd>
                  {formatRupiah(data.credit_earned)}
                  {data.status === 'delivered' ? ' (aktif)' : ' (aktif setelah pesanan diterima)'}
                </dd>
              </>
            )}
            {data.shipping_service && (
              <>
                <dt>Pengiriman</dt>
                <dd>
                  {data.shipping_service}
                  {data.shipping_zone ? ` (${data.shipping_zone})` : ''}
                </dd>
              </>
            )}
            {data.tracking_number && (
              <>
                <dt>Kurir · Resi</dt>
                <dd>
                  {data.courier} · <code>{data.tracking_number}</code>
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className={section.card} aria-labelledby="customer-info-title">
          <h3 id="customer-info-title" className={section.subheading}>
            Informasi Pelanggan
          </h3>
          <dl className={styles.facts}>
            <dt>Nama</dt>
            <dd>{data.customer_name}</dd>
            <dt>Email</dt>
            <dd>{data.customer_email}</dd>
            {data.customer_phone && (
              <>
                <dt>Telepon</dt>
                <dd>
                  {data.customer_phone}
                  <CustomerWhatsApp order={data} phone={data.customer_phone} />
                </dd>
              </>
            )}
            <dt>Alamat</dt>
            <dd className={styles.address}>{data.customer_address}</dd>
          </dl>
        </section>
        <GiftCard order={data} />
      </div>
      <div className={styles.panels}>
        <PaymentCard order={data} />
        <Timeline order={data} />
      </div>
      <ShipmentCard order={data} />
      {data.payments.some((attempt) => attempt.method !== 'bank_transfer' && attempt.method !== 'free') && (
        <GatewayHistoryCard id={data.id} refetchInterval={isFinal(data) ? false : ORDER_REFRESH_MS} />
      )}
      <section aria-labelledby="order-items-title">
        <h3 id="order-items-title" className={section.subheading}>
          Item Pesanan
        </h3>
        <TableRegion label="Tabel item pesanan">
          <LabelledTable columns={ITEM_COLUMNS}>
            <tbody>
              {data.order_items.map((item) => (
                <tr key={item.id}>
                  <td>{item.product_name}</td>
                  {/* Lines from before sizes name none. */}
                  <td className={table.nowrap}>
                    {item.variant_id || item.size_ml ? formatSize(item.size_ml) : '–'}
                  </td>
                  <td className={table.nowrap}>{formatRupiah(item.product_price)}</td>
                  <td>{item.quantity}</td>
                  <td className={table.nowrap}>{formatRupiah(item.subtotal)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Ongkos Kirim
                </th>
                <td className={table.nowrap}>{formatRupiah(data.shipping_fee)}</td>
              </tr>
              {data.discount_amount > 0 && (
                <tr>
                  <th scope="row" colSpan={4}>
                    Diskon ({data.voucher_code ?? 'voucher'})
                  </th>
                  <td className={table.nowrap}>-{formatRupiah(data.discount_amount)}</td>
                </tr>
              )}
              {data.credit_amount > 0 && (
                <tr>
                  <th scope="row" colSpan={4}>
                    Kredit Sampel
                  </th>
                  <td className={table.nowrap}>-{formatRupiah(data.credit_amount)}</td>
                </tr>
              )}
              {data.gift_wrap && (
                <tr>
                  <th scope="row" colSpan={4}>
                    Bungkus Kado
                  </th>
                  <td className={table.nowrap}>
                    {data.gift_wrap_fee > 0 ? formatRupiah(data.gift_wrap_fee) : 'Gratis'}
                  </td>
                </tr>
              )}
              {/* Only a manual transfer's order has one (issue 37). */}
              {data.unique_code > 0 && (
                <tr>
                  <th scope="row" colSpan={4}>
                    Kode Unik
                  </th>
                  <td className={table.nowrap}>{formatRupiah(data.unique_code)}</td>
                </tr>
              )}
              {data.cod_fee > 0 && (
                <tr>
                  <th scope="row" colSpan={4}>
                    Biaya COD
                  </th>
                  <td className={table.nowrap}>{formatRupiah(data.cod_fee)}</td>
                </tr>
              )}
              <tr>
                <th scope="row" colSpan={4}>
                  Total
                </th>
                <td>
                  <strong>{formatRupiah(data.total_amount)}</strong>
                </td>
              </tr>
            </tfoot>
          </LabelledTable>
        </TableRegion>
      </section>
      <div className={section.buttons}>
        <DeleteOrderButton order={data} onDeleted={onBack} explain />
      </div>
    </div>
  );
}
