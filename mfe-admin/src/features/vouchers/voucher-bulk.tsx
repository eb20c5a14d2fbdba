import { MAX_BULK_VOUCHERS, voucherBulkSchema } from '@gi/contracts';
import { buttonClass, Field, toast, toastError } from '@gi/ui';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { useSaveForm } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import { numberOf } from '../../shared/typed-number.ts';
import { useBulkVouchers } from './api.ts';
import { noTargets, TargetPicker, type Targets } from './target-picker.tsx';
import { CombinesWithSale, termsOf, VoucherTerms } from './voucher-terms.tsx';
import styles from './vouchers.module.css';

/** The codes as a CSV file (one column, 'kode'), downloaded in the browser. */
function downloadCsv(codes: string[], prefix: string) {
  const url = URL.createObjectURL(new Blob([`kode\n${codes.join('\n')}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `voucher-${prefix.toLowerCase()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The codes just made: shown, copied to the clipboard, or downloaded as CSV. */
function GeneratedCodes({ codes, prefix }: { codes: string[]; prefix: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Kode disalin', description: `${codes.length} kode disalin ke clipboard` });
    } catch {
      toastError('Gagal menyalin kode; pilih teksnya lalu salin manual');
    }
  }
  return (
    <section className={`${section.card} ${styles.codes}`} aria-labelledby="bulk-codes-title">
      <h3 id="bulk-codes-title" className={section.subheading}>
        {codes.length} kode sekali pakai dibuat
      </h3>
      <textarea
        readOnly
        rows={Math.min(codes.length, 12)}
        value={codes.join('\n')}
        aria-label="Kode yang dibuat"
      />
      <div className={section.buttons}>
        <button type="button" className={buttonClass.primary} onClick={copy}>
          Salin Semua Kode
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => downloadCsv(codes, prefix)}>
          Unduh CSV
        </button>
      </div>
    </section>
  );
}

/**
 * Bulk single-use codes for influencers (`POST /api/admin/vouchers/bulk`): a prefix, how many,
 * and the terms they share; each code is good for one order.
 */
export function VoucherBulk({ onCancel }: { onCancel: () => void }) {
  const [targets, setTargets] = useState<Targets>(noTargets);
  const [prefix, setPrefix] = useState('');
  const bulk = useBulkVouchers();
  const { errors, onSubmit, buttons } = useSaveForm({
    schema: voucherBulkSchema,
    save: bulk,
    id: undefined,
    onSaved: (form) => setPrefix(String(new FormData(form).get('prefix') ?? '').trim()),
    input: (data) => ({
      prefix: data.get('prefix'),
      count: numberOf(String(data.get('count') ?? '').trim()),
      ...termsOf(data, targets),
    }),
    saved: { title: 'Kode voucher berhasil dibuat' },
    failed: 'Gagal membuat kode voucher',
  });

  return (
    <div className={styles.codes}>
      <form className={section.form} onSubmit={onSubmit} noValidate>
        <p className={styles.muted}>
          Setiap kode berbentuk AWALAN-XXXXXXXX dan hanya bisa dipakai untuk satu pesanan.
        </p>
        <div className={styles.pair}>
          <Field
            label="Awalan Kode"
            name="prefix"
            autoCapitalize="characters"
            hint="2–12 huruf atau angka, mis. nama influencer."
            error={errors.prefix}
            required
          />
          <Field
            label="Jumlah Kode"
            name="count"
            inputMode="numeric"
            hint={`Paling banyak ${MAX_BULK_VOUCHERS} sekali buat.`}
            error={errors.count}
            required
          />
        </div>
        <VoucherTerms errors={errors} />
        <TargetPicker
          value={targets}
          onChange={setTargets}
          error={errors.productIds ?? errors.collectionIds ?? errors.variantIds}
        />
        <CombinesWithSale />
        <DialogButtons confirm="Buat Kode" onCancel={onCancel} {...buttons} />
      </form>
      {bulk.data && <GeneratedCodes codes={bulk.data.codes} prefix={prefix} />}
    </div>
  );
}
