import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, Loading, Skeleton } from '@gi/ui/states';
import { faqQuery } from './api.ts';
import styles from './faq-list.module.css';

/** Questions the admin maintains; each answer opens under its question (native disclosure). */
export function FaqList() {
  const { data: entries, isPending, isError, refetch } = useQuery(faqQuery);
  useErrorToast(isError, 'Gagal memuat FAQ.');

  if (isPending) {
    return (
      <Loading label="Memuat FAQ...">
        <div className={styles.list} aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: the position is their identity.
            <Skeleton key={i} className={styles.skeleton} />
          ))}
        </div>
      </Loading>
    );
  }
  if (isError) return <ErrorState message="Gagal memuat FAQ." onRetry={() => void refetch()} />;
  if (entries.length === 0) return <EmptyState>Belum ada pertanyaan yang tersedia.</EmptyState>;
  return (
    <div className={styles.list}>
      {entries.map((entry) => (
        <details key={entry.id} className={styles.item}>
          <summary className={styles.question}>{entry.question}</summary>
          <p className={styles.answer}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
