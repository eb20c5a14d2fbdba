import { shippingConfigQuery } from '@gi/contracts/public-queries';
import { formatEta, formatRupiah } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import styles from './policy-section.module.css';
import rates from './shipping-rates.module.css';

const FAILURE = 'Gagal memuat zona pengiriman.';

/** Zones, their areas, services, fees and estimates: what checkout charges, from the same data. */
export function ShippingRates() {
  const { data, isPending, isError, refetch } = useQuery(shippingConfigQuery);
  useErrorToast(isError, FAILURE);

  return (
    <section className={styles.section} aria-labelledby="shipping-rates">
      <h2 id="shipping-rates" className={styles.title}>
        Zona &amp; Estimasi Pengiriman
      </h2>
      {isPending && (
        <Loading label="Memuat zona pengiriman...">
          <SkeletonText lines={4} />
        </Loading>
      )}
      {isError && <ErrorState message={FAILURE} onRetry={() => void refetch()} />}
      {data?.zones.map((zone) => (
        <div key={zone.id} className={rates.zone}>
          <h3>{zone.name}</h3>
          <p className={rates.areas}>{zone.areas.map((a) => a.name).join(', ')}</p>
          <table className={rates.table}>
            <caption className={rates.caption}>Layanan pengiriman zona {zone.name}</caption>
            <thead>
              <tr>
                <th scope="col">Layanan</th>
                <th scope="col">Estimasi</th>
                <th scope="col">Ongkos kirim</th>
              </tr>
            </thead>
            <tbody>
              {zone.services.map((service) => (
                <tr key={service.id}>
                  <th scope="row">{service.name}</th>
                  <td>{formatEta(service.etaMinDays, service.etaMaxDays)}</td>
                  <td>
                    {formatRupiah(service.baseFee)}
                    {service.perItemFee > 0 && ` + ${formatRupiah(service.perItemFee)} per barang tambahan`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {data?.freeShippingThreshold != null && (
        <p className={styles.paragraph}>
          Gratis ongkos kirim untuk belanja mulai {formatRupiah(data.freeShippingThreshold)}.
        </p>
      )}
    </section>
  );
}
