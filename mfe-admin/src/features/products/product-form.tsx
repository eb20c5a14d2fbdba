import { type AdminProductDetail, type ProductImage, productFormSchema } from '@gi/contracts';
import { buttonClass, Field, TextAreaField, toast } from '@gi/ui';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { useLacks } from '../../shared/permissions.ts';
import { useSaveForm } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import { useSaveProduct } from './api.ts';
import { PhotosField } from './photos-field.tsx';
import { ScentFields } from './scent-fields.tsx';
import { TrustFields } from './trust-fields.tsx';
import { VariantFields } from './variant-fields.tsx';

interface ProductFormProps {
  /** The product being edited; none to add one. */
  product?: AdminProductDetail;
  /** After saving; the form has reset itself by then. */
  onSaved?: () => void;
  onCancel?: () => void;
  /** Reads the product again and opens the form afresh (after the stock changed meanwhile). */
  onReload?: () => void;
}

/** Add or edit a product (product.md §2, §5); after saving the form resets and hands back. */
export function ProductForm({ product, onSaved, onCancel, onReload }: ProductFormProps) {
  const [photos, setPhotos] = useState<ProductImage[]>(product?.images ?? []);
  // The server refused the save: an order or cancel changed a size's stock since the form read it,
  // or a size left out is a sample a discovery set holds (its message names the set).
  const [stale, setStale] = useState<string | null>(null);
  // A new key empties the sizes after a save, as form.reset() empties the other fields.
  const [saves, setSaves] = useState(0);
  const lacks = useLacks();
  const { errors, onSubmit, setUploading, buttons } = useSaveForm({
    schema: productFormSchema,
    save: useSaveProduct(),
    id: product?.id,
    extra: { images: photos },
    check: () => {
      if (photos.length > 0) return;
      toast({
        title: 'Gambar diperlukan',
        description: 'Silakan pilih gambar untuk produk',
        variant: 'destructive',
      });
    },
    onSaved: (form) => {
      form.reset();
      setPhotos([]);
      setSaves((n) => n + 1);
      onSaved?.();
    },
    saved: { title: product ? 'Produk berhasil diperbarui' : 'Produk berhasil disimpan' },
    failed: 'Gagal menyimpan produk',
    onRefused: (error) =>
      setStale(error.code === 'stock_changed' || error.code === 'sample_in_set' ? error.message : null),
  });

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field label="Nama Produk" name="name" defaultValue={product?.name} error={errors.name} required />
      <TextAreaField
        label="Deskripsi"
        name="description"
        rows={5}
        defaultValue={product?.description}
        error={errors.description}
        required
      />
      {stale && (
        <div className={section.note} role="alert">
          <p>{stale}</p>
          {onReload && (
            <button type="button" className={buttonClass.secondary} onClick={onReload}>
              Muat Ulang Formulir
            </button>
          )}
        </div>
      )}
      <VariantFields
        productId={product?.id}
        key={saves}
        variants={product?.variants}
        errors={errors}
        locked={lacks('prices-stock')}
      />
      <ScentFields product={product} errors={errors} />
      <TrustFields marks={product?.trust_marks} errors={errors} />
      <PhotosField
        value={photos}
        onChange={setPhotos}
        error={errors.image ?? errors.images}
        onUploadingChange={setUploading}
      />
      <DialogButtons
        confirm={product ? 'Perbarui Produk' : 'Simpan Produk'}
        onCancel={onCancel}
        {...buttons}
      />
    </form>
  );
}
