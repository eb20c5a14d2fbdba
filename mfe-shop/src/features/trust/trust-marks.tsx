import type { TrustMarks as Marks } from '@gi/contracts';
import { BPOM_CHECK_URL } from '@gi/contracts/web';
import styles from './trust-marks.module.css';

/**
 * The product's trust marks (decision 043) on its page, in the server's HTML: the BPOM
 * notification number with the way to check it on BPOM's public site, the halal certificate
 * where there is one, and the ingredients folded (a long list on a phone).
 */
export function TrustMarks({ marks }: { marks: Marks | null }) {
  if (!marks || !(marks.bpom_number || marks.halal_number || marks.ingredients)) return null;
  return (
    <section aria-labelledby="trust-title" className={styles.trust}>
      <h2 id="trust-title" className={styles.title}>
        Legalitas &amp; Komposisi
      </h2>
      {(marks.bpom_number || marks.halal_number) && (
        <dl className={styles.marks}>
          {marks.bpom_number && (
            <div>
              <dt>Notifikasi BPOM</dt>
              <dd>
                <span className={styles.number}>{marks.bpom_number}</span>{' '}
                <a href={BPOM_CHECK_URL} target="_blank" rel="noopener noreferrer">
                  Cek di situs BPOM
                </a>
              </dd>
            </div>
          )}
          {marks.halal_number && (
            <div>
              <dt>Sertifikat Halal</dt>
              <dd className={styles.number}>{marks.halal_number}</dd>
            </div>
          )}
        </dl>
      )}
      {marks.ingredients && (
        <details className={styles.ingredients}>
          <summary>Komposisi (ingredients)</summary>
          <p>{marks.ingredients}</p>
        </details>
      )}
    </section>
  );
}
