import type { ShippingOptionTag, ShippingQuote } from '@gi/contracts';
import type { CartLine } from '@gi/contracts/web';
import { formatEta, formatRupiah } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { useEffect, useRef } from 'react';
import frame from '../../shared/fieldset.module.css';
import { postalCodeRefusal, postalReady, quoteQuery } from './api.ts';
import styles from './checkout-form.module.css';

interface ShippingOptionsProps {
  districtCode: string;
  postalCode: string;
  lines: CartLine[];
  value: string;
  onChange: (serviceId: string) => void;
  /** The quote as shown, so the summary can add the chosen fee (the server prices the order again). */
  onQuote: (quote: ShippingQuote | null) => void;
  error: string | undefined;
}

const tagLabels: Record<ShippingOptionTag, string> = { cheapest: 'Termurah', fastest: 'Tercepat' };

const kilograms = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/**
 * The services for the chosen district and postal code, with the fee and estimate the server
 * computed: each courier's service cheapest first when live rates answer, else the shop's zones.
 * Nothing is priced before the postal code, so the list never changes under the shopper.
 */
export function ShippingOptions({
  districtCode,
  postalCode,
  lines,
  value,
  onChange,
  onQuote,
  error,
}: ShippingOptionsProps) {
  const ready = postalReady(districtCode, postalCode);
  const quote = useQuery({ ...quoteQuery(districtCode, postalCode, lines), enabled: ready });
  const options = quote.data?.options;
  // Said under the postal code field (checkout-form.tsx): here, only what prices wait for.
  const postalRefused = postalCodeRefusal(quote.error) !== undefined;
  // The service the shopper picked: a postal code typed again asks anew, and the same service
  // is chosen again when the new answer still offers it.
  const picked = useRef(value);

  // A choice holds only while its service is offered for this address: a new district
  // (or one without shipping) drops it, and the first service of a fresh quote is preselected.
  useEffect(() => {
    onQuote(quote.data ?? null);
    // While the quote loads the choice waits: a restored draft keeps its service. (A query
    // waiting for its postal code is pending too, but has nothing to wait for.)
    if (ready && quote.isPending) return;
    if (options?.some((o) => o.id === value)) return;
    const next = (options?.some((o) => o.id === picked.current) ? picked.current : options?.[0]?.id) ?? '';
    if (next !== value) onChange(next);
  }, [ready, quote.data, quote.isPending, options, value, onChange, onQuote]);

  return (
    <fieldset className={frame.fieldset} aria-describedby={error ? 'shipping-error' : undefined}>
      <legend>Layanan Pengiriman</legend>
      {districtCode === '' ? (
        <p className={styles.muted}>Pilih kecamatan untuk melihat ongkos kirim.</p>
      ) : (
        !ready && <p className={styles.muted}>Isi kode pos untuk melihat tarif kurir.</p>
      )}
      {ready && quote.isPending && <p className={styles.muted}>Menghitung ongkos kirim...</p>}
      {postalRefused && <p className={styles.muted}>Periksa kode pos untuk melihat tarif kurir.</p>}
      {quote.isError && !postalRefused && (
        <p className={styles.error} role="alert">
          {errorMessage(quote.error, 'Gagal menghitung ongkos kirim')}
        </p>
      )}
      {quote.data?.notice && (
        <p className={styles.notice} role="status">
          {quote.data.notice}
        </p>
      )}
      {quote.data && (
        <p className={styles.muted}>Berat paket: {kilograms.format(quote.data.weightGrams / 1000)} kg</p>
      )}
      {options?.map((option) => (
        <label key={option.id} className={styles.option}>
          <input
            type="radio"
            name="shippingServiceId"
            value={option.id}
            checked={value === option.id}
            onChange={() => {
              picked.current = option.id;
              onChange(option.id);
            }}
          />
          <span className={styles.optionName}>
            {option.name}
            {option.tags?.map((tag) => (
              <span key={tag} className={styles.badge}>
                {tagLabels[tag]}
              </span>
            ))}
          </span>
          <span className={styles.optionEta}>{formatEta(option.etaMinDays, option.etaMaxDays)}</span>
          <strong>{option.fee === 0 ? 'Gratis' : formatRupiah(option.fee)}</strong>
        </label>
      ))}
      {error && (
        <p id="shipping-error" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
