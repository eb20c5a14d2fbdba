import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQuery } from '@gi/platform';
import { EmptyState } from '@gi/ui/states';
import { useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { StepPager } from '../../shared/step-pager.tsx';
import styles from './dashboard-overview.module.css';
import { SizeLinks, SizePanel } from './size-panel.tsx';

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
    <SizePanel id="estimated-weights-title" title="Berat belum diperiksa" noun="berat" list={list}>
      {(data) =>
        data.total === 0 ? (
          <EmptyState>
            <p>Semua ukuran sudah punya berat yang diperiksa.</p>
          </EmptyState>
        ) : (
          <>
            <p>
              {data.total} ukuran masih memakai berat perkiraan. Ongkir kurir dihitung dari berat: buka
              produknya, isi beratnya, lalu simpan.
            </p>
            <SizeLinks
              items={data.items}
              detail={(item) => <span className={styles.activityTime}>Perkiraan {item.weight_grams} g</span>}
            />
            <StepPager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )
      }
    </SizePanel>
  );
}
