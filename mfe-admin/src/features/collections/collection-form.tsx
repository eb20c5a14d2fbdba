import { type CollectionDetail, collectionInputSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { buttonClass, Field, TextAreaField, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../shared/image-field.tsx';
import section from '../../shared/section.module.css';
import { useSaveCollection } from './api.ts';
import { type PickedProduct, ProductPicker } from './product-picker.tsx';

interface CollectionFormProps {
  /** The collection being edited, with its products; none to add one. */
  collection?: CollectionDetail;
  onSaved: () => void;
  onCancel: () => void;
}

/** Add or edit a collection: name (required), description, image by upload or URL, and its products. */
export function CollectionForm({ collection, onSaved, onCancel }: CollectionFormProps) {
  const [image, setImage] = useState(collection?.image ?? '');
  const [products, setProducts] = useState<PickedProduct[]>(
    collection?.products.map(({ id, name }) => ({ id, name })) ?? [],
  );
  const [uploading, setUploading] = useState(false);
  const { errors, setErrors, parse } = useZodForm(collectionInputSchema);
  const save = useSaveCollection();
  const editing = collection !== undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const values = parse(event.currentTarget, (data) => ({
      name: data.get('name'),
      description: data.get('description'),
      image,
      productIds: products.map((p) => p.id),
    }));
    if (!values) return;
    save.mutate(
      { id: collection?.id, values },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Koleksi berhasil diperbarui' : 'Koleksi berhasil ditambahkan' });
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toastError(editing ? 'Gagal memperbarui koleksi' : 'Gagal menambahkan koleksi');
        },
      },
    );
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field label="Nama Koleksi" name="name" defaultValue={collection?.name} error={errors.name} required />
      <TextAreaField
        label="Deskripsi (opsional)"
        name="description"
        rows={4}
        defaultValue={collection?.description ?? ''}
        error={errors.description}
      />
      <ImageField
        label="Gambar Koleksi (opsional)"
        name="image"
        value={image}
        onChange={setImage}
        allowUrl
        optional
        error={errors.image}
        onUploadingChange={setUploading}
      />
      <ProductPicker selected={products} onChange={setProducts} />
      {errors.productIds && <p role="alert">{errors.productIds}</p>}
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || uploading}>
          {save.isPending ? 'Menyimpan...' : editing ? 'Perbarui Koleksi' : 'Simpan Koleksi'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}
