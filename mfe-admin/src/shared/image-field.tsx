import { errorMessage } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { type ChangeEvent, useId, useState } from 'react';
import styles from './image-field.module.css';
import section from './section.module.css';
import { FilePicker, uploadFieldStyles as frame } from './upload-field.tsx';
import { uploadImage } from './upload-image.ts';

export const IMAGE_HINT = 'PNG, JPG, GIF hingga 5MB';

interface ImageFieldProps {
  label: string;
  /** Form field carrying the image URL. */
  name: string;
  value: string;
  onChange: (url: string) => void;
  /** Also lets the admin type an image URL instead of uploading. */
  allowUrl?: boolean;
  /** Offers to remove the image. */
  optional?: boolean;
  error?: string | undefined;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * An image chosen from the device (downsized, then uploaded to /api/images) or,
 * where allowed, typed as a URL; shows the current picture and can replace it.
 */
export function ImageField({
  label,
  name,
  value,
  onChange,
  allowUrl = false,
  optional = false,
  error,
  onUploadingChange,
}: ImageFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingChange?.(busy);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      toastError(errorMessage(err, 'Gagal mengunggah gambar'));
    } finally {
      setBusy(false);
      // Choosing the same file again must fire a change too.
      input.value = '';
    }
  }

  return (
    <fieldset className={section.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className={styles.body}>
        {value ? (
          <img className={styles.preview} src={value} alt={`Pratinjau ${label}`} width={144} height={144} />
        ) : (
          <div className={frame.placeholder}>Belum ada gambar</div>
        )}
        <FilePicker
          id={id}
          label={value ? 'Ganti gambar' : 'Pilih gambar'}
          hint={IMAGE_HINT}
          disabled={uploading}
          uploading={uploading}
          error={error}
          onChange={onFile}
          className={styles.controls}
        >
          {optional && value && (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => onChange('')}
              disabled={uploading}
            >
              Hapus gambar
            </button>
          )}
        </FilePicker>
      </div>
      {allowUrl ? (
        <div className={styles.url}>
          <label htmlFor={`${id}-url`}>atau URL gambar</label>
          <input
            id={`${id}-url`}
            name={name}
            type="text"
            inputMode="url"
            placeholder="https://..."
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      ) : (
        <input type="hidden" name={name} value={value} />
      )}
      {error && (
        <p id={`${id}-error`} className={frame.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
