import { type CollectionDetail, collectionInputSchema } from '@gi/contracts';
import { Field, TextAreaField } from '@gi/ui';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { ImageField } from '../../shared/image-field.tsx';
import { useSaveForm } from '../../shared/save-form.ts';
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
  const { errors, onSubmit, setUploading, buttons } = useSaveForm({
    schema: collectionInputSchema,
    save: useSaveCollection(),
    id: collection?.id,
    onSaved,
    input: (data) => ({
      name: data.get('name'),
      description: data.get('description'),
      image,
      productIds: products.map((p) => p.id),
    }),
    saved: { title: collection ? 'Koleksi berhasil diperbarui' : 'Koleksi berhasil ditambahkan' },
    failed: collection ? 'Gagal memperbarui koleksi' : 'Gagal menambahkan koleksi',
  });

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
      <DialogButtons
        confirm={collection ? 'Perbarui Koleksi' : 'Simpan Koleksi'}
        onCancel={onCancel}
        {...buttons}
      />
    </form>
  );
}
