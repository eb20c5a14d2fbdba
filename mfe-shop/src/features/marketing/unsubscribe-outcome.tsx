import { unsubscribeOutcomes } from '@gi/contracts/web';
import { useSearchParams } from '@gi/platform';
import styles from './unsubscribe-notice.module.css';

/** The notice of an unsubscribe's outcome, until the shopper closes it (an unknown outcome says nothing). */
export default function UnsubscribeOutcome({ outcome }: { outcome: string }) {
  const [, setParams] = useSearchParams();
  if (!Object.hasOwn(unsubscribeOutcomes, outcome)) return null;
  const text = unsubscribeOutcomes[outcome as keyof typeof unsubscribeOutcomes];
  return (
    <div className={`${styles.notice} ${outcome === 'berhenti' ? '' : styles.warning}`}>
      <p role="status">{text}</p>
      <button
        type="button"
        className={styles.close}
        aria-label="Tutup pemberitahuan"
        onClick={() =>
          setParams(
            (current) => {
              current.delete('langganan');
              return current;
            },
            { replace: true },
          )
        }
      >
        ✕
      </button>
    </div>
  );
}
