import { lowStockThresholdSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, Field, toast, toastError, useZodForm } from '@gi/ui';
import { EmptyState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { StepPager } from '../../shared/step-pager.tsx';
import styles from './dashboard-overview.module.css';
import { SizeLinks, SizePanel } from './size-panel.tsx';

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
    <SizePanel id="low-stock-title" title="Stok Menipis" noun="stok" list={low}>
      {(data) => (
        <>
          <ThresholdForm threshold={data.threshold} />
          {data.items.length === 0 ? (
            <EmptyState>
              <p>Tidak ada ukuran dengan stok {data.threshold} atau kurang.</p>
            </EmptyState>
          ) : (
            <SizeLinks
              items={data.items}
              detail={(item) => (
                <span className={item.stock === 0 ? styles.stockOut : styles.activityTime}>
                  {item.stock === 0 ? 'Stok habis' : `Sisa ${item.stock}`}
                  {item.sku ? ` · ${item.sku}` : ''}
                </span>
              )}
            />
          )}
          <StepPager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </SizePanel>
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
