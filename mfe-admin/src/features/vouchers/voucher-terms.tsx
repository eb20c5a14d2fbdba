import { toWibInput, type VoucherDetail, voucherKinds } from '@gi/contracts';
import { Field } from '@gi/ui';
import { LabelledOptions, SelectField } from '../../shared/list-controls.tsx';
import { numberOf } from '../../shared/typed-number.ts';
import { voucherKindLabels } from './labels.ts';
import type { Targets } from './target-picker.tsx';
import styles from './vouchers.module.css';
import { fromWibInput } from './wib.ts';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** A typed number; blank is `blank` (absent, or null for 'no limit'). */
export const numberOr = <B,>(data: FormData, name: string, blank: B) => {
  const typed = text(data, name);
  return typed === '' ? blank : numberOf(typed);
};

/** The terms a voucher and a batch of bulk codes share, as the schemas read them. */
export function termsOf(data: FormData, targets: Targets) {
  return {
    kind: data.get('kind'),
    value: numberOf(text(data, 'value')),
    minSpend: numberOr(data, 'minSpend', undefined),
    startsAt: fromWibInput(text(data, 'startsAt')),
    endsAt: fromWibInput(text(data, 'endsAt')),
    productIds: targets.products.map((p) => p.id),
    collectionIds: targets.collections.map((c) => c.id),
    variantIds: targets.variants.map((v) => v.id),
    combinesWithSale: data.get('combinesWithSale') === 'on',
  };
}

interface TermsProps {
  voucher?: VoucherDetail | undefined;
  errors: Record<string, string | undefined>;
}

/** Kind, value, minimum spend and the period in WIB: the fields of a voucher and of bulk codes. */
export function VoucherTerms({ voucher, errors }: TermsProps) {
  return (
    <>
      <div className={styles.pair}>
        <SelectField label="Jenis" name="kind" defaultValue={voucher?.kind ?? 'percent'} error={errors.kind}>
          <LabelledOptions values={voucherKinds} labels={voucherKindLabels} />
        </SelectField>
        <Field
          label="Nilai"
          name="value"
          inputMode="numeric"
          defaultValue={voucher?.value}
          hint="Persen: 1–100. Potongan rupiah dan ongkos kirim: dalam rupiah, tanpa titik."
          error={errors.value}
          required
        />
      </div>
      <Field
        label="Belanja Minimum (Rp)"
        name="minSpend"
        inputMode="numeric"
        defaultValue={voucher?.min_spend || ''}
        hint="Subtotal barang sebelum ongkos kirim. Kosongkan bila tanpa minimum."
        error={errors.minSpend}
      />
      <div className={styles.pair}>
        <Field
          label="Mulai (WIB)"
          name="startsAt"
          type="datetime-local"
          defaultValue={voucher?.starts_at ? toWibInput(voucher.starts_at) : ''}
          hint="Kosongkan: berlaku sejak disimpan."
          error={errors.startsAt}
        />
        <Field
          label="Berakhir (WIB)"
          name="endsAt"
          type="datetime-local"
          defaultValue={voucher?.ends_at ? toWibInput(voucher.ends_at) : ''}
          hint="Kosongkan: tanpa batas waktu."
          error={errors.endsAt}
        />
      </div>
    </>
  );
}

/** 'Berlaku juga untuk produk promo' (stored for the timed sales). */
export function CombinesWithSale({ voucher }: { voucher?: VoucherDetail | undefined }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" name="combinesWithSale" defaultChecked={voucher?.combines_with_sale ?? true} />
      Berlaku juga untuk produk yang sedang promo
    </label>
  );
}
