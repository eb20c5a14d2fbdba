import type { OrderDetail } from '@gi/contracts';
import { type GatewayChannel, gatewayChannelLabels } from '@gi/contracts/gateway-labels';
import { formatRupiah } from '@gi/contracts/web';
import { errorMessage } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { useState } from 'react';
import { useChoosePayment } from './api.ts';
import { CopyButton } from './copy-button.tsx';
import styles from './order.module.css';

type Choice = GatewayChannel | 'bank_transfer';

const choiceLabel = (choice: Choice) =>
  choice === 'bank_transfer' ? 'Transfer Bank (manual)' : gatewayChannelLabels[choice];

/**
 * How the shopper pays an unpaid order (decision 026): QRIS, a bank's virtual account or an
 * e-wallet on the gateway's page (a redirect: no gateway script on the shop's pages), or the
 * manual transfer. While the gateway waits it shows the VA number and the way back to its page.
 */
export function GatewayChoice({ order }: { order: OrderDetail }) {
  const options = order.payment_options;
  const [current] = order.payments;
  const choose = useChoosePayment(order.id);
  const gatewayOpen = current?.method === 'midtrans' && current.status === 'pending' ? current : null;
  const failed = current?.method === 'midtrans' && current.status === 'rejected' ? current : null;
  const choices: Choice[] = [
    ...(options?.channels ?? []),
    ...(options?.manual_transfer ? ['bank_transfer' as const] : []),
  ];
  const [selected, setSelected] = useState<Choice>(
    gatewayOpen?.channel ??
      (current?.method === 'bank_transfer' && options?.manual_transfer
        ? 'bank_transfer'
        : (choices[0] ?? 'bank_transfer')),
  );
  if (!options || options.channels.length === 0) return null;
  // What is already chosen needs no button: only a change (or a page that failed to open) does.
  const chosen: Choice | null = gatewayOpen?.redirect_url
    ? gatewayOpen.channel
    : current?.method === 'bank_transfer' && current.status === 'pending'
      ? 'bank_transfer'
      : null;

  function pay() {
    choose.mutate(
      { channel: selected },
      {
        onSuccess: (next) => {
          const [attempt] = next.payments;
          // The gateway's hosted page; the finish URL brings the shopper back here.
          if (attempt?.method === 'midtrans' && attempt.redirect_url)
            window.location.assign(attempt.redirect_url);
        },
        onError: (err) => toastError(errorMessage(err, 'Gagal memilih cara pembayaran. Silakan coba lagi.')),
      },
    );
  }

  return (
    <div className={styles.gateway}>
      {failed && (
        <div className={styles.rejected} role="note">
          <p>
            <strong>
              Pembayaran via {failed.channel ? gatewayChannelLabels[failed.channel] : 'gateway'} tidak
              berhasil
            </strong>
            {failed.reason ? `: ${failed.reason}.` : '.'}
          </p>
          <p>Silakan pilih cara pembayaran lain atau coba lagi.</p>
        </div>
      )}
      {gatewayOpen && (
        <div className={styles.amount} data-gateway-waiting>
          <p>
            Menunggu pembayaran via{' '}
            <strong>{gatewayOpen.channel ? gatewayChannelLabels[gatewayOpen.channel] : 'gateway'}</strong>{' '}
            sebesar <strong>{formatRupiah(gatewayOpen.amount)}</strong>. Halaman ini diperbarui otomatis
            setelah pembayaran diterima.
          </p>
          {gatewayOpen.pay_code && gatewayOpen.channel !== 'other_qris' && (
            <p className={styles.amountValue}>
              Nomor pembayaran: <strong>{gatewayOpen.pay_code}</strong>
              <CopyButton
                value={gatewayOpen.pay_code}
                label="Salin nomor pembayaran"
                done="Nomor pembayaran disalin"
              />
            </p>
          )}
          {gatewayOpen.redirect_url && (
            <a className={buttonClass.primary} href={gatewayOpen.redirect_url}>
              Lanjutkan Pembayaran
            </a>
          )}
        </div>
      )}
      <fieldset className={styles.methods}>
        <legend className={styles.subheading}>
          {gatewayOpen ? 'Ganti cara pembayaran' : 'Pilih cara pembayaran'}
        </legend>
        {choices.map((choice) => (
          <label key={choice} className={styles.method}>
            <input
              type="radio"
              name="payment-method"
              value={choice}
              checked={selected === choice}
              onChange={() => setSelected(choice)}
            />
            {choiceLabel(choice)}
          </label>
        ))}
      </fieldset>
      {selected !== chosen && (
        <button type="button" className={buttonClass.primary} onClick={pay} disabled={choose.isPending}>
          {choose.isPending ? 'Memproses...' : `Bayar dengan ${choiceLabel(selected)}`}
        </button>
      )}
    </div>
  );
}
