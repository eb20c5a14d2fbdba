import { formatRating } from '@gi/contracts/web';
import styles from './stars.module.css';

/** Five stars filled to `value` (0–5): plain markup and CSS, read out as words. */
export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `${formatRating(value)} dari 5 bintang`}>
      <span className={styles.filled} style={{ width: `${(value / 5) * 100}%` }} />
    </span>
  );
}

/** The average and count of a product's published reviews, under its name and on its card. */
export function RatingLine({ average, count }: { average: number; count: number }) {
  return (
    <span className={styles.line}>
      <Stars value={average} />
      <span>
        <strong>{formatRating(average)}</strong> ({count} ulasan)
      </span>
    </span>
  );
}
