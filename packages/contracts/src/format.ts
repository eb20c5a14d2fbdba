// Each formatter is built on its first use, not when the module loads: building one loads
// the locale's (and the time zone's) data, which a cheap phone pays for in the first visit's
// script evaluation even on a page that shows no date.
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/**
 * Integer rupiah to 'Rp 250.000': what `Intl.NumberFormat('id-ID')` writes for IDR without
 * decimals (format.test.ts holds the two equal), written by hand because building that
 * formatter loads the locale's data, a ~50 ms task at 4× CPU slowdown in the hydration of
 * every page with a price (decision 022).
 */
export function formatRupiah(amount: number): string {
  return `${amount < 0 ? '-' : ''}Rp ${groupDigits(Math.abs(amount))}`;
}

/** A whole count as id-ID writes it, '1.000' (written by hand, as formatRupiah). */
const groupDigits = (n: number) => n.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * How many a list holds, as the storefront and the admin write it: '60', '1.000', or 'lebih
 * dari 1.000' when more match than the list ranks (a capped product search, decision 019).
 */
export function formatTotal(total: number, capped = false): string {
  return `${capped ? 'lebih dari ' : ''}${groupDigits(total)}`;
}

/**
 * A review average (1–5, one decimal) as id-ID writes it with one fraction digit, '4,6' or '5,0'
 * (written by hand, as formatRupiah: every card with a rating shows one).
 */
export function formatRating(average: number): string {
  return average.toFixed(1).replace('.', ',');
}

const dateTime = once(
  () =>
    new Intl.DateTimeFormat('id-ID', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Jakarta',
    }),
);
const dateOnly = once(
  () =>
    new Intl.DateTimeFormat('id-ID', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Jakarta',
    }),
);

/** product.md §8: day, month, year, hour and minute in the Indonesian locale (WIB). */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly().format(new Date(iso));
}

// WIB is UTC+7 all year: Indonesia keeps no daylight saving time.
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * The current year in WIB, by arithmetic: the footer draws it on every page, and an
 * Intl formatter with a time zone there cost the hydration of every first visit a long
 * task at 4× CPU slowdown (the time zone's data loading, bench/long-tasks.mjs).
 */
export function wibYear(now: number = Date.now()): number {
  return new Date(now + WIB_OFFSET_MS).getUTCFullYear();
}

/** A moment as WIB's calendar day and clock, '2026-03-01 17:00:00': what a spreadsheet reads as one. */
export function wibTimestamp(at: number): string {
  return new Date(at + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The WIB calendar day of a moment, 'YYYY-MM-DD'. */
export const wibDay = (now: number = Date.now()): string => wibTimestamp(now).slice(0, 10);

/** product.md §8: orders are shown by the first 8 characters of their id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** A delivery estimate in working days: '1–2 hari kerja', or '1 hari kerja' when both ends agree. */
export function formatEta(min: number, max: number): string {
  return min === max ? `${min} hari kerja` : `${min}–${max} hari kerja`;
}
