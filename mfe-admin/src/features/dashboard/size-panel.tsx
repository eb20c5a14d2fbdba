import { formatSize } from '@gi/contracts';
import { Link, type UseQueryResult } from '@gi/platform';
import { ErrorState, LoadingState } from '@gi/ui/states';
import type { ReactNode } from 'react';
import { sectionSearch } from '../../shared/admin-nav.ts';
import styles from './dashboard-overview.module.css';

interface SizePanelProps<T> {
  id: string;
  title: string;
  /** What the panel loads, in its messages: 'stok' → 'Memuat stok...', 'Gagal memuat stok'. */
  noun: string;
  list: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A dashboard panel of a list of sizes (low stock, estimated weights): its title, loading and failure. */
export function SizePanel<T>({ id, title, noun, list, children }: SizePanelProps<T>) {
  return (
    <section aria-labelledby={id} className={styles.panel}>
      <h3 id={id}>{title}</h3>
      {list.isPending && <LoadingState>{`Memuat ${noun}...`}</LoadingState>}
      {list.isError && <ErrorState message={`Gagal memuat ${noun}`} onRetry={() => list.refetch()} />}
      {list.data && children(list.data)}
    </section>
  );
}

interface SizeRow {
  product_id: string;
  product_name: string;
  variant_id: string;
  size_ml: number | null;
}

/** Sizes by their product's name, each leading to the product's editor, with what the panel says of it. */
export function SizeLinks<T extends SizeRow>({
  items,
  detail,
}: {
  items: T[];
  detail: (item: T) => ReactNode;
}) {
  return (
    <ul className={styles.activity}>
      {items.map((item) => (
        <li key={item.variant_id}>
          <Link to={{ search: sectionSearch('edit-product', item.product_id) }}>
            <span className={styles.activityTitle}>
              {item.product_name} {formatSize(item.size_ml)}
            </span>
          </Link>{' '}
          {detail(item)}
        </li>
      ))}
    </ul>
  );
}
