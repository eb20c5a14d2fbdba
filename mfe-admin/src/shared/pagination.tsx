import { formatTotal } from '@gi/contracts/web';
import { Pagination as PageLinks } from '@gi/ui/pagination';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** More match than `total`, which is all the pages hold (a product search ranked by relevance). */
  capped?: boolean | undefined;
  /** Query string of page `n` (a URL, so every page can be linked and reloaded). */
  pageSearch: (page: number) => string;
  label: string;
}

/** 'Menampilkan a–b dari n data' beside the shop's previous / next links. */
export function Pagination({ page, pageSize, total, capped, pageSearch, label }: PaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className={styles.bar}>
      <p className={styles.summary}>
        Menampilkan {first}–{last} dari {formatTotal(total, capped)} data
      </p>
      <PageLinks
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        linkTo={(n) => ({ search: pageSearch(n) })}
        label={label}
      />
    </div>
  );
}
