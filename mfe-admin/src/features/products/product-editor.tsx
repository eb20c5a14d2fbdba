import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { productQuery } from './api.ts';
import { ProductForm } from './product-form.tsx';

/** Edit view: loads the product, then the form filled with it. */
export function ProductEditor({ id, onDone }: { id: string; onDone: () => void }) {
  const product = useQuery(productQuery(id));
  if (product.isPending) return <LoadingState>Memuat produk...</LoadingState>;
  if (product.isError)
    return (
      <ErrorState
        message={errorMessage(product.error, 'Terjadi kesalahan saat memuat produk.')}
        onRetry={() => product.refetch()}
      />
    );
  return <ProductForm key={id} product={product.data} onSaved={onDone} onCancel={onDone} />;
}
