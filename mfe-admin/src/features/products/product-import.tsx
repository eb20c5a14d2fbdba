import { type ImportReport, MAX_IMPORT_BYTES, MAX_IMPORT_PRODUCTS, MAX_IMPORT_ROWS } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { useMutation } from '@gi/platform';
import { buttonClass, toast, toastError } from '@gi/ui';
import { useId, useState } from 'react';
import table from '../../shared/table.module.css';
import { useImportProducts } from './api.ts';
import styles from './product-import.module.css';

const actionLabels = { create: 'Tambah', update: 'Ubah' } as const;
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Gagal menghubungi server';

/**
 * 'Impor CSV' under the products list (decision 056): the file is checked first (every row's
 * errors, nothing written), and only a file without errors can be imported.
 */
export function ProductImport() {
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState('');
  const check = useMutation({
    mutationFn: (text: string) => api('POST /admin/imports/products/check', { body: { csv: text } }),
  });
  const run = useImportProducts();

  function onImport(text: string) {
    run.mutate(text, {
      onSuccess: (done: ImportReport) => {
        toast({ title: `${done.written} produk tersimpan dari CSV` });
        setCsv(null);
        check.reset();
      },
      onError: (error) => toastError(messageOf(error)),
    });
  }

  async function onFile(file: File | undefined) {
    check.reset();
    run.reset();
    setCsv(null);
    setFileError('');
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError('Berkas CSV paling besar 1 MB. Bagi menjadi beberapa berkas.');
      return;
    }
    const text = await file.text();
    setCsv(text);
    check.mutate(text);
  }

  const report = check.data;
  return (
    <details className={styles.panel}>
      <summary>Impor produk dari CSV</summary>
      <p>
        Kolom yang dibaca sama dengan hasil <strong>Ekspor CSV</strong>: SKU, Nama Produk, Deskripsi, Ukuran
        (ml), Harga (Rp), Stok, Maks. per Pesanan, Berat (gram), Konsentrasi, Untuk, Foto. SKU yang sudah ada
        diubah, SKU baru ditambahkan (baris dengan nama produk yang sama menjadi satu produk). Paling banyak{' '}
        {MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris, {MAX_IMPORT_PRODUCTS} produk dan 1 MB.
      </p>
      <label htmlFor={inputId}>Berkas CSV</label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      {fileError && <p role="alert">{fileError}</p>}
      {check.isPending && <p role="status">Memeriksa berkas...</p>}
      {check.isError && <p role="alert">{messageOf(check.error)}</p>}
      {report && (
        <>
          <p role="status">
            {report.rows.length} baris diperiksa,{' '}
            {report.invalid > 0
              ? `${report.invalid} baris salah: perbaiki berkasnya lalu pilih lagi.`
              : 'tidak ada kesalahan.'}
          </p>
          <div className={styles.scroll}>
            <table className={table.table}>
              <caption>Hasil uji coba impor</caption>
              <thead>
                <tr>
                  <th scope="col">Baris</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Nama Produk</th>
                  <th scope="col">Tindakan</th>
                  <th scope="col">Kesalahan</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>{row.sku}</td>
                    <td>{row.name}</td>
                    <td>{actionLabels[row.action]}</td>
                    <td>
                      {row.errors.length === 0 ? (
                        'OK'
                      ) : (
                        <ul className={styles.errors}>
                          {row.errors.map((error) => (
                            <li key={error}>{error}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={report.invalid > 0 || csv === null || run.isPending}
            onClick={() => csv !== null && onImport(csv)}
          >
            {run.isPending ? 'Mengimpor...' : `Impor ${report.rows.length} baris`}
          </button>
        </>
      )}
    </details>
  );
}
