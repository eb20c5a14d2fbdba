import { formatDateTime, formatRupiah, type OrderPayment, paymentFlagLabels } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { TableRegion } from '../../shared/table-region.tsx';
import { gatewayHistoryQuery } from './api.ts';

/**
 * The gateway's `transaction_status` in the admin's words (Midtrans's status cycle,
 * docs.midtrans.com/docs/transaction-status-cycle); a value it adds later shows as received.
 */
const gatewayStatusLabels: Record<string, string> = {
  pending: 'Menunggu pembayaran',
  authorize: 'Kartu diotorisasi',
  capture: 'Dibayar',
  settlement: 'Lunas',
  deny: 'Ditolak',
  cancel: 'Dibatalkan',
  expire: 'Kedaluwarsa',
  failure: 'Gagal',
  refund: 'Dana dikembalikan',
  partial_refund: 'Dana dikembalikan sebagian',
  chargeback: 'Disanggah pemilik kartu',
  partial_chargeback: 'Disanggah sebagian',
};

/** The gateway's `payment_type` of the channels the shop offers, as the checkout names them. */
const paymentTypeLabels: Record<string, string> = {
  qris: 'QRIS',
  bank_transfer: 'Virtual Account',
  echannel: 'Virtual Account Mandiri',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
  credit_card: 'Kartu Kredit/Debit',
};

/** A gateway word in Indonesian, the raw value kept in the tooltip for a look in the gateway's dashboard. */
function GatewayWord({ value, labels }: { value: string; labels: Record<string, string> }) {
  const label = labels[value];
  return label ? <span title={value}>{label}</span> : value;
}

const outcomeLabels = {
  paid: 'Lunas',
  pending: 'Menunggu',
  failed: 'Gagal',
  refund: 'Refund',
  flagged: 'Perlu dicek admin',
  ignored: 'Tidak mengubah apa pun',
} as const;

/** A gateway attempt's facts in the payment card: its transaction id, how to pay, its last status. */
export function GatewayFacts({ payment }: { payment: OrderPayment }) {
  return (
    <>
      {payment.provider_reference && (
        <>
          <dt>ID Transaksi</dt>
          <dd>
            <code>{payment.provider_reference}</code>
          </dd>
        </>
      )}
      {payment.pay_code && (
        <>
          <dt>{payment.channel === 'other_qris' ? 'String QR' : 'Nomor VA'}</dt>
          <dd>
            <code>{payment.pay_code}</code>
          </dd>
        </>
      )}
      {payment.provider_status && (
        <>
          <dt>Status Gateway</dt>
          <dd>
            <GatewayWord value={payment.provider_status} labels={gatewayStatusLabels} />
          </dd>
        </>
      )}
    </>
  );
}

/** Whole rupiah of the gateway's '150000.00', or its text as received when it is not that. */
const grossText = (gross: string | null) => {
  if (!gross) return '-';
  const whole = /^(\d+)\.00$/.exec(gross);
  return whole ? formatRupiah(Number(whole[1])) : gross;
};

/** What the gateway said of the order's attempts, newest first, and what needs the admin (decision 026). */
export function GatewayHistoryCard({ id, refetchInterval }: { id: string; refetchInterval: number | false }) {
  const history = useQuery({ ...gatewayHistoryQuery(id), refetchInterval });
  return (
    <section className={section.card} aria-labelledby="order-gateway-title">
      <h3 id="order-gateway-title" className={section.subheading}>
        Notifikasi Gateway
      </h3>
      {history.isPending ? (
        <LoadingState>Memuat notifikasi...</LoadingState>
      ) : history.isError ? (
        <ErrorState
          message={errorMessage(history.error, 'Gagal memuat notifikasi gateway')}
          onRetry={() => history.refetch()}
        />
      ) : (
        <>
          {history.data.payment_flag && (
            <p role="alert">
              <strong>{paymentFlagLabels[history.data.payment_flag]}</strong>
              {history.data.payment_flag === 'amount_mismatch'
                ? ': periksa transaksi ini di dashboard Midtrans.'
                : ': kembalikan dana pelanggan lewat dashboard Midtrans (transaksi yang ditandai di bawah).'}
            </p>
          )}
          {history.data.notifications.length === 0 ? (
            <p className={table.muted}>Belum ada notifikasi dari gateway.</p>
          ) : (
            <TableRegion label="Tabel notifikasi gateway">
              <table className={table.table}>
                <thead>
                  <tr>
                    <th scope="col">Waktu</th>
                    <th scope="col">Status</th>
                    <th scope="col">Jenis</th>
                    <th scope="col">Jumlah</th>
                    <th scope="col">Tindakan Toko</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.notifications.map((row) => (
                    <tr key={row.id}>
                      <td>
                        {formatDateTime(row.created_at)} WIB
                        <span className={table.muted}>
                          {row.source === 'poll' ? ' · dicek oleh Cron' : ''}
                        </span>
                      </td>
                      <td>
                        <GatewayWord value={row.transaction_status} labels={gatewayStatusLabels} />
                      </td>
                      <td>
                        {row.payment_type ? (
                          <GatewayWord value={row.payment_type} labels={paymentTypeLabels} />
                        ) : (
                          '-'
                        )}
                      </td>
                      <td>{grossText(row.gross_amount)}</td>
                      <td>{outcomeLabels[row.outcome]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      )}
    </section>
  );
}
