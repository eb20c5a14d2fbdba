import { formatSize, lowStockThresholdSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { keepPreviousData, Link, queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError, useZodForm } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { StepPager } from '../../shared/step-pager.tsx';
import styles from './dashboard-overview.module.css';

const PAGE_SIZE = 10;

const lowStockQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'low', page] as const,
    queryFn: () => api('GET /admin/stock', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The dashboard's sizes running low (lowest stock first), and the threshold that defines low. */
export function LowStock() {
  const [page, setPage] = useState(1);
  const low = useQuery(lowStockQuery(page));
  return (
    <section aria-labelledby="low-stock-title" className={styles.panel}>
      <h3 id="low-stock-title">Stok Menipis</h3>
      {low.isPending && <LoadingState>Memuat stok...</LoadingState>}
      {low.isError && <ErrorState message="Gagal memuat stok" onRetry={() => low.refetch()} />}
      {low.data && (
        <>
          <ThresholdForm threshold={low.data.threshold} />
          {low.data.items.length === 0 ? (
            <EmptyState>
              <p>Tidak ada ukuran dengan stok {low.data.threshold} atau kurang.</p>
            </EmptyState>
          ) : (
            <ul className={styles.activity}>
              {low.data.items.map((item) => (
                <li key={item.variant_id}>
                  <Link to={{ search: sectionSearch('edit-product', item.product_id) }}>
                    <span className={styles.activityTitle}>
                      {item.product_name} {formatSize(item.size_ml)}
                    </span>
                  </Link>{' '}
                  <span className={item.stock === 0 ? styles.stockOut : styles.activityTime}>
                    {item.stock === 0 ? 'Stok habis' : `Sisa ${item.stock}`}
                    {item.sku ? ` · ${item.sku}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <StepPager page={page} pageSize={PAGE_SIZE} total={low.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The typed threshold as a number; a blank one is missing (the schema's message for it, not 0). */
function thresholdInput(data: FormData) {
  const typed = String(data.get('threshold') ?? '').trim();
  return { threshold: typed === '' ? undefined : Number(typed) };
}

function ThresholdForm({ threshold }: { threshold: number }) {
  const client = useQueryClient();
  const { errors, setErrors, parse } = useZodForm(lowStockThresholdSchema);
  const save = useMutation({
    mutationFn: (threshold: number) => api('PUT /admin/stock/threshold', { body: { threshold } }),
    onSuccess: () => {
      toast({ title: 'Batas stok disimpan' });
      return client.invalidateQueries({ queryKey: adminKeys.stock });
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.fields);
      toastError(errorMessage(err, 'Gagal menyimpan batas stok'));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parse(event.currentTarget, thresholdInput);
    if (parsed) save.mutate(parsed.threshold);
  }

  return (
    <form className={styles.threshold} onSubmit={onSubmit} noValidate key={threshold}>
      <Field
        label="Batas stok rendah"
        name="threshold"
        inputMode="numeric"
        defaultValue={threshold}
        error={errors.threshold}
      />
      <button type="submit" className={buttonClass.secondary} disabled={save.isPending}>
        Simpan
      </button>
    </form>
  );
}
