import { imageWidthUrl, MAX_PRODUCT_IMAGES, type ProductImage } from '@gi/contracts/web';
import { errorMessage } from '@gi/session';
import { toastError } from '@gi/ui';
import { type ChangeEvent, useId, useState } from 'react';
import { IMAGE_HINT } from '../../shared/image-field.tsx';
import section from '../../shared/section.module.css';
import { FilePicker, uploadFieldStyles as frame } from '../../shared/upload-field.tsx';
import { uploadPhoto } from '../../shared/upload-image.ts';
import styles from './photos-field.module.css';

interface PhotosFieldProps {
  value: ProductImage[];
  onChange: (photos: ProductImage[]) => void;
  error?: string | undefined;
  onUploadingChange?: (uploading: boolean) => void;
}

/** The smallest stored copy, enough for a 6rem preview. */
const previewUrl = ({ url, widths }: ProductImage) =>
  widths.length > 1 ? imageWidthUrl(url, widths[0] as number) : url;

/** Moves the item at `from` to `to`, keeping the others in order. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * A product's photos in the order the shop shows them, the first being the cover:
 * the admin adds several at once (each downsized, with its smaller copies, then
 * uploaded), moves them and removes them. The form's hidden `image` is the cover.
 */
export function PhotosField({ value, onChange, error, onUploadingChange }: PhotosFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const room = MAX_PRODUCT_IMAGES - value.length;

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingChange?.(busy);
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])].slice(0, room);
    if (files.length === 0) return;
    setBusy(true);
    let photos = value;
    try {
      // One at a time, each shown as soon as it is stored.
      for (const file of files) {
        photos = [...photos, await uploadPhoto(file)];
        onChange(photos);
      }
    } catch (err) {
      toastError(errorMessage(err, 'Gagal mengunggah gambar'));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  const name = (i: number) => (i === 0 ? 'foto sampul' : `foto ${i + 1}`);

  return (
    <fieldset className={section.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Foto Produk</legend>
      {value.length === 0 ? (
        <div className={frame.placeholder}>Belum ada gambar</div>
      ) : (
        <ol className={styles.photos} aria-label="Urutan foto">
          {value.map((photo, i) => (
            <li key={photo.url} className={styles.photo}>
              <img src={previewUrl(photo)} alt={`Pratinjau ${name(i)}`} width={96} height={96} />
              {i === 0 && <span className={styles.cover}>Sampul</span>}
              <div className={styles.actions}>
                {i > 0 && (
                  <button
                    type="button"
                    className={styles.small}
                    onClick={() => onChange(moved(value, i, 0))}
                    disabled={uploading}
                    aria-label={`Jadikan ${name(i)} sampul`}
                  >
                    Sampul
                  </button>
                )}
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => onChange(moved(value, i, i - 1))}
                  disabled={uploading || i === 0}
                  aria-label={`Geser ${name(i)} ke kiri`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => onChange(moved(value, i, i + 1))}
                  disabled={uploading || i === value.length - 1}
                  aria-label={`Geser ${name(i)} ke kanan`}
                >
                  →
                </button>
                <button
                  type="button"
                  className={`${styles.small} ${styles.remove}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  disabled={uploading}
                  aria-label={`Hapus ${name(i)}`}
                >
                  Hapus
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FilePicker
        id={id}
        label={value.length === 0 ? 'Pilih gambar' : 'Tambah foto'}
        hint={`${IMAGE_HINT}. Foto pertama menjadi sampul; maksimal ${MAX_PRODUCT_IMAGES} foto.`}
        multiple
        disabled={uploading || room <= 0}
        uploading={uploading}
        error={error}
        onChange={onFiles}
      />
      <input type="hidden" name="image" value={value[0]?.url ?? ''} />
      {error && (
        <p id={`${id}-error`} className={frame.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
