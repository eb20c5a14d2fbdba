import { Link, type To } from '@gi/platform';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** Where page `n` lives (a URL, so every page can be linked and reloaded). */
  linkTo: (page: number) => To;
  label: string;
}

/** Previous / next links with the position in between; nothing when everything fits one page. */
export function Pagination({ page, pageCount, linkTo, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      {page > 1 ? (
        <Link className={styles.step} to={linkTo(page - 1)} rel="prev">
          ← Sebelumnya
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          ← Sebelumnya
        </span>
      )}
      <span className={styles.position}>
        Halaman {page} dari {pageCount}
      </span>
      {page < pageCount ? (
        <Link className={styles.step} to={linkTo(page + 1)} rel="next">
          Berikutnya →
        </Link>
      ) : (
        <span className={styles.step} aria-disabled="true">
          Berikutnya →
        </span>
      )}
    </nav>
  );
}
