import { formatRupiah, type Voucher, type VoucherKind } from '@gi/contracts';

export const voucherKindLabels: Record<VoucherKind, string> = {
  percent: 'Persen dari belanja',
  fixed: 'Potongan rupiah',
  shipping: 'Potongan ongkos kirim',
};

/** What the code takes off: '25%', 'Rp 25.000', 'Ongkir s.d. Rp 20.000'. */
export function voucherValue({ kind, value }: Pick<Voucher, 'kind' | 'value'>): string {
  if (kind === 'percent') return `${value}%`;
  if (kind === 'shipping') return `Ongkir s.d. ${formatRupiah(value)}`;
  return formatRupiah(value);
}

/** 'Semua produk', or the counts of the lists it is limited to. */
export function voucherTargets(voucher: Pick<Voucher, 'product_ids' | 'collection_ids' | 'variant_ids'>) {
  const parts = [
    [voucher.product_ids.length, 'produk'],
    [voucher.collection_ids.length, 'koleksi'],
    [voucher.variant_ids.length, 'ukuran'],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return named.length > 0 ? named.join(' · ') : 'Semua produk';
}
