import { formatDate, type PolicyKind, policyTitles } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import { policyQuery } from './api.ts';
import styles from './policy-section.module.css';

interface PolicySectionProps {
  kind: PolicyKind;
  /** h1 when the policy is the page (privacy, terms), h2 when it shares one (shipping). */
  headingAs: 'h1' | 'h2';
}

/** One policy text as the admin wrote it: blank lines part paragraphs, single breaks stay. */
export function PolicySection({ kind, headingAs: Heading }: PolicySectionProps) {
  const { data: policy, isPending, isError, refetch } = useQuery(policyQuery(kind));
  const title = policyTitles[kind];
  const failure = `Gagal memuat ${title.toLowerCase()}.`;
  useErrorToast(isError, failure);
  const headingId = `policy-${kind}`;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={Heading === 'h1' ? styles.pageTitle : styles.title}>
        {title}
      </Heading>
      {isPending && (
        <Loading label={`Memuat ${title.toLowerCase()}...`}>
          <SkeletonText lines={4} />
          <SkeletonText lines={3} />
        </Loading>
      )}
      {isError && <ErrorState message={failure} onRetry={() => void refetch()} />}
      {policy === null && <EmptyState>{title} belum tersedia.</EmptyState>}
      {policy && (
        <>
          {policy.content.split(/\n\s*\n/).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text hold no state; their place is their identity.
            <p key={i} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          <p className={styles.updated}>Terakhir diperbarui: {formatDate(policy.updated_at)}</p>
        </>
      )}
    </section>
  );
}
