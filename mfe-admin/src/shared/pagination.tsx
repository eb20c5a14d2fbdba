import { Link } from '@gi/platform';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Query string of page `n` (a URL, so every page can be linked and reloaded). */
  pageSearch: (page: number) => string;
  label: string;
}

/** 'Menampilkan a–b dari n data' with previous / next links. */
export function Pagination({ page, pageSize, total, pageSearch, label }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className={styles.bar}>
      <p className={styles.summary}>
        Menampilkan {first}–{last} dari {total} data
      </p>
      {pageCount > 1 && (
        <nav className={styles.pages} aria-label={label}>
          {page > 1 ? (
            <Link className={styles.step} to={{ search: pageSearch(page - 1) }} rel="prev">
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
            <Link className={styles.step} to={{ search: pageSearch(page + 1) }} rel="next">
              Berikutnya →
            </Link>
          ) : (
            <span className={styles.step} aria-disabled="true">
              Berikutnya →
            </span>
          )}
        </nav>
      )}
    </div>
  );
}
