const rupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Integer rupiah to 'Rp 250.000' (id-ID, no decimals). */
export function formatRupiah(amount: number): string {
  return rupiah.format(amount).replace(/\u00a0/g, ' ');
}
