import { type Sale, saleFormSchema, toWibInput } from '@gi/contracts';
import { formatSize } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { buttonClass, Field, SelectField } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { useSaveForm } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import { ProductOptions } from '../collections/product-options.tsx';
import { collectionOptionsQuery, useSaveSale } from './api.ts';
import styles from './sale-form.module.css';

interface SaleFormProps {
  /** The sale being edited; none to add one. */
  sale?: Sale;
  onSaved: () => void;
  onCancel: () => void;
}

/** A set of ids the checkboxes toggle. */
function useIdSet(initial: string[] | undefined) {
  const [ids, setIds] = useState(() => new Set(initial ?? []));
  const toggle = (id: string, on: boolean) =>
    setIds((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { ids, toggle, clear: () => setIds(new Set()) };
}

/**
 * Add or edit a timed sale (decision 046): its name, percent or rupiah off each size, its start
 * and end in WIB, and what it takes off: products, collections or single sizes (none: every size).
 */
export function SaleForm({ sale, onSaved, onCancel }: SaleFormProps) {
  const products = useIdSet(sale?.product_ids);
  const collections = useIdSet(sale?.collection_ids);
  const sizes = useIdSet(sale?.variant_ids);
  const { errors, onSubmit, buttons } = useSaveForm({
    schema: saleFormSchema,
    save: useSaveSale(),
    id: sale?.id,
    onSaved,
    input: (data) => ({
      name: data.get('name'),
      kind: data.get('kind'),
      value: data.get('value'),
      startsAt: data.get('startsAt'),
      endsAt: data.get('endsAt'),
      productIds: [...products.ids],
      collectionIds: [...collections.ids],
      variantIds: [...sizes.ids],
    }),
    saved: { title: sale ? 'Promo berhasil diperbarui' : 'Promo berhasil ditambahkan' },
    failed: sale ? 'Gagal memperbarui promo' : 'Gagal menambahkan promo',
  });
  const targets = products.ids.size + collections.ids.size + sizes.ids.size;

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field label="Nama Promo" name="name" defaultValue={sale?.name} error={errors.name} required />
      <div className={styles.row}>
        <SelectField
          label="Jenis Potongan"
          name="kind"
          defaultValue={sale?.kind ?? 'percent'}
          error={errors.kind}
        >
          <option value="percent">Persen (%) per ukuran</option>
          <option value="fixed">Potongan rupiah per ukuran</option>
        </SelectField>
        <Field
          label="Nilai Potongan"
          name="value"
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue={sale?.value}
          error={errors.value}
          hint="Persen 1–99, atau rupiah"
          required
        />
      </div>
      <div className={styles.row}>
        <Field
          label="Mulai (WIB)"
          name="startsAt"
          type="datetime-local"
          defaultValue={sale ? toWibInput(sale.starts_at) : undefined}
          error={errors.startsAt}
          required
        />
        <Field
          label="Berakhir (WIB)"
          name="endsAt"
          type="datetime-local"
          defaultValue={sale ? toWibInput(sale.ends_at) : undefined}
          error={errors.endsAt}
          required
        />
      </div>
      <fieldset className={section.fieldset}>
        <legend>Berlaku untuk</legend>
        <p className={styles.muted} aria-live="polite">
          {targets === 0
            ? 'Belum ada yang dipilih: promo berlaku untuk semua produk.'
            : `${products.ids.size} produk, ${collections.ids.size} koleksi, ${sizes.ids.size} ukuran dipilih.`}
        </p>
        <CollectionChoices chosen={collections.ids} onToggle={collections.toggle} />
        <ProductChoices products={products} sizes={sizes} />
        {(errors.productIds || errors.collectionIds || errors.variantIds) && (
          <p role="alert">{errors.productIds ?? errors.collectionIds ?? errors.variantIds}</p>
        )}
      </fieldset>
      <DialogButtons confirm={sale ? 'Perbarui Promo' : 'Simpan Promo'} onCancel={onCancel} {...buttons} />
    </form>
  );
}

function CollectionChoices({
  chosen,
  onToggle,
}: {
  chosen: Set<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const options = useQuery(collectionOptionsQuery);
  if (options.isPending) return <LoadingState>Memuat koleksi...</LoadingState>;
  if (options.isError) return <ErrorState message="Gagal memuat koleksi" onRetry={() => options.refetch()} />;
  if (options.data.items.length === 0) return null;
  return (
    <ul className={styles.options} aria-label="Koleksi">
      {options.data.items.map((collection) => (
        <li key={collection.id}>
          <label>
            <input
              type="checkbox"
              checked={chosen.has(collection.id)}
              onChange={(event) => onToggle(collection.id, event.target.checked)}
            />
            Koleksi {collection.name}
          </label>
        </li>
      ))}
    </ul>
  );
}

/** The products found by a search, each whole or in single sizes. */
function ProductChoices({
  products,
  sizes,
}: {
  products: ReturnType<typeof useIdSet>;
  sizes: ReturnType<typeof useIdSet>;
}) {
  return (
    <>
      {products.ids.size + sizes.ids.size > 0 && (
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            products.clear();
            sizes.clear();
          }}
        >
          Kosongkan pilihan produk dan ukuran
        </button>
      )}
      <ProductOptions label="Cari produk untuk promo" className={styles.options}>
        {(product) => (
          <>
            <label>
              <input
                type="checkbox"
                checked={products.ids.has(product.id)}
                onChange={(event) => products.toggle(product.id, event.target.checked)}
              />
              {product.name} (semua ukuran)
            </label>
            {product.variants.length > 1 && (
              <div className={styles.sizes}>
                {product.variants.map((variant) => (
                  <label key={variant.id}>
                    <input
                      type="checkbox"
                      checked={sizes.ids.has(variant.id)}
                      onChange={(event) => sizes.toggle(variant.id, event.target.checked)}
                    />
                    {product.name} {formatSize(variant.size_ml)}
                  </label>
                ))}
              </div>
            )}
          </>
        )}
      </ProductOptions>
    </>
  );
}
