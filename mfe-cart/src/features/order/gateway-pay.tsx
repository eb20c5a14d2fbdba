import type { OrderDetail, OrderPayment } from '@gi/contracts';
import { type GatewayChannel, gatewayChannelLabels } from '@gi/contracts/gateway-labels';
import { formatRupiah, shortOrderId } from '@gi/contracts/web';
import { errorMessage } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { PaymentLogo } from '../../shared/payment-logos.tsx';
import { useChoosePayment } from './api.ts';
import { bankSteps, isBankChannel } from './bank-steps.ts';
import { CopyButton } from './copy-button.tsx';
import { Deadline } from './deadline.tsx';
import styles from './order.module.css';
import { usePhone } from './use-phone.ts';

// Its own chunk: only an attempt with a QR loads the drawing (issue 37's first-visit budget).
const PaymentQr = lazy(() => import('./payment-qr.tsx'));

const wallets: Partial<Record<GatewayChannel, string>> = { gopay: 'GoPay', shopeepay: 'ShopeePay' };

/**
 * Whether the gateway gave what this channel is paid with; without it the page cannot show how to
 * pay. A hosted page (cards, and attempts opened before the shop's own payment page) is enough.
 */
function hasPayDetails(attempt: OrderPayment): boolean {
  if (attempt.redirect_url) return true;
  switch (attempt.channel) {
    case 'other_qris':
      return Boolean(attempt.qr_string);
    case 'echannel':
      return Boolean(attempt.pay_code && attempt.biller_code);
    case 'gopay':
    case 'shopeepay':
      return Boolean(attempt.deeplink_url || attempt.qr_string);
    case 'credit_card':
    case null:
      return false;
    default:
      return Boolean(attempt.pay_code);
  }
}

function Qr({ value, label, orderId }: { value: string; label: string; orderId: string }) {
  return (
    <Suspense fallback={<p className={styles.muted}>Memuat kode QR...</p>}>
      <PaymentQr value={value} label={label} file={`qris-${shortOrderId(orderId)}.png`} />
    </Suspense>
  );
}

/** A number to type into a bank's app, big, with its copy button. */
function PayNumber({ title, value }: { title: string; value: string }) {
  return (
    <div className={styles.payNumber}>
      <p className={styles.muted}>{title}</p>
      <p className={styles.amountValue}>
        <strong className={styles.number}>{value}</strong>
        <CopyButton value={value} label={`Salin ${title}`} done={`${title} disalin`} />
      </p>
    </div>
  );
}

/**
 * The current gateway attempt as the shop's own payment page (issue 37): the QR drawn from the
 * gateway's QR string, the VA number or Mandiri's biller code and bill key with the bank's steps,
 * the e-wallet's app on a phone (its QR on a computer), the hosted page for cards; the amount
 * and the time left. Without what it needs (the gateway was unreachable) it offers to try again.
 */
export function GatewayPay({ order, attempt }: { order: OrderDetail; attempt: OrderPayment }) {
  const phone = usePhone();
  const choose = useChoosePayment(order.id);
  const channel = attempt.channel;
  const label = channel ? gatewayChannelLabels[channel] : 'pembayaran online';
  const deadline = attempt.pay_expires_at ?? order.payment_due_at;
  const wallet = channel ? wallets[channel] : undefined;

  function retry() {
    if (!channel) return;
    choose.mutate(
      { channel },
      {
        onError: (err) =>
          toastError(errorMessage(err, 'Gagal menghubungi layanan pembayaran. Silakan coba lagi.')),
      },
    );
  }

  let details: ReactNode;
  if (!hasPayDetails(attempt)) {
    details = (
      <div className={styles.rejected} role="alert">
        <p>Layanan pembayaran belum dapat dihubungi, jadi cara bayarnya belum tersedia.</p>
        {channel && (
          <button type="button" className={buttonClass.primary} onClick={retry} disabled={choose.isPending}>
            {choose.isPending ? 'Menghubungi...' : 'Coba lagi'}
          </button>
        )}
      </div>
    );
  } else if (channel === 'other_qris' && attempt.qr_string) {
    details = (
      <>
        <Qr value={attempt.qr_string} label="Kode QRIS untuk membayar pesanan ini" orderId={order.id} />
        <p className={styles.muted}>
          Pindai QR ini dengan aplikasi bank atau e-wallet apa pun yang mendukung QRIS, lalu bayar.
        </p>
      </>
    );
  } else if (wallet && attempt.deeplink_url && (phone || !attempt.qr_string)) {
    details = (
      <a className={buttonClass.primary} href={attempt.deeplink_url}>
        Buka {wallet}
      </a>
    );
  } else if (wallet && attempt.qr_string) {
    details = (
      <>
        <Qr
          value={attempt.qr_string}
          label={`Kode QR ${wallet} untuk membayar pesanan ini`}
          orderId={order.id}
        />
        <p className={styles.muted}>Pindai QR ini dengan aplikasi {wallet} di ponsel Anda, lalu bayar.</p>
      </>
    );
  } else if (isBankChannel(channel) && attempt.pay_code) {
    const { bank, routes } = bankSteps[channel];
    details = (
      <>
        {channel === 'echannel' && attempt.biller_code && (
          <PayNumber title="Kode Perusahaan" value={attempt.biller_code} />
        )}
        <PayNumber
          title={channel === 'echannel' ? 'Kode Bayar' : `Nomor Virtual Account ${bank}`}
          value={attempt.pay_code}
        />
        <div className={styles.routes}>
          {routes.map((route) => (
            <details key={route.title} className={styles.route}>
              <summary>{route.title}</summary>
              <ol>
                {route.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </div>
      </>
    );
  } else if (attempt.redirect_url) {
    // Cards pay on the gateway's page (and attempts from before the shop's own payment page).
    details = (
      <a className={buttonClass.primary} href={attempt.redirect_url}>
        Lanjutkan Pembayaran
      </a>
    );
  }

  return (
    <div className={styles.amount} data-gateway-waiting>
      <p className={styles.payWith}>
        {channel && <PaymentLogo channel={channel} />}
        <span>
          Bayar dengan <strong>{label}</strong>
        </span>
      </p>
      <p className={styles.muted}>Jumlah yang dibayar</p>
      <p className={styles.amountValue}>
        <strong>{formatRupiah(order.total_amount)}</strong>
      </p>
      {deadline && <Deadline at={deadline} />}
      {details}
      <p className={styles.muted}>Halaman ini diperbarui otomatis setelah pembayaran diterima.</p>
    </div>
  );
}
