import type { PaymentOptions } from '@gi/contracts';
import { gatewayChannelLabels, type PaymentChannel } from '@gi/contracts/gateway-labels';
import { formatRupiah } from '@gi/contracts/web';
import { useId } from 'react';
import frame from './fieldset.module.css';
import { PaymentLogo } from './payment-logos.tsx';
import styles from './payment-methods.module.css';

/** A way to pay as people call it: never the gateway's own name for it. */
export const paymentChannelLabel = (channel: PaymentChannel) =>
  channel === 'bank_transfer'
    ? 'Transfer Bank (manual)'
    : channel === 'cod'
      ? 'Bayar di Tempat (COD)'
      : gatewayChannelLabels[channel];

/** The bank or wallet alone, where the group's title already says 'Virtual Account'. */
const shortLabels: Partial<Record<PaymentChannel, string>> = {
  bca_va: 'BCA',
  bni_va: 'BNI',
  bri_va: 'BRI',
  echannel: 'Mandiri',
  permata_va: 'Permata',
};

const hints: Partial<Record<PaymentChannel, string>> = {
  other_qris: 'Pindai dengan aplikasi bank atau e-wallet apa pun',
  bank_transfer: 'Transfer ke rekening toko, lalu unggah bukti transfer',
};

/** The groups in the order a shopper looks for them; manual transfer last (issue 37). */
const groups: { title: string; channels: PaymentChannel[] }[] = [
  { title: 'QRIS', channels: ['other_qris'] },
  { title: 'Virtual Account', channels: ['bca_va', 'bni_va', 'bri_va', 'echannel', 'permata_va'] },
  { title: 'E-Wallet', channels: ['gopay', 'shopeepay'] },
  { title: 'Kartu Kredit/Debit', channels: ['credit_card'] },
  { title: 'Bayar di Tempat', channels: ['cod'] },
  { title: 'Transfer Bank (manual)', channels: ['bank_transfer'] },
];

/** The channels the shop offers now, as a list: the gateway's, then manual transfer when it is on. */
export const offeredChannels = (options: Pick<PaymentOptions, 'channels' | 'manual_transfer'>) =>
  new Set<PaymentChannel>([
    ...options.channels,
    ...(options.manual_transfer ? ['bank_transfer' as const] : []),
  ]);

/**
 * Cash on delivery as checkout offers it (decision 034): its fee, and why it cannot be chosen
 * for this cart and courier now (null: it can). Absent: the shop does not offer COD here.
 */
export interface CodChoice {
  fee: number;
  unavailable: string | null;
}

interface PaymentMethodsProps {
  options: Pick<PaymentOptions, 'channels' | 'manual_transfer'>;
  /** Checkout only: COD is chosen when ordering, never switched to on the order page. */
  cod?: CodChoice | undefined;
  value: PaymentChannel | '';
  onChange: (channel: PaymentChannel) => void;
  legend: string;
  /** The radios' name: checkout's field is 'paymentChannel'. */
  name: string;
  error?: string | undefined;
  /** The id of the error's paragraph, which the checkout's refusal looks for. */
  errorId?: string;
}

/**
 * How the shopper pays, grouped as the shops they know do it, each with its bank's or wallet's
 * mark: checkout's choice and the order page's 'Ganti cara pembayaran' are this one list.
 */
export function PaymentMethods({
  options,
  cod,
  value,
  onChange,
  legend,
  name,
  error,
  errorId,
}: PaymentMethodsProps) {
  const id = useId();
  const offered = offeredChannels(options);
  if (cod) offered.add('cod');
  const codHint =
    cod && (cod.unavailable ?? `Bayar tunai ke kurir saat paket tiba · biaya COD ${formatRupiah(cod.fee)}`);
  const errorParagraph = errorId ?? `${id}-error`;
  return (
    <fieldset className={frame.fieldset} aria-describedby={error ? errorParagraph : undefined}>
      <legend>{legend}</legend>
      {groups.map((group) => {
        const channels = group.channels.filter((channel) => offered.has(channel));
        if (channels.length === 0) return null;
        return (
          <fieldset key={group.title} className={styles.group}>
            <legend className={styles.title}>{group.title}</legend>
            {channels.map((channel) => {
              const hint = channel === 'cod' ? codHint : hints[channel];
              const disabled = channel === 'cod' && cod?.unavailable != null;
              return (
                <label key={channel} className={styles.option} data-disabled={disabled || undefined}>
                  <input
                    type="radio"
                    name={name}
                    value={channel}
                    checked={value === channel}
                    disabled={disabled}
                    onChange={() => onChange(channel)}
                    aria-label={paymentChannelLabel(channel)}
                    aria-describedby={hint ? `${id}-${channel}-hint` : undefined}
                    aria-invalid={error ? true : undefined}
                  />
                  <PaymentLogo channel={channel} />
                  <span className={styles.name}>
                    {shortLabels[channel] ?? paymentChannelLabel(channel)}
                    {hint && (
                      <span id={`${id}-${channel}-hint`} className={styles.hint}>
                        {hint}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {offered.size === 0 && <p className={styles.hint}>Belum ada cara pembayaran yang tersedia.</p>}
      {error && (
        <p id={errorParagraph} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
