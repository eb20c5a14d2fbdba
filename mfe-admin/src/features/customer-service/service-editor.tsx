import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { serviceQuery } from './api.ts';
import { ServiceForm } from './service-form.tsx';
import { ServiceThread } from './service-thread.tsx';

/** Edit view: loads the record, then the form filled with it. */
export function ServiceEditor({ id, onDone }: { id: string; onDone: () => void }) {
  const record = useQuery(serviceQuery(id));
  if (record.isPending) return <LoadingState>Memuat data...</LoadingState>;
  if (record.isError)
    return (
      <ErrorState
        message={errorMessage(record.error, 'Gagal memuat data layanan pelanggan')}
        onRetry={() => record.refetch()}
      />
    );
  return (
    <>
      <ServiceForm key={id} record={record.data} onSaved={onDone} onCancel={onDone} />
      <ServiceThread id={id} />
    </>
  );
}
