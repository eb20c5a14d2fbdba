import { useQuery } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { productQuery } from './api.ts';
import { ProductForm } from './product-form.tsx';

/**
 * Edit view: loads the product, then the form filled with it. 'Muat Ulang Formulir' reads it
 * again and opens a new form; a background refetch leaves an open form (and the stock it read) alone.
 */
export function ProductEditor({ id, onDone }: { id: string; onDone: () => void }) {
  const product = useQuery(productQuery(id));
  const [loads, setLoads] = useState(0);
  if (product.isPending) return <LoadingState>Memuat produk...</LoadingState>;
  if (product.isError)
    return (
      <ErrorState
        message={errorMessage(product.error, 'Terjadi kesalahan saat memuat produk.')}
        onRetry={() => product.refetch()}
      />
    );
  return (
    <ProductForm
      key={`${id}:${loads}`}
      product={product.data}
      onSaved={onDone}
      onCancel={onDone}
      onReload={async () => {
        await product.refetch();
        setLoads((n) => n + 1);
      }}
    />
  );
}
