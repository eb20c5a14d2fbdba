import type { SampleCredit } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { formatDateTime, formatRupiah, shortOrderId } from '@gi/contracts/web';
import { Link, queryOptions, useQuery } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { useState } from 'react';
import card from './account.module.css';
import styles from './sample-credits.module.css';

/** Every page of the customer's credits: an order placed or cancelled changes them. */
export const sampleCreditsKey = ['sample-credits'] as const;

const creditsQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: [...sampleCreditsKey, cursor],
    queryFn: () => api('GET /sample-credits', { query: { cursor: cursor ?? undefined } }),
    // Delivery, an order placed or cancelled change them elsewhere: asked again on every visit.
    staleTime: 0,
  });

const orderLink = (id: string) => <Link to={`/orders/${id}`}>#{shortOrderId(id)}</Link>;

/** Where a credit stands, in the customer's words (decision 061 part B). */
function CreditState({ credit }: { credit: SampleCredit }) {
  switch (credit.state) {
    case 'pending':
      return <>Menunggu pesanan diterima</>;
    case 'available':
      return <>Tersedia sampai {credit.expires_at ? `${formatDateTime(credit.expires_at)} WIB` : '-'}</>;
    case 'used':
      return <>Terpakai di pesanan {credit.used_order_id ? orderLink(credit.used_order_id) : '-'}</>;
    case 'expired':
      return <>Kedaluwarsa</>;
    case 'void':
      return <>Batal</>;
  }
}

/** One page of credits; the last loaded page offers the next. */
function CreditsPage({ cursor, onMore }: { cursor: string | null; onMore: ((next: string) => void) | null }) {
  const credits = useQuery(creditsQuery(cursor));
  if (credits.isPending) return cursor === null ? null : <p className={card.muted}>Memuat...</p>;
  if (credits.isError)
    return (
      <p className={card.muted} role="alert">
        Gagal memuat Kredit Sampel.{' '}
        <button type="button" className={buttonClass.secondary} onClick={() => void credits.refetch()}>
          Coba Lagi
        </button>
      </p>
    );
  const { items, nextCursor } = credits.data;
  return (
    <>
      {items.map((credit) => (
        <li key={credit.id} className={styles.credit} data-state={credit.state}>
          <strong>{formatRupiah(credit.amount)}</strong>
          <span>
            Dari {credit.source_name}, pesanan {orderLink(credit.source_order_id)}
          </span>
          <span>Berlaku untuk: {credit.products.map((p) => p.name).join(', ')}</span>
          <span className={styles.state}>
            <CreditState credit={credit} />
          </span>
        </li>
      ))}
      {onMore && nextCursor && (
        <li>
          <button type="button" className={buttonClass.secondary} onClick={() => onMore(nextCursor)}>
            Muat lagi
          </button>
        </li>
      )}
    </>
  );
}

/**
 * 'Kredit Sampel' in 'Akun Saya': what each sample or discovery set bought gives toward a full
 * bottle of the same scent, and where it stands. Checkout applies an available one by itself;
 * a customer who never bought a sample sees nothing here.
 */
export function SampleCredits() {
  const first = useQuery(creditsQuery(null));
  // Pages loaded so far, by their cursor (null is the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  if (!first.isError && (first.data?.items.length ?? 0) === 0) return null;
  return (
    <section className={card.card} aria-labelledby="sample-credits-title">
      <h2 id="sample-credits-title">Kredit Sampel</h2>
      <p className={card.muted}>
        Dipakai otomatis saat checkout untuk botol penuh aroma yang sama, sekali; sisa kredit tidak
        dikembalikan.
      </p>
      <ul className={styles.list}>
        {cursors.map((cursor, index) => (
          <CreditsPage
            key={cursor ?? 'first'}
            cursor={cursor}
            onMore={index === cursors.length - 1 ? (next) => setCursors((all) => [...all, next]) : null}
          />
        ))}
      </ul>
    </section>
  );
}
