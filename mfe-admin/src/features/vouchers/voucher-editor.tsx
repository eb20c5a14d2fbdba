import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { voucherQuery } from './api.ts';
import { VoucherForm } from './voucher-form.tsx';

/** Edit view: loads the voucher with its named targets, then the form filled with it. */
export function VoucherEditor({ id, onDone }: { id: string; onDone: () => void }) {
  const voucher = useQuery(voucherQuery(id));
  if (voucher.isPending) return <LoadingState>Memuat voucher...</LoadingState>;
  if (voucher.isError)
    return (
      <ErrorState
        message={errorMessage(voucher.error, 'Gagal memuat voucher')}
        onRetry={() => voucher.refetch()}
      />
    );
  return <VoucherForm key={id} voucher={voucher.data} onSaved={onDone} onCancel={onDone} />;
}
