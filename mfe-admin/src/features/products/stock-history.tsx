import { api } from '@gi/contracts/api';
import { formatDateTime, orderActorLabels, shortOrderId, stockChangeReasonLabels } from '@gi/contracts/web';
import { keepPreviousData, queryOptions, useQuery } from '@gi/platform';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { StepPager } from '../../shared/step-pager.tsx';
import styles from './variant-fields.module.css';

const PAGE_SIZE = 10;

const stockChangesQuery = (variantId: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'changes', variantId, page] as const,
    queryFn: () =>
      api('GET /admin/stock/{variantId}/changes', {
        params: { variantId },
        query: { page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

const amount = (stock: number | null) => (stock === null ? 'tidak dihitung' : String(stock));

/** One size's stock changes, newest first, a page at a time: who, when, from, to and why (decision 025). */
export function StockHistory({ variantId }: { variantId: string }) {
  const [page, setPage] = useState(1);
  const changes = useQuery(stockChangesQuery(variantId, page));
  if (changes.isPending) return <LoadingState>Memuat riwayat stok...</LoadingState>;
  if (changes.isError)
    return <ErrorState message="Gagal memuat riwayat stok" onRetry={() => changes.refetch()} />;
  const { items, total } = changes.data;
  if (items.length === 0) return <EmptyState>Belum ada perubahan stok.</EmptyState>;
  return (
    <div className={styles.history}>
      <ul aria-label="Riwayat stok">
        {items.map((change) => (
          <li key={change.id}>
            <strong>
              {amount(change.from_stock)} → {amount(change.to_stock)}
            </strong>{' '}
            · {stockChangeReasonLabels[change.reason]}
            {change.order_id && ` #${shortOrderId(change.order_id)}`} · {orderActorLabels[change.actor]}
            {change.actor_name && ` (${change.actor_name})`} · {formatDateTime(change.created_at)}
          </li>
        ))}
      </ul>
      <StepPager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </div>
  );
}
