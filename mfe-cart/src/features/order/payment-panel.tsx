import type { OrderDetail } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api';
import { formatDateTime, formatRupiah, paymentStatusLabels } from '@gi/contracts/web';
import { CopyButton } from './copy-button.tsx';
import { Deadline } from './deadline.tsx';
import { GatewayChoice } from './gateway-choice.tsx';
import { GatewayPay } from './gateway-pay.tsx';
import styles from './order.module.css';
import { ReceiptUpload } from './receipt-upload.tsx';

const ReceiptLink = ({ orderId }: { orderId: string }) => (
  <a
    className={styles.link}
    href={apiPath('GET /orders/{id}/receipt', { params: { id: orderId } })}
    target="_blank"
    rel="noopener"
  >
    Lihat bukti transfer
  </a>
);

/**
 * Where the order's payment stands and, while it waits, how to pay: the gateway's QR or number
 * (GatewayPay), or the manual transfer's exact amount with its code and the receipt upload, and
 * the way to change the method. Once a receipt is sent, only its review is left to wait for.
 */
export function PaymentPanel({ order }: { order: OrderDetail }) {
  const status = order.payment_status;
  if (!status || order.status === 'cancelled') return null;
  const [current, previous] = order.payments;
  // A rejected receipt is followed by a new attempt: its reason tells what to fix.
  const rejected =
    current?.status === 'rejected' ? current : previous?.status === 'rejected' ? previous : null;
  const unpaid = order.status === 'pending';
  const awaiting = unpaid && (status === 'pending' || status === 'rejected');
  const byTransfer = current?.method === 'bank_transfer';
  const gatewayOpen = current?.method === 'midtrans' && current.status === 'pending' ? current : null;
  // Cash on delivery (decision 034): nothing to pay before the parcel arrives.
  const cod = current?.method === 'cod';
  // Placed with nothing to pay (decision 062): no payment was made, none is asked for.
  const free = current?.method === 'free';

  return (
    <section className={styles.card} aria-labelledby="payment-title">
      <h2 id="payment-title" className={styles.heading}>
        Pembayaran
      </h2>
      <p className={styles.paymentState} data-payment-status={status}>
        Status:{' '}
        <strong>
          {free
            ? 'Tidak perlu pembayaran'
            : cod && status === 'pending'
              ? 'Bayar di Tempat (COD)'
              : paymentStatusLabels[status]}
        </strong>
      </p>
      {free && (
        <p className={styles.muted}>Potongan pesanan menutup seluruh total: tidak ada yang perlu dibayar.</p>
      )}
      {cod && status === 'pending' && (
        <div className={styles.amount}>
          <p className={styles.amountValue}>
            <strong>Bayar tunai ke kurir saat paket tiba: {formatRupiah(order.total_amount)}</strong>
          </p>
          <p className={styles.muted}>
            Termasuk biaya COD {formatRupiah(order.cod_fee)}. Siapkan uang pas; pesanan Anda sedang kami kemas
            dan kirim.
          </p>
        </div>
      )}
      {status === 'paid' && !free && current?.reviewed_at && (
        <p className={styles.muted}>
          {cod ? 'Dibayar tunai ke kurir pada' : 'Dikonfirmasi pada'} {formatDateTime(current.reviewed_at)}{' '}
          WIB.
        </p>
      )}
      {status === 'submitted' && (
        <>
          <p>Bukti transfer Anda sedang diperiksa admin. Kami akan mengabari Anda lewat email.</p>
          <ReceiptLink orderId={order.id} />
        </>
      )}
      {unpaid && gatewayOpen && <GatewayPay order={order} attempt={gatewayOpen} />}
      {rejected?.method === 'bank_transfer' && awaiting && byTransfer && (
        <div className={styles.rejected} role="note">
          <p>
            <strong>Pembayaran ditolak</strong>
            {rejected.reason ? `: ${rejected.reason}` : '.'}
          </p>
          <p>Silakan periksa kembali transfer Anda dan unggah ulang bukti transfer.</p>
        </div>
      )}
      {awaiting && byTransfer && order.payment_instructions && (
        <>
          <div className={styles.amount}>
            <p className={styles.muted}>Transfer tepat sebesar</p>
            <p className={styles.amountValue}>
              <strong>{formatRupiah(order.total_amount)}</strong>
              <CopyButton
                value={String(order.total_amount)}
                label="Salin jumlah transfer"
                done="Jumlah disalin"
              />
            </p>
            <p className={styles.muted}>
              Termasuk kode unik {formatRupiah(order.unique_code)}: angka kecil yang membedakan transfer Anda
              dari pembeli lain. Transfer sampai 3 digit terakhir agar pembayaran cepat dicocokkan.
            </p>
          </div>
          {order.payment_due_at && (
            <>
              <Deadline at={order.payment_due_at} />
              <p className={styles.muted}>Setelah itu pesanan dibatalkan otomatis.</p>
            </>
          )}
          <h3 className={styles.subheading}>Rekening Tujuan</h3>
          <ul className={styles.accounts}>
            {order.payment_instructions.bank_accounts.map((account) => (
              <li key={`${account.bank}-${account.accountNumber}`}>
                <span className={styles.bank}>{account.bank}</span>
                <span className={styles.accountNumber}>
                  {account.accountNumber}
                  <CopyButton
                    value={account.accountNumber}
                    label={`Salin nomor rekening ${account.bank}`}
                    done="Nomor rekening disalin"
                  />
                </span>
                <span className={styles.muted}>a.n. {account.holder}</span>
              </li>
            ))}
          </ul>
          {order.payment_instructions.qris_image && (
            <figure className={styles.qris}>
              <img
                src={order.payment_instructions.qris_image}
                alt="Kode QRIS untuk pembayaran"
                width={240}
                height={240}
                loading="lazy"
              />
              <figcaption className={styles.muted}>
                Atau pindai QRIS ini dengan aplikasi bank/e-wallet.
              </figcaption>
            </figure>
          )}
          <ReceiptUpload orderId={order.id} again={rejected !== null} />
        </>
      )}
      {awaiting && <GatewayChoice order={order} />}
    </section>
  );
}
