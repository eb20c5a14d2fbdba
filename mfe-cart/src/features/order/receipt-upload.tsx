import { errorMessage } from '@gi/session';
import { buttonClass, toast } from '@gi/ui';
import { type FormEvent, useId, useState } from 'react';
import { useUploadReceipt } from './api.ts';
import styles from './order.module.css';

/** The transfer receipt: a photo or screenshot, downsized in the browser, checked again by the server. */
export function ReceiptUpload({ orderId, again }: { orderId: string; again: boolean }) {
  const id = useId();
  const upload = useUploadReceipt(orderId);
  const [error, setError] = useState('');
  const [file, setFile] = useState<File | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) return setError('Pilih gambar bukti transfer');
    if (!file.type.startsWith('image/')) return setError('Bukti transfer harus berupa gambar');
    setError('');
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: 'Bukti transfer terkirim', description: 'Admin akan memeriksa pembayaran Anda.' }),
      onError: (err) => setError(errorMessage(err, 'Gagal mengunggah bukti transfer. Silakan coba lagi.')),
    });
  }

  return (
    <form className={styles.upload} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-file`} className={styles.label}>
        {again ? 'Unggah ulang bukti transfer' : 'Unggah bukti transfer'}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setFile(event.currentTarget.files?.[0] ?? null);
          setError('');
        }}
      />
      <p id={`${id}-hint`} className={styles.muted}>
        Foto atau tangkapan layar bukti transfer (JPG, PNG, WebP), maksimal 5 MB.
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass.primary} disabled={upload.isPending}>
        {upload.isPending ? 'Mengunggah...' : 'Kirim Bukti Transfer'}
      </button>
    </form>
  );
}
