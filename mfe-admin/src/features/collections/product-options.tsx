import type { Product } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type ReactNode, useState } from 'react';
import { SearchBox } from '../../shared/list-controls.tsx';
import { StepPager } from '../../shared/step-pager.tsx';
import { PRODUCT_OPTIONS_PAGE_SIZE, productOptionsQuery } from './api.ts';
import styles from './product-options.module.css';

interface ProductOptionsProps {
  /** The search box's label. */
  label: string;
  /** The list's class: how its products are laid out. */
  className: string | undefined;
  /** A product's item: its checkbox(es). */
  children: (product: Product) => ReactNode;
}

/**
 * The products a form picks from (a collection's members, a voucher's or a sale's targets):
 * searched and paged on the server, with their loading, error and empty states.
 */
export function ProductOptions({ label, className, children }: ProductOptionsProps) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const options = useQuery(productOptionsQuery(q, page));

  return (
    <>
      <SearchBox
        label={label}
        value={q}
        onSearch={(text) => {
          setQ(text.trim());
          setPage(1);
        }}
        placeholder="Nama produk"
      />
      {options.isPending ? (
        <LoadingState>Memuat produk...</LoadingState>
      ) : options.isError ? (
        <ErrorState message="Gagal memuat produk" onRetry={() => options.refetch()} />
      ) : options.data.items.length === 0 ? (
        <p className={styles.empty}>{q ? 'Tidak ada produk yang cocok.' : 'Belum ada produk tersedia.'}</p>
      ) : (
        <ul className={className}>
          {options.data.items.map((product) => (
            <li key={product.id}>{children(product)}</li>
          ))}
        </ul>
      )}
      <StepPager
        page={page}
        pageSize={PRODUCT_OPTIONS_PAGE_SIZE}
        total={options.data?.total ?? 0}
        onPage={setPage}
      />
    </>
  );
}
