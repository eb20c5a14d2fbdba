import { formatSize } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, Link, queryOptions, useQuery } from '@gi/platform';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { StepPager } from '../../shared/step-pager.tsx';
import styles from './dashboard-overview.module.css';

const PAGE_SIZE = 10;

// Under the products' key: a product saved (its weights entered) refreshes the list.
const estimatedWeightsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.products, 'estimated-weights', page] as const,
    queryFn: () => api('GET /admin/products/estimated-weights', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/**
 * The low-data view (decision 032): sizes whose shipping weight is still migration 0029's
 * estimate, each leading to its product's editor, where saving the real weight removes it.
 */
export function EstimatedWeights() {
  const [page, setPage] = useState(1);
  const list = useQuery(estimatedWeightsQuery(page));
  return (
    <section aria-labelledby="estimated-weights-title" className={styles.panel}>
      <h3 id="estimated-weights-title">Berat belum diperiksa</h3>
      {list.isPending && <LoadingState>Memuat berat...</LoadingState>}
      {list.isError && <ErrorState message="Gagal memuat berat" onRetry={() => list.refetch()} />}
      {list.data &&
        (list.data.total === 0 ? (
          <EmptyState>
            <p>Semua ukuran sudah punya berat yang diperiksa.</p>
          </EmptyState>
        ) : (
          <>
            <p>
              {list.data.total} ukuran masih memakai berat perkiraan. Ongkir kurir dihitung dari berat: buka
              produknya, isi beratnya, lalu simpan.
            </p>
            <ul className={styles.activity}>
              {list.data.items.map((item) => (
                <li key={item.variant_id}>
                  <Link to={{ search: sectionSearch('edit-product', item.product_id) }}>
                    <span className={styles.activityTitle}>
                      {item.product_name} {formatSize(item.size_ml)}
                    </span>
                  </Link>{' '}
                  <span className={styles.activityTime}>Perkiraan {item.weight_grams} g</span>
                </li>
              ))}
            </ul>
            <StepPager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
          </>
        ))}
    </section>
  );
}
