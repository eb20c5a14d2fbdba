import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatRating,
  formatRupiah,
  formatTotal,
  shortOrderId,
  wibYear,
} from './format.ts';

it('formats integer rupiah the Indonesian way without decimals, as Intl with id-ID does', () => {
  expect(formatRupiah(250000)).toBe('Rp 250.000');
  expect(formatRupiah(1599000)).toBe('Rp 1.599.000');
  expect(formatRupiah(0)).toBe('Rp 0');
  expect(formatRupiah(-250000)).toBe('-Rp 250.000');
  const intl = new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const byIntl = (amount: number) => intl.format(amount).replace(/\u00a0/g, ' ');
  fc.assert(
    fc.property(fc.oneof(fc.integer({ min: -1e7, max: 1e10 }), fc.maxSafeInteger()), (amount) => {
      expect(formatRupiah(amount)).toBe(byIntl(amount));
    }),
  );
});

it('writes a count as Intl with id-ID does, and a capped one as more than it', () => {
  expect(formatTotal(60)).toBe('60');
  expect(formatTotal(1000, true)).toBe('lebih dari 1.000');
  const intl = new Intl.NumberFormat('id-ID');
  fc.assert(
    fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => {
      expect(formatTotal(n)).toBe(intl.format(n));
    }),
  );
});

it('writes a review average with one decimal as Intl with id-ID does', () => {
  expect(formatRating(4.6)).toBe('4,6');
  expect(formatRating(5)).toBe('5,0');
  const intl = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // Every average the API answers: 1 to 5, rounded to one decimal (services/reviews.ts).
  fc.assert(
    fc.property(fc.integer({ min: 10, max: 50 }), (tenths) => {
      expect(formatRating(tenths / 10)).toBe(intl.format(tenths / 10));
    }),
  );
});

it('formats order dates with day, month, year, hour and minute in id-ID (WIB)', () => {
  expect(formatDateTime('2026-11-21T03:05:00.000Z')).toBe('21 November 2026 pukul 10.05');
  expect(formatDate('2026-11-21T03:05:00.000Z')).toBe('21 November 2026');
  expect(shortOrderId('3f2a9c1e-7b5d-4e11-9a00-1234567890ab')).toBe('3f2a9c1e');
});

it("gives WIB's year, turning at midnight in Jakarta, as Intl with Asia/Jakarta does", () => {
  expect(wibYear(Date.parse('2026-12-31T16:59:59.999Z'))).toBe(2026);
  expect(wibYear(Date.parse('2026-12-31T17:00:00.000Z'))).toBe(2027);
  const jakarta = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Asia/Jakarta' });
  fc.assert(
    fc.property(fc.integer({ min: Date.parse('1970-01-01'), max: Date.parse('2200-01-01') }), (now) => {
      expect(wibYear(now)).toBe(Number(jakarta.format(now)));
    }),
  );
});

it('builds no Intl formatter for a price, a rating or the year, nor any when the module loads', async () => {
  // Building one loads the locale's data: a long task on a cheap phone's first visit (decision 022).
  vi.resetModules();
  const numbers = vi.spyOn(Intl, 'NumberFormat');
  const dates = vi.spyOn(Intl, 'DateTimeFormat');
  try {
    const fresh = await import('./format.ts');
    fresh.formatRupiah(250000);
    fresh.formatRating(4.6);
    fresh.wibYear();
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
  } finally {
    numbers.mockRestore();
    dates.mockRestore();
  }
});
