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

const dateTime = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Jakarta',
});
const dateOnly = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});

/** product.md §8: day, month, year, hour and minute in the Indonesian locale (WIB). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** product.md §8: orders are shown by the first 8 characters of their id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** A delivery estimate in working days: '1–2 hari kerja', or '1 hari kerja' when both ends agree. */
export function formatEta(min: number, max: number): string {
  return min === max ? `${min} hari kerja` : `${min}–${max} hari kerja`;
}
