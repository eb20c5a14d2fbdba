import { type VoucherDetail, voucherInputSchema } from '@gi/contracts';
import { Field } from '@gi/ui';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { useSaveForm } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import { useSaveVoucher } from './api.ts';
import { noTargets, TargetPicker, type Targets } from './target-picker.tsx';
import { CombinesWithSale, numberOr, termsOf, VoucherTerms } from './voucher-terms.tsx';
import styles from './vouchers.module.css';

interface VoucherFormProps {
  /** The voucher being edited; none to add one. */
  voucher?: VoucherDetail;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Add or edit a voucher (issue 40, decision 041): every field of the contract, validated with
 * the API's schema. An edit replaces the voucher whole (PUT), so 'Aktif' is always sent.
 */
export function VoucherForm({ voucher, onSaved, onCancel }: VoucherFormProps) {
  const [targets, setTargets] = useState<Targets>(voucher?.targets ?? noTargets);
  const { errors, onSubmit, buttons } = useSaveForm({
    schema: voucherInputSchema,
    save: useSaveVoucher(),
    id: voucher?.id,
    onSaved,
    input: (data) => ({
      code: data.get('code'),
      ...termsOf(data, targets),
      usageLimit: numberOr(data, 'usageLimit', null),
      perCustomerLimit: numberOr(data, 'perCustomerLimit', null),
      active: data.get('active') === 'on',
    }),
    saved: { title: voucher ? 'Voucher berhasil diperbarui' : 'Voucher berhasil dibuat' },
    failed: voucher ? 'Gagal memperbarui voucher' : 'Gagal membuat voucher',
  });
  const targetError = errors.productIds ?? errors.collectionIds ?? errors.variantIds;

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field
        label="Kode Voucher"
        name="code"
        defaultValue={voucher?.code}
        autoCapitalize="characters"
        hint="3–32 huruf, angka atau tanda hubung; disimpan dengan huruf besar."
        error={errors.code}
        required
      />
      <VoucherTerms voucher={voucher} errors={errors} />
      <div className={styles.pair}>
        <Field
          label="Batas Pemakaian Total"
          name="usageLimit"
          inputMode="numeric"
          defaultValue={voucher?.usage_limit ?? ''}
          hint="Jumlah pesanan yang boleh memakai kode ini. Kosongkan: tanpa batas."
          error={errors.usageLimit}
        />
        <Field
          label="Batas per Pelanggan"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={voucher?.per_customer_limit ?? ''}
          hint="Kosongkan: tanpa batas."
          error={errors.perCustomerLimit}
        />
      </div>
      <TargetPicker value={targets} onChange={setTargets} error={targetError} />
      <CombinesWithSale voucher={voucher} />
      <label className={styles.check}>
        <input type="checkbox" name="active" defaultChecked={voucher?.active ?? true} />
        Aktif (kode bisa dipakai saat checkout)
      </label>
      <DialogButtons
        confirm={voucher ? 'Perbarui Voucher' : 'Simpan Voucher'}
        onCancel={onCancel}
        {...buttons}
      />
    </form>
  );
}
