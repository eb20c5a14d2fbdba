import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { collectionQuery } from './api.ts';
import { CollectionForm } from './collection-form.tsx';

/** Edit view: loads the collection and its products by slug, then the form filled with them. */
export function CollectionEditor({ slug, onDone }: { slug: string; onDone: () => void }) {
  const collection = useQuery(collectionQuery(slug));
  if (collection.isPending) return <LoadingState>Memuat koleksi...</LoadingState>;
  if (collection.isError)
    return (
      <ErrorState
        message={errorMessage(collection.error, 'Gagal memuat koleksi')}
        onRetry={() => collection.refetch()}
      />
    );
  return <CollectionForm key={slug} collection={collection.data} onSaved={onDone} onCancel={onDone} />;
}
