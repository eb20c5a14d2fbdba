import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { saleQuery } from './api.ts';
import { SaleForm } from './sale-form.tsx';

/** Edit view: loads the sale, then the form filled with it. */
export function SaleEditor({ id, onDone }: { id: string; onDone: () => void }) {
  const sale = useQuery(saleQuery(id));
  if (sale.isPending) return <LoadingState>Memuat promo...</LoadingState>;
  if (sale.isError)
    return (
      <ErrorState message={errorMessage(sale.error, 'Gagal memuat promo')} onRetry={() => sale.refetch()} />
    );
  return <SaleForm key={id} sale={sale.data} onSaved={onDone} onCancel={onDone} />;
}
