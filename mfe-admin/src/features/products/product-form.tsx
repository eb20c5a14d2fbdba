import { type ProductDetail, type ProductImage, productFormSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { buttonClass, Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';
import { useSaveProduct } from './api.ts';
import { PhotosField } from './photos-field.tsx';
import { ScentFields } from './scent-fields.tsx';
import { VariantFields } from './variant-fields.tsx';

interface ProductFormProps {
  /** The product being edited; none to add one. */
  product?: ProductDetail;
  /** After saving; the form has reset itself by then. */
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Add or edit a product (product.md §2, §5); after saving the form resets and hands back. */
export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  const [photos, setPhotos] = useState<ProductImage[]>(product?.images ?? []);
  // A new key empties the sizes after a save, as form.reset() empties the other fields.
  const [saves, setSaves] = useState(0);
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, parse } = useZodForm(productFormSchema);
  const save = useSaveProduct();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const form = event.currentTarget;
    const values = parse(form);
    if (photos.length === 0) {
      toast({
        title: 'Gambar diperlukan',
        description: 'Silakan pilih gambar untuk produk',
        variant: 'destructive',
      });
    }
    if (!values) return;
    save.mutate(
      { id: product?.id, values: { ...values, images: photos } },
      {
        onSuccess: () => {
          toast({ title: product ? 'Produk berhasil diperbarui' : 'Produk berhasil disimpan' });
          form.reset();
          setPhotos([]);
          setSaves((n) => n + 1);
          onSaved?.();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toastError('Gagal menyimpan produk');
        },
      },
    );
  }

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
      <VariantFields key={saves} variants={product?.variants} errors={errors} />
      <ScentFields product={product} errors={errors} />
      <PhotosField
        value={photos}
        onChange={setPhotos}
        error={errors.image ?? errors.images}
        onUploadingChange={setUploading}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || uploading}>
          {save.isPending ? 'Menyimpan...' : product ? 'Perbarui Produk' : 'Simpan Produk'}
        </button>
        {onCancel && (
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Batal
          </button>
        )}
      </div>
    </form>
  );
}
