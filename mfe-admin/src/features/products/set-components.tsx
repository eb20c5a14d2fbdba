import { formatSize, SAMPLE_MAX_ML, type SetComponents } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { publicProductsKey } from '@gi/contracts/web';
import { queryOptions, useQuery, useQueryClient } from '@gi/platform';
import { buttonClass, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { adminKeys } from '../../shared/admin-keys.ts';
import { useAdminMutation } from '../../shared/admin-mutation.ts';
import { ProductOptions } from '../collections/product-options.tsx';
import styles from './variant-fields.module.css';

// A discovery set composed on the product's size form (decision 061): sample sizes of other
// products, each with how many one set takes. Saved on its own (it changes no field of the form).

const setKey = (variantId: string) => [...adminKeys.products, 'set', variantId] as const;

const setQuery = (variantId: string) =>
  queryOptions({
    queryKey: setKey(variantId),
    queryFn: () => api('GET /admin/variants/{variantId}/components', { params: { variantId } }),
  });

interface Picked {
  variantId: string;
  name: string;
  quantity: string;
}

interface SetComponentsProps {
  variantId: string;
  productId: string;
  /** After a save: the set's own stock is no longer counted (or is 0 again), so the form's row follows. */
  onSaved: (saved: SetComponents) => void;
}

/** The set's samples as saved, then edited here: added from the shop's sample sizes, counted, removed. */
export function SetComponentsEditor({ variantId, productId, onSaved }: SetComponentsProps) {
  const saved = useQuery(setQuery(variantId));
  if (saved.isPending) return <LoadingState>Memuat isi set...</LoadingState>;
  if (saved.isError) return <ErrorState message="Gagal memuat isi set" onRetry={() => saved.refetch()} />;
  return (
    <SetForm
      key={saved.dataUpdatedAt}
      variantId={variantId}
      productId={productId}
      saved={saved.data}
      onSaved={onSaved}
    />
  );
}

function SetForm({ variantId, productId, saved, onSaved }: SetComponentsProps & { saved: SetComponents }) {
  const client = useQueryClient();
  const [picked, setPicked] = useState<Picked[]>(() =>
    saved.components.map((c) => ({
      variantId: c.variant_id,
      name: `${c.product_name} ${formatSize(c.size_ml)}`,
      quantity: String(c.quantity),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation({
    mutationFn: (components: { variant_id: string; quantity: string }[]) =>
      api('PUT /admin/variants/{variantId}/components', {
        params: { variantId },
        body: { components },
      }),
    refresh: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: setKey(variantId) }),
        client.invalidateQueries({ queryKey: publicProductsKey }),
        client.invalidateQueries({ queryKey: adminKeys.stock }),
      ]),
  });
  const chosen = new Set(picked.map((p) => p.variantId));

  function submit() {
    setErrors({});
    save.mutate(
      picked.map((p) => ({ variant_id: p.variantId, quantity: p.quantity })),
      {
        onSuccess: (result) => {
          toast({ title: result.components.length > 0 ? 'Isi set tersimpan' : 'Ukuran ini bukan set lagi' });
          onSaved(result);
        },
        onError: (err) => {
          if (err instanceof ApiError) setErrors(err.fields);
          toastError(err.message);
        },
      },
    );
  }

  return (
    <fieldset className={styles.history} aria-label="Isi set discovery">
      <legend>Isi Set Discovery</legend>
      <p className={styles.locked}>
        Pilih ukuran sampel (paling besar {SAMPLE_MAX_ML} ml) dari produk lain. Stok set diambil dari stok
        sampelnya{saved.components.length > 0 ? `: ${saved.stock ?? 'tidak dihitung'} set tersedia` : ''}.
      </p>
      {errors.components && <p className={styles.error}>{errors.components}</p>}
      {picked.length > 0 && (
        <ul aria-label="Sampel dalam set">
          {picked.map((p, i) => (
            <li key={p.variantId}>
              <span>{p.name}</span>{' '}
              <label>
                Jumlah per set{' '}
                <input
                  inputMode="numeric"
                  size={3}
                  value={p.quantity}
                  aria-invalid={Boolean(errors[`components.${i}.quantity`])}
                  onChange={(e) =>
                    setPicked((list) =>
                      list.map((item) =>
                        item.variantId === p.variantId ? { ...item, quantity: e.target.value } : item,
                      ),
                    )
                  }
                />
              </label>{' '}
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => setPicked((list) => list.filter((item) => item.variantId !== p.variantId))}
              >
                Keluarkan {p.name}
              </button>
              {(errors[`components.${i}.variant_id`] ?? errors[`components.${i}.quantity`]) && (
                <span className={styles.error}>
                  {' '}
                  {errors[`components.${i}.variant_id`] ?? errors[`components.${i}.quantity`]}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ProductOptions label="Cari sampel untuk set" className={undefined}>
        {(product) => {
          const samples = product.variants.filter(
            (size) => size.size_ml !== null && size.size_ml <= SAMPLE_MAX_ML && !size.contents,
          );
          if (product.id === productId || samples.length === 0)
            return <span>{product.name}: tanpa sampel</span>;
          return (
            <span>
              {product.name}:{' '}
              {samples.map((size) => {
                const name = `${product.name} ${formatSize(size.size_ml)}`;
                return (
                  <button
                    key={size.id}
                    type="button"
                    className={buttonClass.secondary}
                    disabled={chosen.has(size.id)}
                    onClick={() =>
                      setPicked((list) => [...list, { variantId: size.id, name, quantity: '1' }])
                    }
                  >
                    Tambah {formatSize(size.size_ml)}
                  </button>
                );
              })}
            </span>
          );
        }}
      </ProductOptions>
      <button type="button" className={buttonClass.primary} disabled={save.isPending} onClick={submit}>
        {save.isPending ? 'Menyimpan...' : 'Simpan Isi Set'}
      </button>
    </fieldset>
  );
}
