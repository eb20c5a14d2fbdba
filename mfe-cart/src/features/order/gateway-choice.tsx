import type { OrderDetail } from '@gi/contracts';
import { gatewayChannelLabels, type PaymentChannel } from '@gi/contracts/gateway-labels';
import { errorMessage } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { useState } from 'react';
import { offeredChannels, PaymentMethods, paymentChannelLabel } from '../../shared/payment-methods.tsx';
import { useChoosePayment } from './api.ts';
import styles from './order.module.css';

/** The way the order is being paid right now, if an attempt is open. */
function openChannel(order: OrderDetail): PaymentChannel | null {
  const [current] = order.payments;
  if (current?.status !== 'pending') return null;
  return current.method === 'bank_transfer' ? 'bank_transfer' : current.channel;
}

/**
 * How the shopper pays an unpaid order (decision 026, issue 37): checkout's list again. With a
 * way already open, 'Ganti cara pembayaran' shows it (the server cancels the previous charge);
 * with none (the gateway's attempt failed or expired), the list is there to choose anew. Cards
 * go on to the gateway's page; the others' QR or number shows on this page.
 */
export function GatewayChoice({ order }: { order: OrderDetail }) {
  const options = order.payment_options;
  const [current] = order.payments;
  const open = openChannel(order);
  const choose = useChoosePayment(order.id);
  const [changing, setChanging] = useState(false);
  const offered = options ? offeredChannels(options) : new Set<PaymentChannel>();
  const [selected, setSelected] = useState<PaymentChannel | ''>(() =>
    open && offered.has(open) ? open : '',
  );
  const failed = current?.method === 'midtrans' && current.status === 'rejected' ? current : null;
  if (!options || offered.size === 0) return null;
  const listed = open === null || changing;

  function pay() {
    if (selected === '') return;
    choose.mutate(
      { channel: selected },
      {
        onSuccess: (next) => {
          setChanging(false);
          const [attempt] = next.payments;
          // Cards pay on the gateway's hosted page; its finish URL brings the shopper back here.
          if (attempt?.channel === 'credit_card' && attempt.redirect_url)
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
              Pembayaran via {failed.channel ? gatewayChannelLabels[failed.channel] : 'layanan pembayaran'}{' '}
              tidak berhasil
            </strong>
            {failed.reason ? `: ${failed.reason}.` : '.'}
          </p>
          <p>Silakan pilih cara pembayaran lain atau coba lagi.</p>
        </div>
      )}
      {listed ? (
        <>
          <PaymentMethods
            options={options}
            value={selected}
            onChange={setSelected}
            legend={open ? 'Ganti cara pembayaran' : 'Pilih cara pembayaran'}
            name="payment-method"
          />
          <div className={styles.actions}>
            {selected !== '' && selected !== open && (
              <button type="button" className={buttonClass.primary} onClick={pay} disabled={choose.isPending}>
                {choose.isPending ? 'Memproses...' : `Bayar dengan ${paymentChannelLabel(selected)}`}
              </button>
            )}
            {open && (
              <button type="button" className={buttonClass.secondary} onClick={() => setChanging(false)}>
                Batal
              </button>
            )}
          </div>
        </>
      ) : (
        <button type="button" className={buttonClass.secondary} onClick={() => setChanging(true)}>
          Ganti cara pembayaran
        </button>
      )}
    </div>
  );
}
