import { useQuery } from '@gi/platform';
import sr from '../../shared/screen-reader-status.module.css';
import { statsQuery } from '../dashboard/api.ts';
import styles from './reviews.module.css';

/** The menu's count of reviews waiting for moderation, from the dashboard's counters (none at 0). */
export function PendingReviewsBadge() {
  const pending = useQuery({ ...statsQuery, select: (stats) => stats.pendingReviews }).data;
  if (!pending) return null;
  return (
    <>
      {' '}
      <span className={styles.count}>
        {pending}
        <span className={sr.srOnly}> menunggu moderasi</span>
      </span>
    </>
  );
}
